"""Operations / Convolution, the conv2d family: conv1d, conv2d, conv2d_transpose,
depthwise_conv2d, separable_conv2d."""

from __future__ import annotations

import math

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r


def t(shape: list[int]) -> tf.Tensor:
    """Quarters: every product and sum is exact in float32, whatever the order."""
    return tf.tensor([((v * 7) % 11) / 4 - 1.25 for v in r(math.prod(shape))], shape)


def thirds(shape: list[int]) -> tf.Tensor:
    """Not exact in float32, so a sum rounds (positive, so no cancellation)."""
    return tf.tensor([((v * 5) % 7 + 1) / 3 for v in r(math.prod(shape))], shape)


def seq(shape: list[int]) -> tf.Tensor:
    return tf.tensor([v + 1 for v in r(math.prod(shape))], shape)


def special() -> tf.Tensor:
    return tf.tensor4d([1, nan, 3, inf, -inf, 6, -0.0, 8, 9], [1, 3, 3, 1])


def inf_filter() -> tf.Tensor:
    return tf.tensor4d([1, inf, -inf, 2], [2, 2, 1, 1])


CASES = {
    # conv2d
    "conv2d/valid_basic": lambda: tf.conv2d(seq([1, 3, 3, 1]), tf.ones([2, 2, 1, 1]), 1, "valid"),
    "conv2d/valid_channels": lambda: tf.conv2d(t([2, 4, 5, 3]), t([3, 2, 3, 4]), 1, "valid"),
    "conv2d/rounding_accumulation": lambda: tf.conv2d(thirds([1, 5, 5, 4]), thirds([3, 3, 4, 3]), 1, "same"),
    "conv2d/rounding_accumulation_nchw_1x1": lambda: tf.conv2d(
        thirds([1, 8, 3, 3]), thirds([1, 1, 8, 2]), 1, "valid", "NCHW"
    ),
    # a partial sum past float32's range stays infinite in TF.js's Float32Array (the sum
    # in a double would come back to 3e38); the second has 72 terms a sum, past the size
    # where the per-term sum is the default: its values' size alone picks it
    "conv2d/partial_sum_overflow": lambda: tf.conv2d(
        tf.tensor4d([3e38, 3e38, -3e38], [1, 1, 3, 1]), tf.ones([1, 3, 1, 1]), 1, "valid"
    ),
    "conv2d/partial_sum_overflow_many_terms": lambda: tf.conv2d(
        tf.mul(thirds([1, 3, 3, 8]), 1e38), t([3, 3, 8, 2]), 1, "same"
    ),
    "conv2d/same_stride2": lambda: tf.conv2d(t([1, 5, 5, 2]), t([3, 3, 2, 3]), 2, "same"),
    "conv2d/same_uneven_split": lambda: tf.conv2d(seq([1, 4, 6, 1]), t([2, 2, 1, 2]), [2, 3], "same"),
    "conv2d/same_even_filter": lambda: tf.conv2d(seq([1, 4, 4, 1]), t([4, 2, 1, 1]), 1, "same"),
    "conv2d/stride_larger_than_filter": lambda: tf.conv2d(seq([1, 7, 7, 1]), t([2, 2, 1, 1]), 3, "valid"),
    "conv2d/dilations": lambda: tf.conv2d(seq([1, 6, 6, 1]), t([2, 2, 1, 2]), 1, "valid", "NHWC", 2),
    "conv2d/dilations_same_uneven": lambda: tf.conv2d(
        seq([1, 5, 6, 2]), t([2, 3, 2, 1]), 1, "same", "NHWC", [2, 1]
    ),
    "conv2d/nchw_same": lambda: tf.conv2d(t([1, 2, 4, 4]), t([3, 3, 2, 2]), 1, "same", "NCHW"),
    "conv2d/nchw_stride_dilation": lambda: tf.conv2d(t([2, 2, 5, 5]), t([2, 2, 2, 3]), 1, "valid", "NCHW", 2),
    "conv2d/explicit_nhwc": lambda: tf.conv2d(
        seq([1, 3, 4, 1]), t([2, 2, 1, 2]), 1, [[0, 0], [1, 2], [0, 1], [0, 0]]
    ),
    "conv2d/explicit_nchw": lambda: tf.conv2d(
        t([1, 2, 3, 3]), t([2, 2, 2, 1]), [2, 1], [[0, 0], [0, 0], [2, 1], [1, 0]], "NCHW"
    ),
    "conv2d/explicit_zero": lambda: tf.conv2d(
        seq([1, 3, 3, 1]), t([2, 2, 1, 1]), 1, [[0, 0], [0, 0], [0, 0], [0, 0]]
    ),
    "conv2d/numeric_pad": lambda: tf.conv2d(seq([1, 4, 4, 1]), t([3, 3, 1, 1]), 1, 1),
    # a numeric pad sizes both dimensions with the filter's height and the height's stride
    # (TF.js's computeOutputShape2D)
    "conv2d/numeric_pad_non_square": lambda: tf.conv2d(seq([1, 5, 7, 1]), t([1, 3, 1, 1]), [1, 2], 1),
    "conv2d/numeric_pad_truncates": lambda: tf.conv2d(seq([1, 6, 6, 1]), t([3, 3, 1, 1]), 2, 1),
    "conv2d/rounding_floor": lambda: tf.conv2d(seq([1, 6, 6, 1]), t([3, 3, 1, 1]), 2, 1, "NHWC", 1, "floor"),
    "conv2d/rounding_round": lambda: tf.conv2d(seq([1, 6, 6, 1]), t([3, 3, 1, 1]), 2, 1, "NHWC", 1, "round"),
    "conv2d/rounding_ceil": lambda: tf.conv2d(seq([1, 6, 6, 1]), t([3, 3, 1, 1]), 2, 1, "NHWC", 1, "ceil"),
    "conv2d/rounding_explicit_ceil": lambda: tf.conv2d(
        seq([1, 6, 6, 1]), t([3, 3, 1, 1]), 2, [[0, 0], [0, 0], [1, 0], [0, 0]], "NHWC", 1, "ceil"
    ),
    "conv2d/rounding_explicit_floor": lambda: tf.conv2d(
        seq([1, 6, 6, 1]), t([3, 3, 1, 1]), 2, [[0, 0], [0, 0], [1, 0], [0, 0]], "NHWC", 1, "floor"
    ),
    "conv2d/rank3": lambda: tf.conv2d(t([4, 4, 2]), t([2, 2, 2, 3]), 1, "same"),
    "conv2d/one_by_one": lambda: tf.conv2d(t([2, 3, 3, 4]), t([1, 1, 4, 2]), 1, "valid"),
    "conv2d/one_by_one_stride": lambda: tf.conv2d(t([1, 5, 5, 2]), t([1, 1, 2, 2]), 2, "same"),
    "conv2d/special_values": lambda: tf.conv2d(special(), tf.ones([2, 2, 1, 1]), 1, "valid"),
    "conv2d/inf_filter_same_padding": lambda: tf.conv2d(seq([1, 3, 3, 1]), inf_filter(), 1, "same"),
    "conv2d/inf_filter_explicit_padding": lambda: tf.conv2d(
        seq([1, 2, 2, 1]), inf_filter(), 1, [[0, 0], [1, 1], [1, 1], [0, 0]]
    ),
    "conv2d/negative_zero": lambda: tf.conv2d(
        tf.tensor4d([-0.0, -0.0, -0.0, -0.0], [1, 2, 2, 1]), tf.ones([2, 2, 1, 1]), 1, "same"
    ),
    "conv2d/overflow": lambda: tf.conv2d(
        tf.tensor4d([1e30, 3e38, -1e30, 1], [1, 2, 2, 1]),
        tf.tensor4d([1e10, 2, 1e10, 1], [2, 2, 1, 1]),
        1,
        "same",
    ),
    "conv2d/underflow": lambda: tf.conv2d(
        tf.tensor4d([1e-30, 1e-20], [1, 1, 2, 1]), tf.tensor4d([1e-30, 1e-25], [1, 2, 1, 1]), 1, "valid"
    ),
    "conv2d/empty_batch": lambda: tf.conv2d(tf.zeros([0, 3, 3, 1]), tf.ones([2, 2, 1, 2]), 1, "valid"),
    "conv2d/empty_in_channels": lambda: tf.conv2d(tf.zeros([1, 3, 3, 0]), tf.ones([2, 2, 0, 2]), 1, "same"),
    "conv2d/empty_out_channels": lambda: tf.conv2d(tf.ones([1, 3, 3, 1]), tf.ones([2, 2, 1, 0]), 1, "valid"),
    "conv2d/empty_height_same": lambda: tf.conv2d(tf.zeros([1, 0, 3, 1]), tf.ones([2, 2, 1, 1]), 1, "same"),
    "conv2d/nested_arrays": lambda: tf.conv2d([[[[1], [2]], [[3], [4]]]], [[[[2]]], [[[-1]]]], 1, "valid"),
    "conv2d/error_rank2": lambda: tf.conv2d(tf.zeros([3, 3]), tf.ones([1, 1, 1, 1]), 1, "valid"),
    "conv2d/error_rank5": lambda: tf.conv2d(tf.zeros([1, 1, 3, 3, 1]), tf.ones([1, 1, 1, 1]), 1, "valid"),
    "conv2d/error_filter_rank": lambda: tf.conv2d(tf.zeros([1, 3, 3, 1]), tf.ones([1, 1, 1]), 1, "valid"),
    "conv2d/error_depth_mismatch": lambda: tf.conv2d(
        tf.zeros([1, 3, 3, 2]), tf.ones([1, 1, 3, 1]), 1, "valid"
    ),
    "conv2d/error_depth_mismatch_nchw": lambda: tf.conv2d(
        tf.zeros([1, 2, 3, 3]), tf.ones([1, 1, 3, 1]), 1, "valid", "NCHW"
    ),
    "conv2d/error_strides_and_dilations": lambda: tf.conv2d(
        tf.zeros([1, 5, 5, 1]), tf.ones([2, 2, 1, 1]), [2, 2], "valid", "NHWC", 2
    ),
    "conv2d/error_zero_dilation": lambda: tf.conv2d(
        tf.zeros([1, 5, 5, 1]), tf.ones([2, 2, 1, 1]), 1, "valid", "NHWC", [0, 1]
    ),
    "conv2d/error_zero_stride": lambda: tf.conv2d(
        tf.zeros([1, 5, 5, 1]), tf.ones([2, 2, 1, 1]), [1, 0], "valid"
    ),
    "conv2d/error_rounding_with_same": lambda: tf.conv2d(
        tf.zeros([1, 5, 5, 1]), tf.ones([2, 2, 1, 1]), 1, "same", "NHWC", 1, "ceil"
    ),
    "conv2d/error_rounding_fractional_pad": lambda: tf.conv2d(
        tf.zeros([1, 5, 5, 1]), tf.ones([2, 2, 1, 1]), 1, 1.5, "NHWC", 1, "round"
    ),
    "conv2d/error_rounding_fractional_explicit": lambda: tf.conv2d(
        tf.zeros([1, 5, 5, 1]),
        tf.ones([2, 2, 1, 1]),
        1,
        [[0, 0], [0.5, 0], [0, 0], [0, 0]],
        "NHWC",
        1,
        "floor",
    ),
    "conv2d/error_int32_x": lambda: tf.conv2d(
        i32([1, 2, 3, 4], [1, 2, 2, 1]), tf.ones([1, 1, 1, 1]), 1, "valid"
    ),
    "conv2d/error_bool_filter": lambda: tf.conv2d(
        tf.ones([1, 2, 2, 1]), tf.tensor([True], [1, 1, 1, 1], "bool"), 1, "valid"
    ),
    # conv1d
    "conv1d/basic": lambda: tf.conv1d(seq([1, 4, 1]), tf.tensor3d([1, -1], [2, 1, 1]), 1, "valid"),
    "conv1d/channels_stride_same": lambda: tf.conv1d(t([2, 7, 3]), t([3, 3, 2]), 2, "same"),
    "conv1d/dilation": lambda: tf.conv1d(t([1, 8, 2]), t([3, 2, 2]), 1, "valid", "NWC", 2),
    "conv1d/rank2": lambda: tf.conv1d(t([5, 2]), t([2, 2, 1]), 1, "same"),
    "conv1d/explicit_pad": lambda: tf.conv1d(
        seq([1, 4, 1]), t([2, 1, 2]), 1, [[0, 0], [0, 0], [2, 1], [0, 0]]
    ),
    "conv1d/numeric_pad_rounding": lambda: tf.conv1d(seq([1, 6, 1]), t([3, 1, 1]), 2, 1, "NWC", 1, "ceil"),
    "conv1d/int_arrays": lambda: tf.conv1d([[[1], [2], [3]]], [[[1]], [[2]]], 1, "valid"),
    "conv1d/empty_batch": lambda: tf.conv1d(tf.zeros([0, 4, 2]), tf.ones([2, 2, 3]), 1, "valid"),
    "conv1d/error_rank": lambda: tf.conv1d(tf.zeros([1, 1, 4, 1]), tf.ones([2, 1, 1]), 1, "valid"),
    "conv1d/error_filter_rank": lambda: tf.conv1d(tf.zeros([1, 4, 1]), tf.ones([2, 1, 1, 1]), 1, "valid"),
    "conv1d/error_depth_mismatch": lambda: tf.conv1d(tf.zeros([1, 4, 2]), tf.ones([2, 1, 1]), 1, "valid"),
    "conv1d/error_stride_and_dilation": lambda: tf.conv1d(
        tf.zeros([1, 8, 1]), tf.ones([2, 1, 1]), 2, "valid", "NWC", 2
    ),
    "conv1d/error_zero_stride": lambda: tf.conv1d(tf.zeros([1, 8, 1]), tf.ones([2, 1, 1]), 0, "valid"),
    "conv1d/error_ncw": lambda: tf.conv1d(tf.zeros([1, 8, 1]), tf.ones([2, 1, 1]), 1, "valid", "NCW"),
    "conv1d/error_int32": lambda: tf.conv1d(i32([1, 2, 3], [1, 3, 1]), tf.ones([2, 1, 1]), 1, "valid"),
    # conv2dTranspose
    "conv2d_transpose/valid_basic": lambda: tf.conv2d_transpose(
        seq([1, 2, 2, 1]), tf.ones([2, 2, 1, 1]), [1, 3, 3, 1], 1, "valid"
    ),
    "conv2d_transpose/same_stride2": lambda: tf.conv2d_transpose(
        t([1, 3, 3, 2]), t([3, 3, 4, 2]), [1, 5, 5, 4], 2, "same"
    ),
    "conv2d_transpose/rounding": lambda: tf.conv2d_transpose(
        thirds([1, 3, 3, 4]), thirds([3, 3, 2, 4]), [1, 6, 6, 2], 2, "same"
    ),
    "conv2d_transpose/same_stride2_even": lambda: tf.conv2d_transpose(
        t([2, 2, 3, 1]), t([3, 2, 2, 1]), [2, 4, 6, 2], 2, "same"
    ),
    "conv2d_transpose/valid_stride_uneven": lambda: tf.conv2d_transpose(
        t([1, 2, 3, 2]), t([2, 3, 1, 2]), [1, 5, 7, 1], [3, 2], "valid"
    ),
    "conv2d_transpose/rank3": lambda: tf.conv2d_transpose(
        t([3, 3, 2]), t([2, 2, 1, 2]), [4, 4, 1], 1, "valid"
    ),
    "conv2d_transpose/explicit_pad": lambda: tf.conv2d_transpose(
        t([1, 3, 2, 1]), t([2, 2, 2, 1]), [1, 3, 3, 2], 1, [[0, 0], [1, 0], [0, 0], [0, 0]]
    ),
    "conv2d_transpose/dy_wider_than_output": lambda: tf.conv2d_transpose(
        t([1, 3, 4, 1]), t([2, 2, 2, 1]), [1, 3, 3, 2], 1, [[0, 0], [1, 0], [0, 0], [0, 0]]
    ),
    "conv2d_transpose/numeric_pad_rounding": lambda: tf.conv2d_transpose(
        t([1, 4, 4, 1]), t([3, 3, 1, 1]), [1, 6, 6, 1], 2, 1, "ceil"
    ),
    "conv2d_transpose/int32_input": lambda: tf.conv2d_transpose(
        i32([1, 2, 3, 4], [1, 2, 2, 1]), tf.ones([2, 2, 1, 1]), [1, 3, 3, 1], 1, "valid"
    ),
    "conv2d_transpose/special_values": lambda: tf.conv2d_transpose(
        tf.tensor4d([nan, 1, inf, -0.0], [1, 2, 2, 1]),
        tf.tensor4d([1, 2, 3, -0.0], [2, 2, 1, 1]),
        [1, 3, 3, 1],
        1,
        "valid",
    ),
    "conv2d_transpose/empty_batch": lambda: tf.conv2d_transpose(
        tf.zeros([0, 2, 2, 1]), tf.ones([2, 2, 3, 1]), [0, 3, 3, 3], 1, "valid"
    ),
    "conv2d_transpose/error_shape_length": lambda: tf.conv2d_transpose(
        tf.zeros([1, 2, 2, 1]), tf.ones([2, 2, 1, 1]), [3, 3, 1], 1, "valid"
    ),
    "conv2d_transpose/error_rank2": lambda: tf.conv2d_transpose(
        tf.zeros([2, 2]), tf.ones([2, 2, 1, 1]), [3, 3], 1, "valid"
    ),
    "conv2d_transpose/error_filter_rank": lambda: tf.conv2d_transpose(
        tf.zeros([1, 2, 2, 1]), tf.ones([2, 2, 1]), [1, 3, 3, 1], 1, "valid"
    ),
    "conv2d_transpose/error_in_depth": lambda: tf.conv2d_transpose(
        tf.zeros([1, 2, 2, 1]), tf.ones([2, 2, 2, 1]), [1, 3, 3, 3], 1, "valid"
    ),
    "conv2d_transpose/error_out_depth": lambda: tf.conv2d_transpose(
        tf.zeros([1, 2, 2, 2]), tf.ones([2, 2, 1, 3]), [1, 3, 3, 1], 1, "valid"
    ),
    "conv2d_transpose/error_rounding_with_valid": lambda: tf.conv2d_transpose(
        tf.zeros([1, 2, 2, 1]), tf.ones([2, 2, 1, 1]), [1, 3, 3, 1], 1, "valid", "floor"
    ),
    # depthwiseConv2d
    "depthwise_conv2d/valid_basic": lambda: tf.depthwise_conv2d(
        seq([1, 3, 3, 2]), t([2, 2, 2, 1]), 1, "valid"
    ),
    "depthwise_conv2d/same_multiplier": lambda: tf.depthwise_conv2d(
        t([2, 4, 5, 3]), t([3, 3, 3, 2]), 1, "same"
    ),
    "depthwise_conv2d/stride2_same": lambda: tf.depthwise_conv2d(t([1, 5, 6, 2]), t([3, 2, 2, 2]), 2, "same"),
    "depthwise_conv2d/stride_uneven_valid": lambda: tf.depthwise_conv2d(
        t([1, 6, 5, 1]), t([2, 2, 1, 3]), [3, 2], "valid"
    ),
    "depthwise_conv2d/dilations": lambda: tf.depthwise_conv2d(
        t([1, 6, 6, 2]), t([2, 2, 2, 1]), 1, "same", "NHWC", [2, 3]
    ),
    "depthwise_conv2d/rank3": lambda: tf.depthwise_conv2d(t([4, 4, 2]), t([2, 2, 2, 2]), 1, "valid"),
    "depthwise_conv2d/explicit_pad": lambda: tf.depthwise_conv2d(
        t([1, 3, 3, 2]), t([2, 2, 2, 1]), 1, [[0, 0], [2, 0], [1, 1], [0, 0]]
    ),
    "depthwise_conv2d/numeric_pad_rounding": lambda: tf.depthwise_conv2d(
        t([1, 6, 6, 1]), t([3, 3, 1, 1]), 2, 1, "NHWC", 1, "round"
    ),
    "depthwise_conv2d/long_sum": lambda: tf.depthwise_conv2d(t([1, 7, 7, 2]), t([5, 5, 2, 1]), 1, "valid"),
    "depthwise_conv2d/rounding_each_tap": lambda: tf.depthwise_conv2d(
        thirds([1, 7, 7, 2]), thirds([5, 5, 2, 2]), 1, "same"
    ),
    "depthwise_conv2d/special_values": lambda: tf.depthwise_conv2d(
        special(), tf.ones([2, 2, 1, 1]), 1, "valid"
    ),
    "depthwise_conv2d/inf_filter_same": lambda: tf.depthwise_conv2d(
        seq([1, 3, 3, 1]), inf_filter(), 1, "same"
    ),
    "depthwise_conv2d/negative_zero": lambda: tf.depthwise_conv2d(
        tf.tensor4d([-0.0, -0.0, -0.0, -0.0], [1, 2, 2, 1]), tf.ones([1, 1, 1, 1]), 1, "valid"
    ),
    "depthwise_conv2d/empty_batch": lambda: tf.depthwise_conv2d(
        tf.zeros([0, 3, 3, 2]), tf.ones([2, 2, 2, 2]), 1, "valid"
    ),
    "depthwise_conv2d/empty_multiplier": lambda: tf.depthwise_conv2d(
        tf.ones([1, 3, 3, 2]), tf.ones([2, 2, 2, 0]), 1, "valid"
    ),
    "depthwise_conv2d/nchw": lambda: tf.depthwise_conv2d(
        t([1, 2, 3, 2]), t([2, 2, 2, 1]), 1, "valid", "NCHW"
    ),
    "depthwise_conv2d/error_rank": lambda: tf.depthwise_conv2d(
        tf.zeros([3, 3]), tf.ones([1, 1, 1, 1]), 1, "valid"
    ),
    "depthwise_conv2d/error_filter_rank": lambda: tf.depthwise_conv2d(
        tf.zeros([1, 3, 3, 1]), tf.ones([1, 1, 1]), 1, "valid"
    ),
    "depthwise_conv2d/error_channels": lambda: tf.depthwise_conv2d(
        tf.zeros([1, 3, 3, 2]), tf.ones([1, 1, 3, 1]), 1, "valid"
    ),
    "depthwise_conv2d/error_strides_and_dilations": lambda: tf.depthwise_conv2d(
        tf.zeros([1, 5, 5, 1]), tf.ones([2, 2, 1, 1]), [2, 2], "valid", "NHWC", 2
    ),
    "depthwise_conv2d/error_rounding_with_same": lambda: tf.depthwise_conv2d(
        tf.zeros([1, 5, 5, 1]), tf.ones([2, 2, 1, 1]), 1, "same", "NHWC", 1, "round"
    ),
    # separableConv2d
    "separable_conv2d/valid": lambda: tf.separable_conv2d(
        t([1, 5, 5, 2]), t([3, 3, 2, 2]), t([1, 1, 4, 3]), 1, "valid"
    ),
    "separable_conv2d/rounding": lambda: tf.separable_conv2d(
        thirds([1, 5, 5, 2]), thirds([3, 3, 2, 2]), thirds([1, 1, 4, 3]), 1, "same"
    ),
    "separable_conv2d/same_stride2": lambda: tf.separable_conv2d(
        t([2, 4, 5, 1]), t([2, 2, 1, 3]), t([1, 1, 3, 2]), 2, "same"
    ),
    "separable_conv2d/dilation": lambda: tf.separable_conv2d(
        t([1, 6, 6, 2]), t([2, 2, 2, 1]), t([1, 1, 2, 2]), 1, "valid", 2
    ),
    "separable_conv2d/rank3": lambda: tf.separable_conv2d(
        t([4, 4, 2]), t([2, 2, 2, 1]), t([1, 1, 2, 1]), 1, "same"
    ),
    "separable_conv2d/error_nchw": lambda: tf.separable_conv2d(
        tf.zeros([1, 2, 4, 4]), tf.ones([2, 2, 2, 1]), tf.ones([1, 1, 2, 1]), 1, "valid", 1, "NCHW"
    ),
    "separable_conv2d/error_rank": lambda: tf.separable_conv2d(
        tf.zeros([4, 4]), tf.ones([2, 2, 2, 1]), tf.ones([1, 1, 2, 1]), 1, "valid"
    ),
    "separable_conv2d/error_depthwise_rank": lambda: tf.separable_conv2d(
        tf.zeros([1, 4, 4, 2]), tf.ones([2, 2, 2]), tf.ones([1, 1, 2, 1]), 1, "valid"
    ),
    "separable_conv2d/error_pointwise_first": lambda: tf.separable_conv2d(
        tf.zeros([1, 4, 4, 2]), tf.ones([2, 2, 2, 1]), tf.ones([2, 1, 2, 1]), 1, "valid"
    ),
    "separable_conv2d/error_pointwise_second": lambda: tf.separable_conv2d(
        tf.zeros([1, 4, 4, 2]), tf.ones([2, 2, 2, 1]), tf.ones([1, 3, 2, 1]), 1, "valid"
    ),
    "separable_conv2d/error_pointwise_third": lambda: tf.separable_conv2d(
        tf.zeros([1, 4, 4, 2]), tf.ones([2, 2, 2, 2]), tf.ones([1, 1, 2, 1]), 1, "valid"
    ),
    "separable_conv2d/error_channels": lambda: tf.separable_conv2d(
        tf.zeros([1, 4, 4, 3]), tf.ones([2, 2, 2, 1]), tf.ones([1, 1, 2, 1]), 1, "valid"
    ),
}

# TF.js's Conv2D adds each product into a Float32Array (a rounding per term); so does this
# project's on problems this small (larger ones sum in float64 through BLAS and round
# once, which may differ in the last bit). Depthwise convolutions round per tap as TF.js
# does, and Conv2DBackpropInput sums in a double as TF.js does: every case is bit for bit.
KNOWN_DIFFERENCES = {
    # TF.js reads a dy (x) larger than what a conv2d of output_shape gives by its leading
    # rows and columns (and a smaller one out of bounds); this project raises a ValueError
    # naming both shapes.
    "conv2d_transpose/dy_wider_than_output",
    # TF.js's cpu DepthwiseConv2dNative ignores dataFormat and reads an NCHW tensor as if it
    # were NHWC (here a [1, 2, 3, 2] input gives a [1, 1, 2, 2] result of mixed-up pixels);
    # this project convolves the NCHW tensor's channels and returns [1, 2, 2, 2].
    "depthwise_conv2d/nchw",
}
