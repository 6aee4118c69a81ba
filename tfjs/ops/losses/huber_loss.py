from __future__ import annotations

from functools import partial

from tfjs.ops.abs import abs  # noqa: A004
from tfjs.ops.add import add
from tfjs.ops.losses.compute_weighted_loss import elementwise_loss
from tfjs.ops.losses.loss_ops_util import Reduction
from tfjs.ops.minimum import minimum
from tfjs.ops.mul import mul
from tfjs.ops.operation import op
from tfjs.ops.random_util import check_number
from tfjs.ops.scalar import scalar
from tfjs.ops.square import square
from tfjs.ops.sub import sub
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def huber_loss(
    labels: TensorLike,
    predictions: TensorLike,
    weights: TensorLike | None = None,
    delta: float = 1.0,
    reduction: Reduction | int = Reduction.SUM_BY_NONZERO_WEIGHTS,
) -> Tensor:
    """Computes the Huber loss between two tensors: quadratic in the error up to `delta`
    (the point where it changes from quadratic to linear), linear beyond.

    `labels`: the ground truth, same shape as `predictions`; `weights`: rank 0 or the rank
    of `labels`, broadcastable to it; `reduction`: a `tf.losses.Reduction`.

    >>> tf.losses.huber_loss(tf.tensor1d([1, 2, 3]), tf.tensor1d([1.5, 2, 6])).array_sync()
    0.875
    """
    loss = partial(_huber, delta=check_number(delta, "delta", "huber_loss"))
    return elementwise_loss(loss, labels, predictions, weights, reduction, "huber_loss", "huberLoss")


def _huber(labels: Tensor, predictions: Tensor, delta: float) -> Tensor:
    delta_scalar = scalar(delta)
    error = abs(sub(predictions, labels))
    quadratic = minimum(error, delta_scalar)
    linear = sub(error, quadratic)
    return add(mul(scalar(0.5), square(quadratic)), mul(delta_scalar, linear))
