from __future__ import annotations

from functools import partial

from tfjs.ops.add import add
from tfjs.ops.log import log
from tfjs.ops.losses.compute_weighted_loss import elementwise_loss
from tfjs.ops.losses.loss_ops_util import Reduction
from tfjs.ops.mul import mul
from tfjs.ops.neg import neg
from tfjs.ops.operation import op
from tfjs.ops.random_util import check_number
from tfjs.ops.scalar import scalar
from tfjs.ops.sub import sub
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def log_loss(
    labels: TensorLike,
    predictions: TensorLike,
    weights: TensorLike | None = None,
    epsilon: float = 1e-7,
    reduction: Reduction | int = Reduction.SUM_BY_NONZERO_WEIGHTS,
) -> Tensor:
    """Computes the log loss between two tensors:
    -labels * log(predictions + epsilon) - (1 - labels) * log(1 - predictions + epsilon),
    `epsilon` a small increment to avoid taking the log of zero.

    `labels`: the ground truth, same shape as `predictions`; `weights`: rank 0 or the rank
    of `labels`, broadcastable to it; `reduction`: a `tf.losses.Reduction`.

    >>> tf.losses.log_loss(tf.tensor1d([1, 0]), tf.tensor1d([0.5, 0.5])).array_sync()
    0.6931469440460205
    """
    loss = partial(_log_loss, epsilon=check_number(epsilon, "epsilon", "log_loss"))
    return elementwise_loss(
        loss, labels, predictions, weights, reduction, "log_loss", "logLoss", real_only=True
    )


def _log_loss(labels: Tensor, predictions: Tensor, epsilon: float) -> Tensor:
    one = scalar(1)
    epsilon_scalar = scalar(epsilon)
    l1 = neg(mul(labels, log(add(predictions, epsilon_scalar))))
    l2 = mul(sub(one, labels), log(add(sub(one, predictions), epsilon_scalar)))
    return sub(l1, l2)
