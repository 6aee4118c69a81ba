"""Gradients of Operations / Reduction, Scan, Segment and Evaluation, and of tf.sparse's
segment reductions: sum, mean, max, min, prod, arg_max, arg_min, log_sum_exp, cumsum,
cumprod, unsorted_segment_sum, topk, sparse_segment_sum, sparse_segment_mean.
(A second-order max reaches Equal, which has no gradient in TF.js nor here:
tests/ops/test_reduction_gradients.py checks ours says so.)"""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r

_M23 = [[1, 2, 3], [4, 5, 6]]
_X3 = [[1, 2], [3, 4], [5, 6]]


def _kept() -> tf.Tensor:
    return tf.tensor3d([1, 2, 3], [1, 3, 1])


def _dy4() -> tf.Tensor:
    return tf.tensor([1, 10, 100, 1000])


# TF.js's Cumsum gradient transposes its result by the permutation that moves the axis
# last: along another axis it is a transposed gradient, or a shape error; with a
# negative axis (which its op does not normalise) transpose fails. Ours is TensorFlow's.
# TF.js's UnsortedSegmentSum gradient gathers with an id >= num_segments and fails;
# ours gives those elements 0, as the op drops them.
# TF.js has no gradient for Cumprod (so none for a second-order Prod), TopK,
# SparseSegmentSum or SparseSegmentMean; ours are TensorFlow's.
KNOWN_DIFFERENCES = {
    "cumsum/axis0_square",
    "cumsum/axis0",
    "cumsum/negative_last_axis",
    "unsorted_segment_sum/too_large_id",
    "cumprod/none_in_tfjs",
    "prod/second_order",
    "topk/none_in_tfjs",
    "sparse_segment_sum/none_in_tfjs",
    "sparse_segment_mean/none_in_tfjs",
}

CASES = {
    "sum/all": lambda: tf.grad(lambda x: tf.sum(x))(tf.tensor2d([[1, 2], [3, 4]])),
    "sum/axis_dy": lambda: tf.grad(lambda x: tf.sum(x, 1))(
        tf.tensor2d([[1, 2], [3, 4]]), tf.tensor([0.5, -2])
    ),
    "sum/axes_keep_dims": lambda: tf.grad(lambda x: tf.sum(x, [0, 2], True))(
        tf.tensor3d(list(r(12)), [2, 3, 2]), _kept()
    ),
    "mean/all": lambda: tf.grad(lambda x: tf.mean(x))(tf.tensor2d(_M23)),
    "mean/thirds": lambda: tf.grad(lambda x: tf.mean(x, 1))(tf.tensor2d(_M23), tf.tensor([1, 0.1])),
    "mean/axes_keep_dims": lambda: tf.grad(lambda x: tf.mean(x, [0, 2], True))(
        tf.tensor3d(list(r(12)), [2, 3, 2]), _kept()
    ),
    "mean/negative_axis": lambda: tf.grad(lambda x: tf.mean(x, -1))(
        tf.tensor3d(list(r(24)), [2, 3, 4]), tf.tensor2d(list(r(6)), [2, 3])
    ),
    "mean/second_order": lambda: tf.grad(tf.grad(lambda x: tf.mean(x)))(tf.tensor([1, 2, 3])),
    "max/ties": lambda: tf.grad(lambda x: tf.max(x))(tf.tensor([3, 1, 3, -2])),
    "max/axis_dy": lambda: tf.grad(lambda x: tf.max(x, 1))(
        tf.tensor2d([[1, 5, 5], [7, 2, 3]]), tf.tensor([2, -3])
    ),
    "max/signed_zero": lambda: tf.grad(lambda x: tf.max(x))(tf.tensor([-0.0, 0, -1])),
    "max/nan": lambda: tf.grad(lambda x: tf.max(x, 1))(tf.tensor2d([[1, nan, 3], [1, 2, 2]])),
    "max/inf": lambda: tf.grad(lambda x: tf.max(x))(tf.tensor([inf, 1, inf])),
    "max/axes_keep_dims": lambda: tf.grad(lambda x: tf.max(x, [0, 2], True))(
        tf.tensor3d(list(r(12)), [2, 3, 2]), _kept()
    ),
    "min/ties": lambda: tf.grad(lambda x: tf.min(x))(tf.tensor([3, 1, 1, 2])),
    "min/axis_dy": lambda: tf.grad(lambda x: tf.min(x, 0))(
        tf.tensor2d([[1, 5, 5], [7, 2, 5]]), tf.tensor([2, -3, 4])
    ),
    "min/nan": lambda: tf.grad(lambda x: tf.min(x))(tf.tensor([3, nan, -inf])),
    "min/keep_dims": lambda: tf.grad(lambda x: tf.min(x, -1, True))(tf.tensor2d([[4, -1], [0, -0.0]])),
    "prod/all": lambda: tf.grad(lambda x: tf.prod(x))(tf.tensor([2, 3, 4])),
    "prod/one_zero": lambda: tf.grad(lambda x: tf.prod(x))(tf.tensor([0, 2, 3])),
    "prod/two_zeros": lambda: tf.grad(lambda x: tf.prod(x))(tf.tensor([0, 5, 0, 3])),
    "prod/inf_zero": lambda: tf.grad(lambda x: tf.prod(x))(tf.tensor([inf, 2, 0])),
    "prod/axis0_dy": lambda: tf.grad(lambda x: tf.prod(x, 0))(
        tf.tensor2d([[0, 2], [3, 4], [5, 0.5]]), tf.tensor([1, -2])
    ),
    "prod/axis1": lambda: tf.grad(lambda x: tf.prod(x, 1))(tf.tensor2d([[1.5, 2, 3], [0.1, 0.2, 0.3]])),
    "prod/axes": lambda: tf.grad(lambda x: tf.prod(x, [0, 2]))(
        tf.tensor3d([1, 2, 3, 4, 5, 6, 7, 8], [2, 2, 2])
    ),
    "prod/keep_dims": lambda: tf.grad(lambda x: tf.prod(x, 1, True))(
        tf.tensor2d([[0, 2], [3, 4]]), tf.tensor2d([[2], [3]])
    ),
    "prod/scalar": lambda: tf.grad(lambda x: tf.prod(x))(tf.scalar(5)),
    "prod/second_order": lambda: tf.grad(tf.grad(lambda x: tf.prod(x)))(tf.tensor([2, 3, 4])),
    "arg_max/zeros": lambda: tf.grad(lambda x: tf.mul(x, tf.cast(tf.arg_max(x), "float32")))(
        tf.tensor([1, 4, 2])
    ),
    "arg_min/zeros": lambda: tf.grad(lambda x: tf.mul(x, tf.cast(tf.arg_min(x, 1), "float32")))(
        tf.tensor2d([[1, 4], [2, -1]]), tf.tensor2d([[1, 1], [1, 1]])
    ),
    "log_sum_exp/all": lambda: tf.grad(lambda x: tf.log_sum_exp(x))(tf.tensor([1, 2, 3])),
    "log_sum_exp/axis_keep_dims": lambda: tf.grad(lambda x: tf.log_sum_exp(x, 1, True))(
        tf.tensor2d([[1, 2, 3], [-1, 0, 100]]), tf.tensor2d([[1], [2]])
    ),
    "cumsum/1d": lambda: tf.grad(lambda x: tf.cumsum(x))(tf.tensor([1, 2, 3, 4])),
    "cumsum/dy": lambda: tf.grad(lambda x: tf.cumsum(x))(tf.tensor([1, 2, 3, 4]), _dy4()),
    "cumsum/exclusive": lambda: tf.grad(lambda x: tf.cumsum(x, 0, True))(tf.tensor([1, 2, 3, 4]), _dy4()),
    "cumsum/reverse": lambda: tf.grad(lambda x: tf.cumsum(x, 0, False, True))(
        tf.tensor([1, 2, 3, 4]), _dy4()
    ),
    "cumsum/exclusive_reverse": lambda: tf.grad(lambda x: tf.cumsum(x, 0, True, True))(
        tf.tensor([1, 2, 3, 4]), _dy4()
    ),
    "cumsum/last_axis": lambda: tf.grad(lambda x: tf.cumsum(x, 1))(tf.tensor2d(_M23), tf.tensor2d(_M23)),
    "cumsum/negative_last_axis": lambda: tf.grad(lambda x: tf.cumsum(x, -1, True))(
        tf.tensor2d(_M23), tf.tensor2d(_M23)
    ),
    "cumsum/axis0_square": lambda: tf.grad(lambda x: tf.cumsum(x, 0))(
        tf.tensor2d([[1, 2], [4, 5]]), tf.tensor2d([[1, 2], [3, 4]])
    ),
    "cumsum/axis0": lambda: tf.grad(lambda x: tf.cumsum(x, 0))(tf.tensor2d(_M23)),
    "cumsum/second_order": lambda: tf.grad(tf.grad(lambda x: tf.cumsum(x)))(tf.tensor([1, 2, 3])),
    "cumprod/none_in_tfjs": lambda: tf.grad(lambda x: tf.cumprod(x))(tf.tensor([1, 2, 3])),
    "unsorted_segment_sum/rows": lambda: tf.grad(lambda x: tf.unsorted_segment_sum(x, i32([1, 0, 1]), 2))(
        tf.tensor2d(_X3), tf.tensor2d([[1, 2], [3, 4]])
    ),
    "unsorted_segment_sum/1d": lambda: tf.grad(lambda x: tf.unsorted_segment_sum(x, i32([2, 2, 0, 1]), 3))(
        tf.tensor([1, 2, 3, 4]), tf.tensor([5, 6, 7])
    ),
    "unsorted_segment_sum/negative_id": lambda: tf.grad(
        lambda x: tf.unsorted_segment_sum(x, i32([1, -1, 0]), 2)
    )(tf.tensor2d(_X3), tf.tensor2d([[1, 2], [3, 4]])),
    "unsorted_segment_sum/too_large_id": lambda: tf.grad(
        lambda x: tf.unsorted_segment_sum(x, i32([1, 5, 0]), 2)
    )(tf.tensor2d(_X3), tf.tensor2d([[1, 2], [3, 4]])),
    "unsorted_segment_sum/second_order": lambda: tf.grad(
        lambda v: tf.sum(
            tf.mul(
                tf.grad(lambda u: tf.square(tf.unsorted_segment_sum(u, i32([0, 0, 1]), 2)))(v),
                tf.tensor([1, -1, 2]),
            )
        )
    )(tf.tensor([1, 2, 3])),
    "topk/none_in_tfjs": lambda: tf.grad(lambda x: tf.topk(x, 2).values)(tf.tensor([1, 5, 3])),
    "sparse_segment_sum/none_in_tfjs": lambda: tf.grad(
        lambda x: tf.sparse.sparse_segment_sum(x, i32([0, 1]), i32([0, 0]))
    )(tf.tensor2d([[1, 2], [3, 4]])),
    "sparse_segment_mean/none_in_tfjs": lambda: tf.grad(
        lambda x: tf.sparse.sparse_segment_mean(x, i32([0, 1]), i32([0, 0]))
    )(tf.tensor2d([[1, 2], [3, 4]])),
}
