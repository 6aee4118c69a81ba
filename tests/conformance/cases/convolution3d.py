"""Operations / Convolution: conv3d, conv3d_transpose, dilation2d."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r


def vals(n: int, a: int, b: int, d: float) -> list[float]:
    """n values ((i * a) % b - (b - 1) / 2) / d: small, signed, not all exact in binary."""
    return [((i * a) % b - (b - 1) / 2) / d for i in r(n)]


def ints(n: int, a: int, b: int) -> list[int]:
    return [(i * a) % b - (b >> 1) for i in r(n)]


def i5(values: list, shape: list[int]) -> tf.Tensor:
    return i32(values, shape)


def x6() -> tf.Tensor:
    return tf.tensor5d([1, 2, 3, 4, 5, 6], [1, 6, 1, 1, 1])


def one5() -> tf.Tensor:
    return tf.ones([1, 1, 1, 1, 1])


CASES = {
    # conv3d
    "conv3d/valid": lambda: tf.conv3d(
        tf.tensor5d(vals(96, 7, 11, 4), [1, 3, 4, 4, 2]),
        tf.tensor5d(vals(48, 5, 13, 8), [2, 2, 2, 2, 3]),
        1,
        "valid",
    ),
    "conv3d/valid_sevenths": lambda: tf.conv3d(
        tf.tensor5d(vals(96, 7, 11, 7), [1, 3, 4, 4, 2]),
        tf.tensor5d(vals(48, 5, 13, 3), [2, 2, 2, 2, 3]),
        1,
        "valid",
    ),
    "conv3d/same_strides": lambda: tf.conv3d(
        tf.tensor5d(vals(240, 3, 17, 4), [2, 5, 4, 3, 2]),
        tf.tensor5d(vals(48, 11, 7, 2), [3, 2, 2, 2, 2]),
        [2, 2, 1],
        "same",
    ),
    "conv3d/same_stride_number": lambda: tf.conv3d(
        tf.tensor5d(vals(64, 5, 9, 2), [1, 4, 4, 4, 1]),
        tf.tensor5d(vals(27, 2, 5, 1), [3, 3, 3, 1, 1]),
        2,
        "same",
    ),
    # TF.js does not clamp the 3-D 'same' split at 0: a negative front pad shifts the window
    "conv3d/same_negative_pad": lambda: tf.conv3d(x6(), one5(), [4, 1, 1], "same"),
    "conv3d/same_negative_pad_3d": lambda: tf.conv3d(
        tf.tensor5d(list(r(210)), [1, 5, 6, 7, 1]), tf.tensor5d([1, 10], [1, 2, 1, 1, 1]), 3, "same"
    ),
    "conv3d/dilations": lambda: tf.conv3d(
        tf.tensor5d(vals(125, 3, 10, 2), [1, 5, 5, 5, 1]),
        tf.tensor5d(vals(16, 3, 7, 2), [2, 2, 2, 1, 2]),
        1,
        "same",
        "NDHWC",
        [2, 1, 2],
    ),
    "conv3d/dilation_number_valid": lambda: tf.conv3d(
        tf.tensor5d(vals(125, 3, 10, 2), [1, 5, 5, 5, 1]),
        tf.tensor5d(vals(8, 3, 7, 2), [2, 2, 2, 1, 1]),
        1,
        "valid",
        "NDHWC",
        2,
    ),
    "conv3d/rank4": lambda: tf.conv3d(
        tf.tensor4d(vals(54, 5, 9, 4), [3, 3, 3, 2]),
        tf.tensor5d(vals(16, 3, 5, 2), [2, 2, 2, 2, 1]),
        1,
        "valid",
    ),
    "conv3d/numeric_pad": lambda: tf.conv3d(
        tf.tensor5d(list(r(8)), [1, 2, 2, 2, 1]), tf.tensor5d(vals(8, 3, 5, 1), [2, 2, 2, 1, 1]), 1, 1
    ),
    "conv3d/pad_zero": lambda: tf.conv3d(
        tf.tensor5d(list(r(8)), [1, 2, 2, 2, 1]), tf.tensor5d(vals(8, 3, 5, 1), [2, 2, 2, 1, 1]), 1, 0
    ),
    "conv3d/int32": lambda: tf.conv3d(
        i5(ints(27, 5, 13), [1, 3, 3, 3, 1]), i5(ints(16, 3, 7), [2, 2, 2, 1, 2]), 1, "same"
    ),
    "conv3d/int32_float_filter_truncates": lambda: tf.conv3d(
        i5([1, 1, 3, -5, 7, 2, -2, 9], [1, 2, 2, 2, 1]),
        tf.tensor5d(vals(8, 3, 5, 4), [2, 2, 2, 1, 1]),
        1,
        "valid",
    ),
    "conv3d/int32_wraps": lambda: tf.conv3d(
        i5([2147483647, 1], [1, 2, 1, 1, 1]), i5([1, 1], [2, 1, 1, 1, 1]), 1, "valid"
    ),
    "conv3d/int32_limits": lambda: tf.conv3d(
        i5([2147483647, -2147483648], [1, 2, 1, 1, 1]),
        i5([2147483647, 1, 3, -1], [2, 1, 1, 1, 2]),
        1,
        "valid",
    ),
    "conv3d/int32_x_float32_filter": lambda: tf.conv3d(
        i5([1, 2, 3], [1, 3, 1, 1, 1]), tf.tensor5d([0.25, 0.5], [2, 1, 1, 1, 1]), 1, "same"
    ),
    "conv3d/float32_x_int32_filter": lambda: tf.conv3d(
        tf.tensor5d([0.5, -1.5, 2.25], [1, 3, 1, 1, 1]), i5([3, -2], [2, 1, 1, 1, 1]), 1, "same"
    ),
    "conv3d/nan_inf": lambda: tf.conv3d(
        tf.tensor5d([nan, 1, inf, 2, -inf, 0], [1, 6, 1, 1, 1]),
        tf.tensor5d([1, 0, -1, 2, 0.5, -inf], [3, 1, 1, 1, 2]),
        1,
        "same",
    ),
    # TF.js skips taps in the padding, so an infinite weight never meets a padded zero
    "conv3d/inf_weight_at_padding": lambda: tf.conv3d(
        tf.tensor5d([1, 2, 3], [1, 3, 1, 1, 1]), tf.tensor5d([inf, 1, 1], [3, 1, 1, 1, 1]), 1, "same"
    ),
    "conv3d/overflow": lambda: tf.conv3d(
        tf.tensor5d([3e38, 3e38, 1e38], [1, 3, 1, 1, 1]), tf.tensor5d([2, -1], [2, 1, 1, 1, 1]), 1, "valid"
    ),
    "conv3d/negative_zero": lambda: tf.conv3d(
        tf.tensor5d([-0.0, -0.0, 0], [1, 3, 1, 1, 1]), tf.tensor5d([1, 1, -1, 1], [2, 1, 1, 1, 2]), 1, "valid"
    ),
    "conv3d/large_and_small": lambda: tf.conv3d(
        tf.tensor5d([1e30, 1e-30, 1e20, -1e-20], [1, 2, 1, 1, 2]),
        tf.tensor5d([1e-30, 1e30, 1e-20, 1e20], [1, 1, 1, 2, 2]),
        1,
        "valid",
    ),
    "conv3d/empty_batch": lambda: tf.conv3d(tf.zeros([0, 2, 2, 2, 1]), tf.ones([1, 1, 1, 1, 3]), 1, "valid"),
    "conv3d/empty_channels": lambda: tf.conv3d(
        tf.zeros([1, 2, 2, 2, 0]), tf.ones([1, 1, 1, 0, 3]), 1, "same"
    ),
    "conv3d/no_out_channels": lambda: tf.conv3d(
        tf.ones([1, 2, 2, 2, 1]), tf.ones([1, 1, 1, 1, 0]), 1, "same"
    ),
    "conv3d/filter_larger_than_input": lambda: tf.conv3d(x6(), tf.ones([7, 1, 1, 1, 1]), 1, "valid"),
    "conv3d/bad_rank": lambda: tf.conv3d(tf.ones([2, 2, 2]), tf.ones([1, 1, 1, 2, 1]), 1, "valid"),
    "conv3d/bad_filter_rank": lambda: tf.conv3d(tf.ones([1, 2, 2, 2, 1]), tf.ones([1, 1, 1, 1]), 1, "valid"),
    "conv3d/bad_depth": lambda: tf.conv3d(tf.ones([1, 2, 2, 2, 2]), tf.ones([1, 1, 1, 3, 1]), 1, "valid"),
    "conv3d/strides_and_dilations": lambda: tf.conv3d(x6(), one5(), [2, 1, 1], "valid", "NDHWC", [1, 2, 1]),
    "conv3d/data_format": lambda: tf.conv3d(x6(), one5(), 1, "valid", "NCDHW"),
    "conv3d/zero_stride": lambda: tf.conv3d(x6(), one5(), [1, 0, 1], "valid"),
    "conv3d/zero_dilation": lambda: tf.conv3d(x6(), one5(), 1, "valid", "NDHWC", 0),
    "conv3d/complex": lambda: tf.conv3d(tf.complex(x6(), x6()), one5(), 1, "valid"),
    # conv3d_transpose
    "conv3d_transpose/valid": lambda: tf.conv3d_transpose(
        tf.tensor5d(vals(24, 5, 7, 4), [1, 2, 2, 3, 2]),
        tf.tensor5d(vals(48, 7, 11, 8), [2, 2, 2, 3, 2]),
        [1, 3, 3, 4, 3],
        1,
        "valid",
    ),
    "conv3d_transpose/valid_sevenths": lambda: tf.conv3d_transpose(
        tf.tensor5d(vals(24, 5, 7, 7), [1, 2, 2, 3, 2]),
        tf.tensor5d(vals(48, 7, 11, 3), [2, 2, 2, 3, 2]),
        [1, 3, 3, 4, 3],
        1,
        "valid",
    ),
    "conv3d_transpose/same_strides": lambda: tf.conv3d_transpose(
        tf.tensor5d(vals(36, 5, 9, 2), [2, 2, 3, 3, 1]),
        tf.tensor5d(vals(54, 4, 11, 4), [3, 3, 3, 2, 1]),
        [2, 4, 5, 6, 2],
        [2, 2, 2],
        "same",
    ),
    "conv3d_transpose/same_stride_number": lambda: tf.conv3d_transpose(
        tf.ones([1, 2, 2, 2, 1]), tf.ones([3, 3, 3, 1, 1]), [1, 4, 4, 4, 1], 2, "same"
    ),
    "conv3d_transpose/valid_strides_odd": lambda: tf.conv3d_transpose(
        tf.tensor5d(vals(8, 3, 5, 1), [1, 2, 2, 2, 1]),
        tf.tensor5d(vals(8, 5, 7, 2), [2, 2, 2, 1, 1]),
        [1, 5, 5, 5, 1],
        3,
        "valid",
    ),
    "conv3d_transpose/rank4": lambda: tf.conv3d_transpose(
        tf.tensor4d(vals(16, 3, 7, 2), [2, 2, 2, 2]),
        tf.tensor5d(vals(48, 5, 7, 4), [2, 2, 2, 3, 2]),
        [3, 3, 3, 3],
        1,
        "valid",
    ),
    "conv3d_transpose/numeric_pad": lambda: tf.conv3d_transpose(
        tf.tensor5d(vals(27, 3, 7, 2), [1, 3, 3, 3, 1]), tf.ones([2, 2, 2, 1, 1]), [1, 2, 2, 2, 1], 1, 1
    ),
    "conv3d_transpose/int32": lambda: tf.conv3d_transpose(
        i5(ints(8, 3, 7), [1, 2, 2, 2, 1]), i5(ints(8, 5, 9), [2, 2, 2, 1, 1]), [1, 3, 3, 3, 1], 1, "valid"
    ),
    "conv3d_transpose/nan_inf": lambda: tf.conv3d_transpose(
        tf.tensor5d([nan, 1, inf, -2], [1, 4, 1, 1, 1]),
        tf.tensor5d([1, 0.5, -0.0], [3, 1, 1, 1, 1]),
        [1, 4, 1, 1, 1],
        1,
        "same",
    ),
    "conv3d_transpose/filter_larger_than_output": lambda: tf.conv3d_transpose(
        tf.zeros([1, 0, 1, 1, 1]), tf.ones([5, 1, 1, 1, 1]), [1, 3, 1, 1, 1], 1, "valid"
    ),
    "conv3d_transpose/empty_batch": lambda: tf.conv3d_transpose(
        tf.zeros([0, 2, 2, 2, 1]), tf.ones([1, 1, 1, 2, 1]), [0, 2, 2, 2, 2], 1, "valid"
    ),
    # x's shape is not what a conv3d of output_shape gives: TF.js reads past x (NaN)
    "conv3d_transpose/x_shape_mismatch": lambda: tf.conv3d_transpose(
        tf.ones([1, 1, 2, 2, 1]), tf.ones([2, 2, 2, 1, 1]), [1, 3, 3, 3, 1], 1, "valid"
    ),
    "conv3d_transpose/rank_mismatch": lambda: tf.conv3d_transpose(
        tf.ones([1, 2, 2, 2, 1]), tf.ones([3, 3, 3, 1, 1]), [4, 4, 4, 1], 2, "same"
    ),
    "conv3d_transpose/bad_rank": lambda: tf.conv3d_transpose(
        tf.ones([2, 2, 2]), tf.ones([3, 3, 3, 1, 1]), [4, 4, 1], 1, "same"
    ),
    "conv3d_transpose/bad_filter_rank": lambda: tf.conv3d_transpose(
        tf.ones([1, 2, 2, 2, 1]), tf.ones([3, 3, 1, 1]), [1, 2, 2, 2, 1], 1, "same"
    ),
    "conv3d_transpose/bad_in_depth": lambda: tf.conv3d_transpose(
        tf.ones([1, 2, 2, 2, 1]), tf.ones([1, 1, 1, 2, 1]), [1, 2, 2, 2, 3], 1, "same"
    ),
    "conv3d_transpose/bad_out_depth": lambda: tf.conv3d_transpose(
        tf.ones([1, 2, 2, 2, 2]), tf.ones([1, 1, 1, 3, 1]), [1, 2, 2, 2, 3], 1, "same"
    ),
    "conv3d_transpose/complex": lambda: tf.conv3d_transpose(
        tf.complex(tf.ones([1, 2, 2, 2, 1]), tf.ones([1, 2, 2, 2, 1])),
        tf.ones([2, 2, 2, 1, 1]),
        [1, 3, 3, 3, 1],
        1,
        "valid",
    ),
    # dilation2d
    "dilation2d/valid": lambda: tf.dilation2d(
        tf.tensor4d(vals(60, 7, 13, 4), [1, 4, 5, 3]), tf.tensor3d(vals(18, 5, 11, 8), [2, 3, 3]), 1, "valid"
    ),
    "dilation2d/same_strides": lambda: tf.dilation2d(
        tf.tensor4d(vals(120, 7, 13, 4), [2, 5, 6, 2]),
        tf.tensor3d(vals(18, 5, 11, 8), [3, 3, 2]),
        [2, 3],
        "same",
    ),
    "dilation2d/dilations": lambda: tf.dilation2d(
        tf.tensor3d(vals(72, 5, 17, 4), [6, 6, 2]),
        tf.tensor3d(vals(12, 3, 7, 2), [2, 3, 2]),
        1,
        "same",
        [2, 1],
    ),
    "dilation2d/dilation_number_valid": lambda: tf.dilation2d(
        tf.tensor3d(vals(36, 5, 17, 4), [6, 6, 1]), tf.tensor3d(vals(4, 3, 7, 2), [2, 2, 1]), 1, "valid", 2
    ),
    # TF.js allows strides and dilations both > 1 here
    "dilation2d/strides_and_dilations": lambda: tf.dilation2d(
        tf.tensor3d(list(r(49)), [7, 7, 1]), tf.tensor3d([0, 1, 2, 3], [2, 2, 1]), 2, "valid", 2
    ),
    "dilation2d/rank3": lambda: tf.dilation2d(
        tf.tensor3d([1, 5, 2, 0], [2, 2, 1]), tf.tensor3d([0, 1], [1, 2, 1]), 1, "valid"
    ),
    "dilation2d/numeric_pad": lambda: tf.dilation2d(
        tf.tensor3d([1, 2, 3, 4, 5, 6], [2, 3, 1]), tf.tensor3d([0, -1], [1, 2, 1]), 1, 1
    ),
    "dilation2d/explicit_pad": lambda: tf.dilation2d(
        tf.tensor4d([1, 2, 3, 4, 5, 6], [1, 2, 3, 1]),
        tf.tensor3d([0, -1, 2, 1], [2, 2, 1]),
        1,
        [[0, 0], [1, 0], [2, 1], [0, 0]],
    ),
    # a window whose taps all fall in the padding keeps TF.js's start, MIN_SAFE_INTEGER
    "dilation2d/window_all_padding": lambda: tf.dilation2d(
        tf.tensor3d([5], [1, 1, 1]), tf.tensor3d([1, 2], [2, 1, 1]), 1, "same", 3
    ),
    "dilation2d/window_all_padding_int32": lambda: tf.dilation2d(
        i32([5], [1, 1, 1]), i32([1, 2], [2, 1, 1]), 1, "same", 3
    ),
    "dilation2d/nan_inf": lambda: tf.dilation2d(
        tf.tensor3d([nan, 1, inf, -inf, nan, nan], [2, 3, 1]), tf.tensor3d([0, -inf], [1, 2, 1]), 1, "same"
    ),
    "dilation2d/negative_zero_first": lambda: tf.dilation2d(
        tf.tensor3d([-0.0, 0, 0, -0.0], [1, 4, 1]), tf.tensor3d([-0.0, -0.0], [1, 2, 1]), 1, "valid"
    ),
    "dilation2d/int32": lambda: tf.dilation2d(
        i32(ints(30, 7, 19), [5, 3, 2]), i32(ints(8, 3, 5), [2, 2, 2]), 1, "same"
    ),
    "dilation2d/int32_limits": lambda: tf.dilation2d(
        i32([2147483647, -2147483648, 5], [1, 3, 1]), i32([1, -1], [1, 2, 1]), 1, "valid"
    ),
    "dilation2d/int32_x_float32_filter": lambda: tf.dilation2d(
        i32([1, 2, -3], [1, 3, 1]), tf.tensor3d([0.75, -0.5], [1, 2, 1]), 1, "same"
    ),
    "dilation2d/large": lambda: tf.dilation2d(
        tf.tensor3d([3e38, 1e-45, -3e38], [1, 3, 1]), tf.tensor3d([3e38, 1e-45], [1, 2, 1]), 1, "valid"
    ),
    "dilation2d/empty_batch": lambda: tf.dilation2d(tf.zeros([0, 3, 3, 2]), tf.zeros([2, 2, 2]), 1, "valid"),
    "dilation2d/bad_rank": lambda: tf.dilation2d(tf.ones([3, 3]), tf.ones([2, 2, 1]), 1, "valid"),
    "dilation2d/bad_filter_rank": lambda: tf.dilation2d(
        tf.ones([3, 3, 1]), tf.ones([2, 2, 1, 1]), 1, "valid"
    ),
    "dilation2d/bad_depth": lambda: tf.dilation2d(tf.ones([3, 3, 2]), tf.ones([2, 2, 3]), 1, "valid"),
    "dilation2d/data_format": lambda: tf.dilation2d(
        tf.ones([3, 3, 1]), tf.ones([2, 2, 1]), 1, "valid", 1, "NCHW"
    ),
    "dilation2d/filter_larger_than_input": lambda: tf.dilation2d(
        tf.ones([2, 2, 1]), tf.ones([3, 1, 1]), 1, "valid"
    ),
}

KNOWN_DIFFERENCES = {
    # A filter larger than its 'valid' input: TF.js returns an empty tensor ([1, 0, 1, 1, 1]
    # and [0, 2, 1]); here it is a ValueError naming the shapes, as for every convolution.
    "conv3d/filter_larger_than_input",
    "dilation2d/filter_larger_than_input",
    # TF.js reads x with the shape a conv3d of output_shape would give, whatever x's shape:
    # NaN past x's end (a larger x is silently cropped); here it is a ValueError.
    "conv3d_transpose/x_shape_mismatch",
}
