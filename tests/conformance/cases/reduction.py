"""Operations / Reduction, Scan and Segment: max, min, prod, all, any, arg_max, arg_min,
log_sum_exp, bincount, dense_bincount, cumsum, cumprod, unsorted_segment_sum."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r


def b(values, shape=None):
    return tf.tensor(values, shape, "bool")


CASES = {
    "max/float": lambda: tf.max(tf.tensor2d([[1, -inf, 3e38], [-0.5, 2, 7]]), 1),
    "max/nan": lambda: tf.max(tf.tensor2d([[1, nan, 3], [nan, 2, 1], [1, 2, nan]]), 1),
    "max/signed_zero": lambda: tf.max(tf.tensor2d([[-0.0, 0], [0, -0.0], [-1, -0.0]]), 1),
    "max/int32": lambda: tf.max(i32([-2147483648, 2147483647, 5])),
    "max/bool": lambda: tf.max(tf.tensor2d([[True, False], [False, False]]), 1),
    "max/empty": lambda: tf.max(tf.zeros([3, 0]), 1),
    "max/empty_int32": lambda: tf.max(tf.zeros([2, 0], "int32"), 1),
    "max/empty_out": lambda: tf.max(tf.zeros([0, 3]), 1),
    "max/axes_keep_dims": lambda: tf.max(tf.tensor3d(list(r(24)), [2, 3, 4]), [0, 2], True),
    "max/negative_axis": lambda: tf.max(tf.tensor3d(list(r(24)), [2, 3, 4]), -2),
    "max/scalar": lambda: tf.max(tf.scalar(-3)),
    "max/complex": lambda: tf.max(tf.tensor([1 + 2j])),
    "min/float": lambda: tf.min(tf.tensor2d([[1, inf, -3e38], [-0.5, 2, 1e-45]]), 1),
    "min/nan": lambda: tf.min(tf.tensor([3, nan, -inf])),
    "min/signed_zero": lambda: tf.min(tf.tensor2d([[0, -0.0], [-0.0, 0], [1, 0]]), 1),
    "min/int32": lambda: tf.min(i32([-2147483648, 7, 3, 2147483647], [2, 2]), 0),
    "min/bool": lambda: tf.min(tf.tensor([True, False])),
    "min/empty": lambda: tf.min(tf.zeros([0])),
    "min/empty_bool": lambda: tf.min(tf.zeros([2, 0], "bool"), 1),
    "prod/float": lambda: tf.prod(tf.tensor2d([[1e30, 1e30, 1e-30], [0.1, 0.2, 0.3]]), 1),
    "prod/nan_inf": lambda: tf.prod(tf.tensor2d([[inf, 0], [nan, 1], [-inf, 2]]), 1),
    "prod/int32": lambda: tf.prod(i32([65536, 65536, 3])),
    "prod/int32_overflow": lambda: tf.prod(i32([2147483647, 2147483647, 3])),
    "prod/int32_wrap": lambda: tf.prod(i32([2147483647, 2, -3])),
    "prod/bool": lambda: tf.prod(tf.tensor2d([[True, True], [True, False]]), 1),
    "prod/empty": lambda: tf.prod(tf.zeros([0, 2]), 0),
    "prod/keep_dims": lambda: tf.prod(tf.tensor3d(list(r(8)), [2, 2, 2]), [0, 1], True),
    "all/axis": lambda: tf.all(tf.tensor2d([[True, True], [True, False]]), 1),
    "all/all": lambda: tf.all(tf.tensor([True, True])),
    "all/numbers": lambda: tf.all([1, 0.2]),
    "all/empty": lambda: tf.all(tf.zeros([3, 0], "bool"), 1),
    "all/empty_all": lambda: tf.all(b([], [0])),
    "all/keep_dims": lambda: tf.all(tf.tensor2d([[True, True], [True, False]]), 0, True),
    "all/float": lambda: tf.all(tf.tensor([1, 0])),
    "any/axis": lambda: tf.any(tf.tensor2d([[False, False], [True, False]]), 1),
    "any/empty": lambda: tf.any(tf.zeros([2, 0], "bool"), 1),
    "any/keep_dims": lambda: tf.any(tf.tensor3d([False, False, True, False], [2, 1, 2]), [1, 2], True),
    "arg_max/float": lambda: tf.arg_max(tf.tensor2d([[1, 5, 5], [7, 2, 3]]), 1),
    "arg_max/ties": lambda: tf.arg_max(tf.tensor([-0.0, 0, 0])),
    "arg_max/nan_first": lambda: tf.arg_max(tf.tensor([nan, 1, 3])),
    "arg_max/nan_later": lambda: tf.arg_max(tf.tensor2d([[1, nan, 3], [-inf, nan, -inf]]), 1),
    "arg_max/axis0": lambda: tf.arg_max(tf.tensor2d([[1, 5], [7, 2]])),
    "arg_max/int32": lambda: tf.arg_max(i32([-2147483648, 2147483647, 2147483647])),
    "arg_max/bool": lambda: tf.arg_max(tf.tensor([False, True, True])),
    "arg_max/empty": lambda: tf.arg_max(tf.zeros([3, 0]), 1),
    "arg_max/negative_axis": lambda: tf.arg_max(tf.tensor3d(list(r(8)), [2, 2, 2]), -2),
    "arg_min/float": lambda: tf.arg_min(tf.tensor2d([[1, -5, -5], [7, 2, 3]]), 1),
    "arg_min/nan": lambda: tf.arg_min(tf.tensor2d([[1, nan, 0], [nan, -1, -2]]), 1),
    "arg_min/int32": lambda: tf.arg_min(i32([3, -2147483648, -2147483648])),
    "log_sum_exp/float": lambda: tf.log_sum_exp(tf.tensor1d([1, 2, 3])),
    "log_sum_exp/large": lambda: tf.log_sum_exp(tf.tensor2d([[1000, 1000], [-1000, 0]]), 1),
    "log_sum_exp/inf_nan": lambda: tf.log_sum_exp(tf.tensor2d([[inf, 1], [-inf, -inf], [nan, 0]]), 1),
    "log_sum_exp/axes_keep_dims": lambda: tf.log_sum_exp(tf.tensor2d([[1, 2], [3, 4]]), [1, 0], True),
    "log_sum_exp/int32": lambda: tf.log_sum_exp(i32([1, 2])),
    "log_sum_exp/empty": lambda: tf.log_sum_exp(tf.zeros([0])),
    "bincount/counts": lambda: tf.bincount(i32([1, 1, 2, 5, 0]), [], 4),
    "bincount/float_weights": lambda: tf.bincount(i32([1, 2, 5, 1]), tf.tensor([0.5, 1, 2, 3]), 4),
    "bincount/int32_weights": lambda: tf.bincount(i32([1, 2, 1]), i32([2147483647, 2, 1]), 3),
    "bincount/float32_rounding": lambda: tf.bincount(i32([0, 0, 0]), tf.tensor([16777216, 1, 1]), 1),
    "bincount/2d": lambda: tf.bincount(i32([1, 2, 3, 4], [2, 2]), [], 3),
    "bincount/size0": lambda: tf.bincount(i32([1, 2]), [], 0),
    "bincount/empty": lambda: tf.bincount(i32([]), [], 3),
    "bincount/negative": lambda: tf.bincount(i32([1, -2]), [], 4),
    "bincount/negative_size": lambda: tf.bincount(i32([1, 2]), [], -1),
    "bincount/float_x": lambda: tf.bincount(tf.tensor([1, 2]), [], 3),
    "dense_bincount/1d_binary_ignored": lambda: tf.dense_bincount(i32([1, 2, 1]), [], 3, True),
    "dense_bincount/2d_binary": lambda: tf.dense_bincount(i32([1, 2, 1, 0, 0, 5], [2, 3]), [], 3, True),
    "dense_bincount/2d_weights": lambda: tf.dense_bincount(
        i32([1, 2, 1, 0, 0, 5], [2, 3]), tf.tensor2d([[1, 2, 3], [4, 5, 6]]), 3
    ),
    "dense_bincount/2d_counts": lambda: tf.dense_bincount(i32([1, 2, 1, 0, 0, 5], [2, 3]), [], 4),
    "cumsum/float": lambda: tf.cumsum(tf.tensor([0.1, 0.2, 0.3, 1e8, 1, -1e8])),
    "cumsum/exclusive": lambda: tf.cumsum(tf.tensor([1, 2, 3, 4]), 0, True),
    "cumsum/reverse": lambda: tf.cumsum(tf.tensor([1, 2, 3, 4]), 0, False, True),
    "cumsum/exclusive_reverse_axis1": lambda: tf.cumsum(tf.tensor3d(list(r(8)), [2, 2, 2]), 1, True, True),
    "cumsum/axis1": lambda: tf.cumsum(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), 1),
    "cumsum/int32_wraps": lambda: tf.cumsum(i32([2147483647, 1, 5, -2147483648])),
    "cumsum/bool": lambda: tf.cumsum(tf.tensor([True, True, False, True])),
    "cumsum/nan_inf": lambda: tf.cumsum(tf.tensor([1, inf, -inf, 2, nan])),
    "cumsum/negative_zero": lambda: tf.cumsum(tf.tensor([-0.0, -0.0]), 0, True),
    "cumsum/empty": lambda: tf.cumsum(tf.zeros([2, 0]), 1),
    "cumsum/empty_rows": lambda: tf.cumsum(tf.zeros([0, 2]), 1),
    "cumprod/float": lambda: tf.cumprod(tf.tensor([1e20, 1e20, 1e-20, 0.1, 3])),
    "cumprod/exclusive": lambda: tf.cumprod(tf.tensor([2, 3, 4]), 0, True),
    "cumprod/reverse": lambda: tf.cumprod(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), 1, False, True),
    "cumprod/exclusive_reverse": lambda: tf.cumprod(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), 0, True, True),
    "cumprod/int32_wraps": lambda: tf.cumprod(i32([65536, 65536, 3, 5])),
    "cumprod/int32_double_rounding": lambda: tf.cumprod(i32([2147483647, 2147483647, 3])),
    "cumprod/int32_rounding_later": lambda: tf.cumprod(i32([3, 1431655765, 1431655765, 7]), 0, False, True),
    "cumprod/bool": lambda: tf.cumprod(tf.tensor([True, True, False])),
    "cumprod/empty": lambda: tf.cumprod(tf.zeros([0])),
    "unsorted_segment_sum/1d": lambda: tf.unsorted_segment_sum(tf.tensor([1, 2, 3, 4]), i32([0, 1, 0, 1]), 2),
    "unsorted_segment_sum/2d": lambda: tf.unsorted_segment_sum(
        tf.tensor2d([[1, 2], [3, 4], [5, 6]]), i32([1, -1, 1]), 3
    ),
    "unsorted_segment_sum/int32": lambda: tf.unsorted_segment_sum(i32([16777217, 2, 3]), i32([0, 1, 0]), 2),
    "unsorted_segment_sum/bool": lambda: tf.unsorted_segment_sum(
        tf.tensor([True, False, True]), i32([0, 1, 0]), 2
    ),
    "unsorted_segment_sum/inf": lambda: tf.unsorted_segment_sum(tf.tensor([1, inf, 3]), i32([0, 1, 0]), 3),
    "unsorted_segment_sum/nan_2d": lambda: tf.unsorted_segment_sum(
        tf.tensor2d([[1, nan], [3, 4]]), i32([1, 1]), 2
    ),
    "unsorted_segment_sum/ids_2d": lambda: tf.unsorted_segment_sum(
        tf.tensor2d([[1, 2], [3, 4]]), i32([0, 1, 1, 1], [2, 2]), 2
    ),
    "unsorted_segment_sum/out_of_range": lambda: tf.unsorted_segment_sum(
        tf.tensor([1, 2, 3]), i32([5, -1, 0]), 2
    ),
    "unsorted_segment_sum/negative_zero": lambda: tf.unsorted_segment_sum(
        tf.tensor([-0.0, -0.0]), i32([0, 0]), 1
    ),
    "unsorted_segment_sum/empty": lambda: tf.unsorted_segment_sum(tf.zeros([0, 2]), i32([]), 2),
}
