from __future__ import annotations

from tfjs.ops.add import add
from tfjs.ops.log import log
from tfjs.ops.losses.compute_weighted_loss import reduce_weighted_loss
from tfjs.ops.losses.loss_ops_util import (
    Reduction,
    assert_shapes_match,
    check_weighted_loss,
    convert_weights,
)
from tfjs.ops.mul import mul
from tfjs.ops.neg import neg
from tfjs.ops.operation import op
from tfjs.ops.scalar import scalar
from tfjs.ops.sub import sub
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


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
    labels_tensor = convert_to_tensor(labels, "labels", "log_loss")
    predictions_tensor = convert_to_tensor(predictions, "predictions", "log_loss")
    weights_tensor = convert_weights(weights, "log_loss")
    assert_shapes_match(labels_tensor, predictions_tensor, "log_loss", "logLoss")
    checked = check_weighted_loss(labels_tensor.shape, weights_tensor, reduction, "log_loss")
    one = scalar(1)
    epsilon_scalar = scalar(epsilon)
    l1 = neg(mul(labels_tensor, log(add(predictions_tensor, epsilon_scalar))))
    l2 = mul(sub(one, labels_tensor), log(add(sub(one, predictions_tensor), epsilon_scalar)))
    return reduce_weighted_loss(sub(l1, l2), weights_tensor, checked)
