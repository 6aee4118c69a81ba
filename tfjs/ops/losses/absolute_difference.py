from __future__ import annotations

from tfjs.ops.abs import abs  # noqa: A004
from tfjs.ops.losses.compute_weighted_loss import elementwise_loss
from tfjs.ops.losses.loss_ops_util import Reduction
from tfjs.ops.operation import op
from tfjs.ops.sub import sub
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


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
    return elementwise_loss(
        _abs_difference, labels, predictions, weights, reduction, "absolute_difference", "absoluteDifference"
    )


def _abs_difference(labels: Tensor, predictions: Tensor) -> Tensor:
    return abs(sub(labels, predictions))
