from __future__ import annotations

from tfjs.ops.abs import abs  # noqa: A004
from tfjs.ops.losses.compute_weighted_loss import reduce_weighted_loss
from tfjs.ops.losses.loss_ops_util import (
    Reduction,
    assert_shapes_match,
    check_weighted_loss,
    convert_weights,
)
from tfjs.ops.operation import op
from tfjs.ops.sub import sub
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def absolute_difference(
    labels: TensorLike,
    predictions: TensorLike,
    weights: TensorLike | None = None,
    reduction: Reduction | int = Reduction.SUM_BY_NONZERO_WEIGHTS,
) -> Tensor:
    """Computes the absolute difference loss between two tensors.

    `labels`: the ground truth, same shape as `predictions`; `weights`: rank 0 or the rank
    of `labels`, broadcastable to it; `reduction`: a `tf.losses.Reduction`.

    >>> tf.losses.absolute_difference(tf.tensor1d([1, 2, 3]), tf.tensor1d([0.5, 2, 5])).array_sync()
    0.8333333134651184
    """
    labels_tensor = convert_to_tensor(labels, "labels", "absolute_difference")
    predictions_tensor = convert_to_tensor(predictions, "predictions", "absolute_difference")
    weights_tensor = convert_weights(weights, "absolute_difference")
    assert_shapes_match(labels_tensor, predictions_tensor, "absolute_difference", "absoluteDifference")
    checked = check_weighted_loss(labels_tensor.shape, weights_tensor, reduction, "absolute_difference")
    losses = abs(sub(labels_tensor, predictions_tensor))
    return reduce_weighted_loss(losses, weights_tensor, checked)
