from __future__ import annotations

from tfjs.ops.losses.compute_weighted_loss import elementwise_loss
from tfjs.ops.losses.loss_ops_util import Reduction
from tfjs.ops.mul import mul
from tfjs.ops.operation import op
from tfjs.ops.relu import relu
from tfjs.ops.scalar import scalar
from tfjs.ops.sub import sub
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def hinge_loss(
    labels: TensorLike,
    predictions: TensorLike,
    weights: TensorLike | None = None,
    reduction: Reduction | int = Reduction.SUM_BY_NONZERO_WEIGHTS,
) -> Tensor:
    """Computes the hinge loss between two tensors: relu(1 - (2 * labels - 1) * predictions),
    the binary labels (0 or 1) taken as -1 or 1.

    `labels`: the ground truth, same shape as `predictions`; `weights`: rank 0 or the rank
    of `labels`, broadcastable to it; `reduction`: a `tf.losses.Reduction`.

    >>> tf.losses.hinge_loss(tf.tensor1d([0, 1, 1]), tf.tensor1d([-0.5, 0.25, 2])).array_sync()
    0.4166666567325592
    """
    return elementwise_loss(
        _hinge, labels, predictions, weights, reduction, "hinge_loss", "hingeLoss", real_only=True
    )


def _hinge(labels: Tensor, predictions: Tensor) -> Tensor:
    one = scalar(1)
    signs = sub(mul(scalar(2), labels), one)
    return relu(sub(one, mul(signs, predictions)))
