from __future__ import annotations

from tfjs.ops.losses.compute_weighted_loss import reduce_weighted_loss
from tfjs.ops.losses.loss_ops_util import (
    Reduction,
    assert_shapes_match,
    check_weighted_loss,
    convert_weights,
)
from tfjs.ops.operation import op
from tfjs.ops.squared_difference import squared_difference
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def mean_squared_error(
    labels: TensorLike,
    predictions: TensorLike,
    weights: TensorLike | None = None,
    reduction: Reduction | int = Reduction.SUM_BY_NONZERO_WEIGHTS,
) -> Tensor:
    """Computes the mean squared error between two tensors.

    `labels`: the ground truth, same shape as `predictions`; `weights`: rank 0 or the rank
    of `labels`, broadcastable to it; `reduction`: a `tf.losses.Reduction`.

    >>> tf.losses.mean_squared_error(tf.tensor1d([1, 2, 3]), tf.tensor1d([1, 4, 4])).array_sync()
    1.6666666269302368
    """
    labels_tensor = convert_to_tensor(labels, "labels", "mean_squared_error")
    predictions_tensor = convert_to_tensor(predictions, "predictions", "mean_squared_error")
    weights_tensor = convert_weights(weights, "mean_squared_error")
    assert_shapes_match(labels_tensor, predictions_tensor, "mean_squared_error", "meanSquaredError")
    checked = check_weighted_loss(labels_tensor.shape, weights_tensor, reduction, "mean_squared_error")
    losses = squared_difference(labels_tensor, predictions_tensor)
    return reduce_weighted_loss(losses, weights_tensor, checked)
