from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.cast import cast
from tfjs.ops.div import div
from tfjs.ops.losses.loss_ops_util import (
    Reduction,
    broadcast_factor,
    check_weighted_loss,
    convert_loss_inputs,
    convert_weights,
)
from tfjs.ops.mean import mean
from tfjs.ops.mul import mul
from tfjs.ops.not_equal import not_equal
from tfjs.ops.ones import ones
from tfjs.ops.operation import op
from tfjs.ops.scalar import scalar
from tfjs.ops.sum import sum  # noqa: A004
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def compute_weighted_loss(
    losses: TensorLike,
    weights: TensorLike | None = None,
    reduction: Reduction | int = Reduction.SUM_BY_NONZERO_WEIGHTS,
) -> Tensor:
    """Computes the weighted loss between two tensors.

    `losses`: a tensor of shape [batch_size, d1, ..., dN]; `weights`: a tensor whose rank
    is either 0 or the same rank as `losses`, broadcastable to it; `reduction`: a
    `tf.losses.Reduction` (TF.js's `tf.Reduction`).

    >>> tf.losses.compute_weighted_loss(tf.tensor2d([[1, 2], [3, 4]]), tf.tensor1d([0, 1])).array_sync()
    3.0
    """
    losses_tensor = convert_to_tensor(losses, "losses", "compute_weighted_loss")
    weights_tensor = convert_weights(weights, "compute_weighted_loss")
    checked = check_weighted_loss(losses_tensor.shape, weights_tensor, reduction, "compute_weighted_loss")
    return reduce_weighted_loss(losses_tensor, weights_tensor, checked)


def reduce_weighted_loss(losses: Tensor, weights: Tensor | None, reduction: Reduction) -> Tensor:
    """computeWeightedLoss's arithmetic on checked arguments, op for op as TF.js does it."""
    weighted = losses if weights is None else mul(losses, weights)
    if reduction == Reduction.NONE:
        return weighted
    if reduction == Reduction.SUM:
        return sum(weighted)
    if reduction == Reduction.MEAN:
        if weights is None:
            return mean(weighted)
        factor = broadcast_factor(losses.size, weights.size)
        result = div(sum(weighted), sum(weights))
        return div(result, scalar(factor)) if factor > 1 else result
    if weights is None:
        return div(sum(weighted), scalar(losses.size))
    broadcast_weights = mul(weights, ones(losses.shape))
    nonzero = cast(sum(not_equal(broadcast_weights, scalar(0))), "float32")
    return div(sum(weighted), nonzero)


def elementwise_loss(
    loss: Callable[[Tensor, Tensor], Tensor],
    labels: TensorLike,
    predictions: TensorLike,
    weights: TensorLike | None,
    reduction: Any,
    op_name: str,
    tfjs_name: str,
    names: tuple[str, str] = ("labels", "predictions"),
    real_only: bool = False,
) -> Tensor:
    """A loss of one value per element: the arguments converted and checked as TF.js
    does, then `loss(labels, predictions)` weighted and reduced. `real_only`: the loss
    uses ops that refuse complex64 (relu, log), so the loss refuses it first."""
    labels_tensor, predictions_tensor, weights_tensor = convert_loss_inputs(
        labels, predictions, weights, op_name, tfjs_name, names
    )
    if real_only:
        assert_not_complex(labels_tensor, op_name, names[0])
        assert_not_complex(predictions_tensor, op_name, names[1])
    checked = check_weighted_loss(labels_tensor.shape, weights_tensor, reduction, op_name)
    return reduce_weighted_loss(loss(labels_tensor, predictions_tensor), weights_tensor, checked)
