from __future__ import annotations

from tfjs.ops.losses.compute_weighted_loss import elementwise_loss
from tfjs.ops.losses.loss_ops_util import Reduction
from tfjs.ops.operation import op
from tfjs.ops.squared_difference import squared_difference
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


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
    return elementwise_loss(
        squared_difference,
        labels,
        predictions,
        weights,
        reduction,
        "mean_squared_error",
        "meanSquaredError",
        real_only=True,
    )
