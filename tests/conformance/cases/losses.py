"""Training / Losses: tf.losses.* (absolute_difference, compute_weighted_loss,
cosine_distance, hinge_loss, huber_loss, log_loss, mean_squared_error,
sigmoid_cross_entropy, softmax_cross_entropy) with weights, every Reduction,
label_smoothing, epsilon, delta."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import inf, nan, r

R = tf.losses.Reduction
L = tf.losses


def lab():
    return tf.tensor2d([[1, 0, 1], [0, 1, 0.5]])


def pred():
    return tf.tensor2d([[0.9, 0.2, -3], [0.5, 1.5, 0.25]])


def w23():
    return tf.tensor2d([[1, 0, 2], [0.5, 0, 3]])


def w13():
    return tf.tensor2d([[2, 0, 1]])


def w21():
    return tf.tensor2d([[0], [3]])


def logits():
    return tf.tensor2d([[1, 2, 3], [-1, 0, 5]])


def onehot():
    return tf.tensor2d([[0, 0, 1], [1, 0, 0]])


CASES = {
    "compute_weighted_loss/doc": lambda: L.compute_weighted_loss(
        tf.tensor2d([[1, 2], [3, 4]]), tf.tensor1d([0, 1])
    ),
    "compute_weighted_loss/default": lambda: L.compute_weighted_loss(pred()),
    "compute_weighted_loss/none": lambda: L.compute_weighted_loss(pred(), None, R.NONE),
    "compute_weighted_loss/none_weights": lambda: L.compute_weighted_loss(pred(), w13(), R.NONE),
    "compute_weighted_loss/sum": lambda: L.compute_weighted_loss(pred(), None, R.SUM),
    "compute_weighted_loss/sum_weights": lambda: L.compute_weighted_loss(pred(), w23(), R.SUM),
    "compute_weighted_loss/mean": lambda: L.compute_weighted_loss(pred(), None, R.MEAN),
    "compute_weighted_loss/mean_weights": lambda: L.compute_weighted_loss(pred(), w23(), R.MEAN),
    "compute_weighted_loss/mean_broadcast_weights": lambda: L.compute_weighted_loss(pred(), w13(), R.MEAN),
    "compute_weighted_loss/mean_column_weights": lambda: L.compute_weighted_loss(pred(), w21(), R.MEAN),
    "compute_weighted_loss/mean_scalar_weight": lambda: L.compute_weighted_loss(pred(), 4, R.MEAN),
    "compute_weighted_loss/mean_zero_weights": lambda: L.compute_weighted_loss(
        pred(), tf.zeros([2, 3]), R.MEAN
    ),
    "compute_weighted_loss/nonzero_weights": lambda: L.compute_weighted_loss(
        pred(), w23(), R.SUM_BY_NONZERO_WEIGHTS
    ),
    "compute_weighted_loss/nonzero_broadcast_weights": lambda: L.compute_weighted_loss(pred(), w13()),
    "compute_weighted_loss/nonzero_scalar_weight": lambda: L.compute_weighted_loss(pred(), 0.5),
    "compute_weighted_loss/nonzero_zero_weights": lambda: L.compute_weighted_loss(pred(), tf.zeros([1, 3])),
    "compute_weighted_loss/nan_weight": lambda: L.compute_weighted_loss(pred(), tf.tensor2d([[nan, 0, 1]])),
    "compute_weighted_loss/wide_weights": lambda: L.compute_weighted_loss(
        tf.tensor1d([1, 2, 3]), w23(), R.MEAN
    ),
    "compute_weighted_loss/inf": lambda: L.compute_weighted_loss(tf.tensor1d([inf, 1, -inf]), None, R.SUM),
    "compute_weighted_loss/large": lambda: L.compute_weighted_loss(
        tf.tensor1d([3e38, 3e38, 1]), None, R.MEAN
    ),
    "compute_weighted_loss/int32_none": lambda: L.compute_weighted_loss(
        tf.tensor([2147483647, 1], [2], "int32"), None, R.NONE
    ),
    "compute_weighted_loss/int32_sum": lambda: L.compute_weighted_loss(
        tf.tensor([2147483647, 1, 5], [3], "int32"), None, R.SUM
    ),
    "compute_weighted_loss/int32_mean": lambda: L.compute_weighted_loss(
        tf.tensor([3, 4], [2], "int32"), None, R.MEAN
    ),
    "compute_weighted_loss/int32_default": lambda: L.compute_weighted_loss(tf.tensor([3, 4], [2], "int32")),
    "compute_weighted_loss/int32_weights": lambda: L.compute_weighted_loss(
        tf.tensor([3, 4], [2], "int32"), tf.tensor([2, 0], [2], "int32")
    ),
    "compute_weighted_loss/bool_sum": lambda: L.compute_weighted_loss(
        tf.tensor([True, False, True]), None, R.SUM
    ),
    "compute_weighted_loss/bool_weights": lambda: L.compute_weighted_loss(
        tf.tensor1d([1, 2, 3]), tf.tensor([True, False, True]), R.SUM_BY_NONZERO_WEIGHTS
    ),
    "compute_weighted_loss/empty_default": lambda: L.compute_weighted_loss(tf.zeros([0, 3])),
    "compute_weighted_loss/empty_sum": lambda: L.compute_weighted_loss(tf.zeros([0, 3]), None, R.SUM),
    "compute_weighted_loss/empty_mean_weights": lambda: L.compute_weighted_loss(
        tf.zeros([0, 3]), tf.zeros([0, 3]), R.MEAN
    ),
    "compute_weighted_loss/empty_none": lambda: L.compute_weighted_loss(
        tf.zeros([2, 0]), tf.ones([1, 0]), R.NONE
    ),
    "compute_weighted_loss/scalar": lambda: L.compute_weighted_loss(tf.scalar(5), tf.scalar(2)),
    "compute_weighted_loss/bad_reduction": lambda: L.compute_weighted_loss(pred(), None, 7),
    "compute_weighted_loss/bad_weights": lambda: L.compute_weighted_loss(pred(), tf.ones([2, 2])),
    "absolute_difference/doc": lambda: L.absolute_difference(
        tf.tensor1d([1, 2, 3]), tf.tensor1d([0.5, 2, 5])
    ),
    "absolute_difference/default": lambda: L.absolute_difference(lab(), pred()),
    "absolute_difference/none": lambda: L.absolute_difference(lab(), pred(), None, R.NONE),
    "absolute_difference/weights_sum": lambda: L.absolute_difference(lab(), pred(), w23(), R.SUM),
    "absolute_difference/weights_mean": lambda: L.absolute_difference(lab(), pred(), w13(), R.MEAN),
    "absolute_difference/weights_nonzero": lambda: L.absolute_difference(lab(), pred(), w21()),
    "absolute_difference/edge": lambda: L.absolute_difference(
        tf.tensor1d([nan, inf, -0.0, 1e-30]), tf.tensor1d([1, inf, 0, -1e-30]), None, R.NONE
    ),
    "absolute_difference/int32": lambda: L.absolute_difference(
        tf.tensor([-2147483648, 5], [2], "int32"), tf.tensor([1, -5], [2], "int32"), None, R.NONE
    ),
    "absolute_difference/empty": lambda: L.absolute_difference(tf.zeros([0]), tf.zeros([0])),
    "absolute_difference/bad_shapes": lambda: L.absolute_difference([1, 2], [[1, 3]]),
    "absolute_difference/bad_weights": lambda: L.absolute_difference([1, 2], [1, 3], [1, 2, 3]),
    "absolute_difference/bad_reduction": lambda: L.absolute_difference([1, 2], [1, 3], None, 4),
    "cosine_distance/doc": lambda: L.cosine_distance(
        tf.tensor2d([[1, 0], [0, 1]]), tf.tensor2d([[0.6, 0.8], [0.6, 0.8]]), 1
    ),
    "cosine_distance/axis0": lambda: L.cosine_distance(lab(), pred(), 0),
    "cosine_distance/axis1_none": lambda: L.cosine_distance(lab(), pred(), 1, None, R.NONE),
    "cosine_distance/negative_axis_weights": lambda: L.cosine_distance(lab(), pred(), -1, w21(), R.SUM),
    "cosine_distance/weights_mean": lambda: L.cosine_distance(lab(), pred(), 0, w13(), R.MEAN),
    "cosine_distance/int32": lambda: L.cosine_distance(
        tf.tensor([[1, 2], [3, 4]], [2, 2], "int32"),
        tf.tensor([[1, 0], [0, 1]], [2, 2], "int32"),
        1,
        None,
        R.NONE,
    ),
    "cosine_distance/empty": lambda: L.cosine_distance(tf.zeros([2, 0]), tf.zeros([2, 0]), 1, None, R.NONE),
    "cosine_distance/bad_axis": lambda: L.cosine_distance([1, 2], [1, 3], 3),
    "cosine_distance/bad_shapes": lambda: L.cosine_distance([1, 2], [1, 3, 4], 0),
    "hinge_loss/doc": lambda: L.hinge_loss(tf.tensor1d([0, 1, 1]), tf.tensor1d([-0.5, 0.25, 2])),
    "hinge_loss/default": lambda: L.hinge_loss(lab(), pred()),
    "hinge_loss/none": lambda: L.hinge_loss(lab(), pred(), None, R.NONE),
    "hinge_loss/weights_mean": lambda: L.hinge_loss(lab(), pred(), w23(), R.MEAN),
    "hinge_loss/bool_labels": lambda: L.hinge_loss(
        tf.tensor([True, False]), tf.tensor1d([0.3, 0.3]), None, R.NONE
    ),
    "hinge_loss/int32": lambda: L.hinge_loss(
        tf.tensor([1, 0], [2], "int32"), tf.tensor([3, -4], [2], "int32"), None, R.NONE
    ),
    "hinge_loss/edge": lambda: L.hinge_loss(
        tf.tensor1d([1, 0, 1, 0]), tf.tensor1d([nan, inf, -inf, 3e38]), None, R.NONE
    ),
    "hinge_loss/bad_shapes": lambda: L.hinge_loss([1, 0], [0.5]),
    "huber_loss/doc": lambda: L.huber_loss(tf.tensor1d([1, 2, 3]), tf.tensor1d([1.5, 2, 6])),
    "huber_loss/default": lambda: L.huber_loss(lab(), pred()),
    "huber_loss/delta": lambda: L.huber_loss(lab(), pred(), None, 0.3, R.NONE),
    "huber_loss/delta_zero": lambda: L.huber_loss(lab(), pred(), None, 0, R.NONE),
    "huber_loss/weights_sum": lambda: L.huber_loss(lab(), pred(), w13(), 2, R.SUM),
    "huber_loss/edge": lambda: L.huber_loss(
        tf.tensor1d([0, 0, 0, 0]), tf.tensor1d([nan, inf, -0.0, 1e30]), None, 1, R.NONE
    ),
    "huber_loss/int32": lambda: L.huber_loss(
        tf.tensor([1, 0], [2], "int32"), tf.tensor([3, 0], [2], "int32"), None, 1, R.NONE
    ),
    "huber_loss/bad_shapes": lambda: L.huber_loss([1, 0], [[0.5, 1]]),
    "log_loss/doc": lambda: L.log_loss(tf.tensor1d([1, 0]), tf.tensor1d([0.5, 0.5])),
    "log_loss/default": lambda: L.log_loss(
        tf.tensor2d([[1, 0, 1], [0, 1, 0.5]]), tf.tensor2d([[0.9, 0.2, 0.3], [0.5, 0.99, 0.25]])
    ),
    "log_loss/none": lambda: L.log_loss(
        tf.tensor1d([1, 0, 1, 0]), tf.tensor1d([0, 1, 1, 0]), None, 1e-7, R.NONE
    ),
    "log_loss/epsilon_zero": lambda: L.log_loss(
        tf.tensor1d([1, 0, 1]), tf.tensor1d([0, 0, 0.5]), None, 0, R.NONE
    ),
    "log_loss/epsilon": lambda: L.log_loss(
        tf.tensor1d([1, 0, 1]), tf.tensor1d([0, 0.75, 0.5]), None, 0.1, R.NONE
    ),
    "log_loss/weights_mean": lambda: L.log_loss(
        tf.tensor1d([1, 0, 1]), tf.tensor1d([0.2, 0.75, 0.5]), tf.tensor1d([1, 2, 0]), 1e-7, R.MEAN
    ),
    "log_loss/bad_shapes": lambda: L.log_loss([1, 0], [0.5]),
    "mean_squared_error/doc": lambda: L.mean_squared_error(tf.tensor1d([1, 2, 3]), tf.tensor1d([1, 4, 4])),
    "mean_squared_error/default": lambda: L.mean_squared_error(lab(), pred()),
    "mean_squared_error/none": lambda: L.mean_squared_error(lab(), pred(), None, R.NONE),
    "mean_squared_error/weights_mean": lambda: L.mean_squared_error(lab(), pred(), w21(), R.MEAN),
    "mean_squared_error/weights_sum": lambda: L.mean_squared_error(lab(), pred(), 3, R.SUM),
    "mean_squared_error/int32": lambda: L.mean_squared_error(
        tf.tensor([1, 2], [2], "int32"), tf.tensor([1, 5], [2], "int32"), None, R.NONE
    ),
    "mean_squared_error/int32_sum": lambda: L.mean_squared_error(
        tf.tensor([1, 2], [2], "int32"), tf.tensor([1, 5], [2], "int32"), None, R.SUM
    ),
    "mean_squared_error/overflow": lambda: L.mean_squared_error(
        tf.tensor1d([3e38, -3e38, nan]), tf.tensor1d([-3e38, -3e38, 0]), None, R.NONE
    ),
    "mean_squared_error/bad_shapes": lambda: L.mean_squared_error([1, 2, 3], [1, 3]),
    "sigmoid_cross_entropy/doc": lambda: L.sigmoid_cross_entropy(tf.tensor1d([1, 0]), tf.tensor1d([0, 0])),
    "sigmoid_cross_entropy/default": lambda: L.sigmoid_cross_entropy(lab(), pred()),
    "sigmoid_cross_entropy/none": lambda: L.sigmoid_cross_entropy(lab(), pred(), None, 0, R.NONE),
    "sigmoid_cross_entropy/smoothing": lambda: L.sigmoid_cross_entropy(lab(), pred(), None, 0.1, R.NONE),
    "sigmoid_cross_entropy/negative_smoothing": lambda: L.sigmoid_cross_entropy(
        lab(), pred(), None, -0.5, R.NONE
    ),
    "sigmoid_cross_entropy/weights_mean": lambda: L.sigmoid_cross_entropy(lab(), pred(), w13(), 0.2, R.MEAN),
    "sigmoid_cross_entropy/edge": lambda: L.sigmoid_cross_entropy(
        tf.tensor1d([1, 0, 1, 0, 1]), tf.tensor1d([100, 100, -100, nan, inf]), None, 0, R.NONE
    ),
    "sigmoid_cross_entropy/int32": lambda: L.sigmoid_cross_entropy(
        tf.tensor([1, 0], [2], "int32"), tf.tensor([2, -3], [2], "int32"), None, 0, R.NONE
    ),
    "sigmoid_cross_entropy/bad_shapes": lambda: L.sigmoid_cross_entropy([1, 0], [0.5]),
    "softmax_cross_entropy/doc": lambda: L.softmax_cross_entropy(
        tf.tensor2d([[0, 1], [1, 0]]), tf.tensor2d([[0, 0], [0, 0]])
    ),
    "softmax_cross_entropy/default": lambda: L.softmax_cross_entropy(onehot(), logits()),
    "softmax_cross_entropy/none": lambda: L.softmax_cross_entropy(onehot(), logits(), None, 0, R.NONE),
    "softmax_cross_entropy/smoothing": lambda: L.softmax_cross_entropy(onehot(), logits(), None, 0.1, R.NONE),
    "softmax_cross_entropy/weights_sum": lambda: L.softmax_cross_entropy(
        onehot(), logits(), tf.tensor1d([2, 0.5]), 0, R.SUM
    ),
    "softmax_cross_entropy/weights_mean": lambda: L.softmax_cross_entropy(
        onehot(), logits(), tf.tensor1d([2, 0.5]), 0.2, R.MEAN
    ),
    "softmax_cross_entropy/weights_nonzero": lambda: L.softmax_cross_entropy(
        onehot(), logits(), tf.tensor1d([0, 3])
    ),
    "softmax_cross_entropy/rank1": lambda: L.softmax_cross_entropy([0, 1, 0], [1, 2, 3], None, 0, R.NONE),
    "softmax_cross_entropy/rank3_smoothing": lambda: L.softmax_cross_entropy(
        tf.div(tf.tensor3d(list(r(24)), [2, 3, 4]), 10),
        tf.neg(tf.tensor3d(list(r(24)), [2, 3, 4])),
        None,
        0.1,
        R.NONE,
    ),
    "softmax_cross_entropy/large": lambda: L.softmax_cross_entropy(
        tf.tensor2d([[0, 1], [1, 0]]), tf.tensor2d([[1000, -1000], [3e38, 3e38]]), None, 0, R.NONE
    ),
    "softmax_cross_entropy/inf_nan": lambda: L.softmax_cross_entropy(
        tf.tensor2d([[0, 1], [1, 0], [1, 0]]), tf.tensor2d([[-inf, 0], [inf, 0], [nan, 0]]), None, 0, R.NONE
    ),
    "softmax_cross_entropy/int32": lambda: L.softmax_cross_entropy(
        tf.tensor([[0, 1], [1, 0]], [2, 2], "int32"),
        tf.tensor([[1, 2], [3, 4]], [2, 2], "int32"),
        None,
        0,
        R.NONE,
    ),
    "softmax_cross_entropy/bool_labels": lambda: L.softmax_cross_entropy(
        tf.tensor2d([[False, True], [True, False]]), tf.tensor2d([[1, 2], [3, 4]]), None, 0, R.NONE
    ),
    "softmax_cross_entropy/empty_batch": lambda: L.softmax_cross_entropy(
        tf.zeros([0, 3]), tf.zeros([0, 3]), None, 0, R.NONE
    ),
    "softmax_cross_entropy/bad_rank0": lambda: L.softmax_cross_entropy(1, 2),
    "softmax_cross_entropy/bad_shapes": lambda: L.softmax_cross_entropy([[0, 1]], [[0, 1, 2]]),
    "softmax_cross_entropy/bad_weights": lambda: L.softmax_cross_entropy(
        onehot(), logits(), tf.tensor1d([1, 2, 3])
    ),
}
