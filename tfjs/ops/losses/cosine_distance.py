from __future__ import annotations

from tfjs.ops.axis_util import reduction_axes
from tfjs.ops.losses.compute_weighted_loss import reduce_weighted_loss
from tfjs.ops.losses.loss_ops_util import Reduction, check_weighted_loss, convert_loss_inputs
from tfjs.ops.mul import mul
from tfjs.ops.operation import op
from tfjs.ops.scalar import scalar
from tfjs.ops.sub import sub
from tfjs.ops.sum import sum  # noqa: A004
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def cosine_distance(
    labels: TensorLike,
    predictions: TensorLike,
    axis: int,
    weights: TensorLike | None = None,
    reduction: Reduction | int = Reduction.SUM_BY_NONZERO_WEIGHTS,
) -> Tensor:
    """Computes the cosine distance loss between two tensors: 1 - sum(labels * predictions)
    along `axis` (the inputs are taken as already unit-normalised), that axis kept.

    `labels`: the ground truth, same shape as `predictions`; `weights`: rank 0 or the rank
    of `labels`, broadcastable to the losses; `reduction`: a `tf.losses.Reduction`.

    >>> labels = tf.tensor2d([[1, 0], [0, 1]])
    >>> tf.losses.cosine_distance(labels, tf.tensor2d([[0.6, 0.8], [0.6, 0.8]]), 1).array_sync()
    0.29999998211860657
    """
    labels_tensor, predictions_tensor, weights_tensor = convert_loss_inputs(
        labels, predictions, weights, "cosine_distance", "cosineDistance"
    )
    axes = reduction_axes(axis, labels_tensor.shape, "cosine_distance")
    losses_shape = [1 if i in axes else d for i, d in enumerate(labels_tensor.shape)]
    checked = check_weighted_loss(losses_shape, weights_tensor, reduction, "cosine_distance")
    losses = sub(scalar(1), sum(mul(labels_tensor, predictions_tensor), axis, True))
    return reduce_weighted_loss(losses, weights_tensor, checked)
