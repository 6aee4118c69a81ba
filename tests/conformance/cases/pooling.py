"""Operations / Convolution (pooling): avg_pool, max_pool, avg_pool3d, max_pool3d,
max_pool_with_argmax, pool."""

from __future__ import annotations

import math

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r
from tfjs.ops.max_pool_with_argmax import MaxPoolWithArgmax


def wave(n: int) -> list[float]:
    """Non-trivial values: averages of these need the double accumulation to round right."""
    return [math.fmod(i * 0.37, 3) - 1.1 for i in range(n)]


def x44() -> tf.Tensor:
    return tf.tensor4d(wave(32), [1, 4, 4, 2])


def x55() -> tf.Tensor:
    return tf.tensor4d(wave(50), [2, 5, 5, 1])


def special() -> tf.Tensor:
    values = [nan, 1, -inf, inf, -0.0, 0, 3e38, 3e38, 1e-45, -1e-45, 5, nan, nan, nan, -0.0, -0.0]
    return tf.tensor4d(values, [1, 4, 4, 1])


def argmax(result: MaxPoolWithArgmax) -> list[tf.Tensor]:
    return [result.result, result.indexes]


def pool3d_cases(name: str) -> dict:
    """The cases avg_pool3d and max_pool3d share: the same programs with either op."""
    pool3d = getattr(tf, name)
    return {
        f"{name}/valid": lambda: pool3d(tf.tensor4d([1, 2, 3, 4, 5, 6, 7, 8], [2, 2, 2, 1]), 2, 1, "valid"),
        f"{name}/same_stride": lambda: pool3d(
            tf.tensor5d(wave(2 * 3 * 4 * 5 * 2), [2, 3, 4, 5, 2]), 2, [1, 2, 2], "same"
        ),
        f"{name}/same_negative_pad": lambda: pool3d(tf.tensor5d(wave(125), [1, 5, 5, 5, 1]), 1, 3, "same"),
        f"{name}/pad_number_ceil": lambda: pool3d(tf.tensor5d(wave(64), [1, 4, 4, 4, 1]), 3, 2, 1, "ceil"),
        f"{name}/empty_windows": lambda: pool3d(tf.tensor5d([4], [1, 1, 1, 1, 1]), 1, 1, 1),
    }


CASES = {
    "avg_pool/valid_3d": lambda: tf.avg_pool(
        tf.tensor3d([1, 2, 3, 4, 5, 6, 7, 8, 9], [3, 3, 1]), 2, 1, "valid"
    ),
    "avg_pool/nested_array": lambda: tf.avg_pool([[[1], [2]], [[3], [4]]], 2, 1, "valid"),
    "avg_pool/same_stride2": lambda: tf.avg_pool(x44(), 3, 2, "same"),
    "avg_pool/same_even_filter": lambda: tf.avg_pool(x55(), 2, 1, "same"),
    "avg_pool/same_big_stride": lambda: tf.avg_pool(x55(), [2, 3], [3, 2], "same"),
    "avg_pool/valid_rect": lambda: tf.avg_pool(x55(), [3, 2], [1, 2], "valid"),
    "avg_pool/explicit": lambda: tf.avg_pool(x44(), 2, 1, [[0, 0], [1, 2], [2, 1], [0, 0]]),
    "avg_pool/explicit_empty_windows": lambda: tf.avg_pool(
        tf.tensor4d([3], [1, 1, 1, 1]), 1, 1, [[0, 0], [1, 1], [1, 1], [0, 0]]
    ),
    "avg_pool/pad_number": lambda: tf.avg_pool(x55(), 2, 2, 1),
    "avg_pool/pad_number_floor": lambda: tf.avg_pool(x55(), 2, 2, 1, "floor"),
    "avg_pool/pad_number_round": lambda: tf.avg_pool(x55(), 2, 2, 1, "round"),
    "avg_pool/pad_number_ceil": lambda: tf.avg_pool(x55(), 2, 2, 1, "ceil"),
    "avg_pool/explicit_ceil": lambda: tf.avg_pool(x55(), 2, 2, [[0, 0], [0, 1], [1, 0], [0, 0]], "ceil"),
    "avg_pool/special": lambda: tf.avg_pool(special(), 2, 1, "valid"),
    "avg_pool/special_same": lambda: tf.avg_pool(special(), 2, 2, "same"),
    "avg_pool/identity_keeps_neg_zero": lambda: tf.avg_pool(special(), 1, 1, "valid"),
    "avg_pool/one_by_one_stride2": lambda: tf.avg_pool(special(), 1, 2, "valid"),
    "avg_pool/large_window": lambda: tf.avg_pool(
        tf.tensor4d(wave(2 * 12 * 12), [1, 12, 12, 2]), 10, 1, "valid"
    ),
    "avg_pool/global": lambda: tf.avg_pool(x44(), 4, 1, "valid"),
    "avg_pool/empty_batch": lambda: tf.avg_pool(tf.zeros([0, 4, 4, 2]), 2, 1, "valid"),
    "avg_pool/empty_channels": lambda: tf.avg_pool(tf.zeros([1, 4, 4, 0]), 2, 2, "same"),
    "avg_pool/empty_spatial_same": lambda: tf.avg_pool(tf.zeros([1, 0, 3, 1]), 2, 1, "same"),
    "avg_pool/error_rank2": lambda: tf.avg_pool(tf.zeros([3, 3]), 2, 1, "valid"),
    "avg_pool/error_rank5": lambda: tf.avg_pool(tf.zeros([1, 1, 3, 3, 1]), 2, 1, "valid"),
    "avg_pool/error_rounding_same": lambda: tf.avg_pool(x44(), 2, 1, "same", "floor"),
    "avg_pool/error_rounding_fraction": lambda: tf.avg_pool(x44(), 2, 1, 1.5, "round"),
    "avg_pool/error_rounding_explicit_fraction": lambda: tf.avg_pool(
        x44(), 2, 1, [[0, 0], [1, 0.5], [0, 0], [0, 0]], "ceil"
    ),
    "max_pool/valid_3d": lambda: tf.max_pool(
        tf.tensor3d([1, 2, 3, 4, 5, 6, 7, 8, 9], [3, 3, 1]), 2, 1, "valid"
    ),
    "max_pool/same_stride2": lambda: tf.max_pool(x44(), 3, 2, "same"),
    "max_pool/same_even_filter": lambda: tf.max_pool(x55(), 2, 1, "same"),
    "max_pool/valid_rect": lambda: tf.max_pool(x55(), [3, 2], [1, 2], "valid"),
    "max_pool/explicit": lambda: tf.max_pool(x44(), 2, 1, [[0, 0], [1, 2], [2, 1], [0, 0]]),
    "max_pool/explicit_empty_windows": lambda: tf.max_pool(
        tf.tensor4d([-3], [1, 1, 1, 1]), 1, 1, [[0, 0], [1, 1], [1, 1], [0, 0]]
    ),
    "max_pool/explicit_empty_windows_int32": lambda: tf.max_pool(
        i32([-3], [1, 1, 1, 1]), 1, 1, [[0, 0], [1, 1], [1, 1], [0, 0]]
    ),
    "max_pool/pad_number_ceil": lambda: tf.max_pool(x55(), 2, 2, 1, "ceil"),
    "max_pool/pad_number_round": lambda: tf.max_pool(x55(), 3, 2, 0, "round"),
    "max_pool/special": lambda: tf.max_pool(special(), 2, 1, "valid"),
    "max_pool/special_same": lambda: tf.max_pool(special(), 2, 2, "same"),
    "max_pool/all_nan": lambda: tf.max_pool(tf.tensor4d([nan, nan, nan, nan], [1, 2, 2, 1]), 2, 1, "valid"),
    "max_pool/zero_signs": lambda: tf.max_pool(
        tf.tensor4d([-0.0, 0, 0, -0.0, -0.0, -0.0, -1, -0.0], [1, 2, 4, 1]), [2, 2], [1, 2], "valid"
    ),
    "max_pool/identity_keeps_nan": lambda: tf.max_pool(special(), 1, 1, "same"),
    "max_pool/one_by_one_stride2": lambda: tf.max_pool(special(), 1, 2, "valid"),
    "max_pool/int32": lambda: tf.max_pool(
        i32([2147483647, -2147483648, 0, -1, 7, -8, 3, 3, -2147483648], [1, 3, 3, 1]), 2, 1, "same"
    ),
    "max_pool/bool": lambda: tf.max_pool(
        tf.tensor4d([True, False, False, False, False, True, False, False, False], [1, 3, 3, 1], "bool"),
        2,
        1,
        "valid",
    ),
    "max_pool/large_window": lambda: tf.max_pool(
        tf.tensor4d(wave(2 * 12 * 12), [1, 12, 12, 2]), 9, 3, "same"
    ),
    "max_pool/empty_batch": lambda: tf.max_pool(tf.zeros([0, 4, 4, 2]), 2, 1, "valid"),
    "max_pool/error_rank2": lambda: tf.max_pool(tf.zeros([3, 3]), 2, 1, "valid"),
    "max_pool/error_rounding_valid": lambda: tf.max_pool(x44(), 2, 1, "valid", "ceil"),
    "max_pool/error_complex": lambda: tf.max_pool(
        tf.complex(tf.zeros([1, 2, 2, 1]), tf.zeros([1, 2, 2, 1])), 1, 1, "valid"
    ),
    "avg_pool3d/same_rect": lambda: tf.avg_pool3d(
        tf.tensor5d(wave(60), [1, 3, 4, 5, 1]), [3, 2, 1], 2, "same"
    ),
    "avg_pool3d/pad_number": lambda: tf.avg_pool3d(tf.tensor5d(wave(27), [1, 3, 3, 3, 1]), 2, 2, 1),
    "avg_pool3d/pad_number_floor": lambda: tf.avg_pool3d(
        tf.tensor5d(wave(64), [1, 4, 4, 4, 1]), 3, 2, 1, "floor"
    ),
    **pool3d_cases("avg_pool3d"),
    "avg_pool3d/special": lambda: tf.avg_pool3d(
        tf.tensor5d([nan, 1, -inf, inf, -0.0, -0.0, 3e38, 3e38], [1, 2, 2, 2, 1]), [1, 1, 2], 1, "valid"
    ),
    "avg_pool3d/neg_zero_one": lambda: tf.avg_pool3d(
        tf.tensor4d([-0.0, -0.0, 1, 2], [1, 2, 2, 1]), 1, 1, "valid"
    ),
    "avg_pool3d/empty_batch": lambda: tf.avg_pool3d(tf.zeros([0, 2, 2, 2, 1]), 1, 1, "valid"),
    "avg_pool3d/error_rank3": lambda: tf.avg_pool3d(tf.zeros([2, 2, 2]), 1, 1, "valid"),
    "avg_pool3d/error_ncdhw": lambda: tf.avg_pool3d(tf.zeros([1, 2, 2, 2, 1]), 1, 1, "valid", None, "NCDHW"),
    "avg_pool3d/error_stride0": lambda: tf.avg_pool3d(tf.zeros([1, 2, 2, 2, 1]), 1, 0, "valid"),
    "avg_pool3d/error_rounding_same": lambda: tf.avg_pool3d(tf.zeros([1, 2, 2, 2, 1]), 1, 1, "same", "round"),
    **pool3d_cases("max_pool3d"),
    "max_pool3d/empty_windows_int32": lambda: tf.max_pool3d(i32([-4], [1, 1, 1, 1, 1]), 1, 1, 1),
    "max_pool3d/int32": lambda: tf.max_pool3d(
        i32([2147483647, -2147483648, 0, -1, 7, -8, 3, 3], [1, 2, 2, 2, 1]), [1, 2, 1], 1, "valid"
    ),
    "max_pool3d/bool": lambda: tf.max_pool3d(
        tf.tensor4d([True, False, False, False, False, False, False, False], [2, 2, 2, 1], "bool"),
        1,
        1,
        "same",
    ),
    "max_pool3d/special": lambda: tf.max_pool3d(
        tf.tensor5d([nan, 1, -inf, inf, -0.0, 0, nan, nan], [1, 2, 2, 2, 1]), [1, 1, 2], 1, "valid"
    ),
    "max_pool3d/nan_one_by_one": lambda: tf.max_pool3d(
        tf.tensor4d([nan, -0.0, 1, 2], [1, 2, 2, 1]), 1, 1, "valid"
    ),
    "max_pool3d/error_rank6": lambda: tf.max_pool3d(tf.zeros([1, 1, 2, 2, 2, 1]), 1, 1, "valid"),
    "max_pool3d/error_ndhwc": lambda: tf.max_pool3d(tf.zeros([1, 2, 2, 2, 1]), 1, 1, "valid", None, "NCDHW"),
    "max_pool3d/error_rounding_same": lambda: tf.max_pool3d(tf.zeros([1, 2, 2, 2, 1]), 1, 1, "same", "ceil"),
    "max_pool_with_argmax/basic": lambda: argmax(
        tf.max_pool_with_argmax(tf.tensor4d([0, 1, 2, 3, 4, 5, 6, 7], [1, 2, 2, 2]), 2, 2, "valid")
    ),
    "max_pool_with_argmax/batch_index": lambda: argmax(
        tf.max_pool_with_argmax(tf.tensor4d(wave(2 * 4 * 4 * 3), [2, 4, 4, 3]), 2, 2, "same", True)
    ),
    "max_pool_with_argmax/no_batch_index": lambda: argmax(
        tf.max_pool_with_argmax(tf.tensor4d(wave(2 * 4 * 4 * 3), [2, 4, 4, 3]), 2, 2, "same", False)
    ),
    "max_pool_with_argmax/same_overlap": lambda: argmax(
        tf.max_pool_with_argmax(tf.tensor4d(wave(2 * 5 * 5), [2, 5, 5, 1]), 3, 1, "same", True)
    ),
    "max_pool_with_argmax/rect": lambda: argmax(
        tf.max_pool_with_argmax(tf.tensor4d(wave(2 * 5 * 5), [1, 5, 5, 2]), [2, 3], [2, 1], "valid")
    ),
    "max_pool_with_argmax/pad_number": lambda: argmax(
        tf.max_pool_with_argmax(tf.tensor4d(wave(16), [1, 4, 4, 1]), 2, 2, 1)
    ),
    "max_pool_with_argmax/special": lambda: argmax(tf.max_pool_with_argmax(special(), 2, 1, "valid")),
    "max_pool_with_argmax/all_nan": lambda: argmax(
        tf.max_pool_with_argmax(tf.tensor4d([nan, nan, nan, nan], [1, 2, 2, 1]), 2, 1, "valid")
    ),
    "max_pool_with_argmax/ties": lambda: argmax(
        tf.max_pool_with_argmax(tf.tensor4d([-0.0, 0, 0, -0.0, 5, 5, 5, 5], [1, 2, 4, 1]), 2, 2, "valid")
    ),
    "max_pool_with_argmax/int32": lambda: argmax(
        tf.max_pool_with_argmax(
            i32([2147483647, -2147483648, 0, -1, 7, -8, 3, 3, -2147483648], [1, 3, 3, 1]), 2, 1, "valid", True
        )
    ),
    "max_pool_with_argmax/identity_window": lambda: argmax(tf.max_pool_with_argmax(special(), 1, 1, "valid")),
    "max_pool_with_argmax/empty_batch": lambda: argmax(
        tf.max_pool_with_argmax(tf.zeros([0, 2, 2, 1]), 1, 1, "valid")
    ),
    "pool/avg_valid": lambda: tf.pool(x44(), 2, "avg", "valid"),
    "pool/max_same_strides": lambda: tf.pool(x55(), 3, "max", "same", 1, 2),
    "pool/avg_same_strides_rect": lambda: tf.pool(x55(), [2, 3], "avg", "same", None, [2, 1]),
    "pool/max_pad_zero_is_valid": lambda: tf.pool(x55(), 2, "max", 0),
    "pool/avg_pad_number_rounding": lambda: tf.pool(x55(), 2, "avg", 1, 1, 2, "ceil"),
    "pool/rank3": lambda: tf.pool(tf.tensor3d(wave(18), [3, 3, 2]), 2, "max", "same"),
    "pool/avg_dilation_valid": lambda: tf.pool(x55(), 2, "avg", "valid", 2),
    "pool/max_dilation_valid": lambda: tf.pool(x55(), 2, "max", "valid", 2),
    "pool/avg_dilation_same": lambda: tf.pool(x55(), 2, "avg", "same", 2),
    "pool/max_dilation_same": lambda: tf.pool(x55(), 3, "max", "same", 2),
    "pool/max_dilation_same_negative": lambda: tf.pool(
        tf.tensor4d([v - 3 for v in wave(36)], [1, 6, 6, 1]), 2, "max", "same", [2, 3]
    ),
    "pool/avg_dilation_rect_rank3": lambda: tf.pool(
        tf.tensor3d(wave(42), [7, 6, 1]), [2, 2], "avg", "same", [3, 1]
    ),
    "pool/max_dilation_int32": lambda: tf.pool(i32(list(r(25)), [1, 5, 5, 1]), 2, "max", "valid", 2),
    "pool/max_int32_limits": lambda: tf.pool(
        i32([2147483647, -2147483648, 0, -1], [1, 2, 2, 1]), 2, "max", "same"
    ),
    "pool/special": lambda: tf.pool(special(), 2, "avg", "same"),
    "pool/error_strides_and_dilations": lambda: tf.pool(x55(), 2, "avg", "same", 2, 2),
    "pool/error_rank5_avg": lambda: tf.pool(tf.zeros([1, 1, 3, 3, 1]), 2, "avg", "valid"),
    "pool/error_rank5_max": lambda: tf.pool(tf.zeros([1, 1, 3, 3, 1]), 2, "max", "valid"),
    "pool/error_rounding_same": lambda: tf.pool(x55(), 2, "avg", "same", 1, 1, "floor"),
    "pool/error_rounding_dilation": lambda: tf.pool(x55(), 2, "max", "same", 2, 1, "floor"),
}
