from __future__ import annotations

from functools import partial

from tfjs.ops.abs import abs  # noqa: A004
from tfjs.ops.add import add
from tfjs.ops.exp import exp
from tfjs.ops.log1p import log1p
from tfjs.ops.losses.compute_weighted_loss import elementwise_loss
from tfjs.ops.losses.loss_ops_util import Reduction
from tfjs.ops.mul import mul
from tfjs.ops.neg import neg
from tfjs.ops.operation import op
from tfjs.ops.random_util import check_number
from tfjs.ops.relu import relu
from tfjs.ops.scalar import scalar
from tfjs.ops.sub import sub
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def sigmoid_cross_entropy(
    multi_class_labels: TensorLike,
    logits: TensorLike,
    weights: TensorLike | None = None,
    label_smoothing: float = 0,
    reduction: Reduction | int = Reduction.SUM_BY_NONZERO_WEIGHTS,
) -> Tensor:
    """Computes the sigmoid cross entropy loss between two tensors, as
    max(x, 0) - x * z + log(1 + exp(-abs(x))) for logits x and labels z (no overflow).

    With `label_smoothing` > 0 the labels are smoothed towards 1/2:
    labels * (1 - label_smoothing) + 0.5 * label_smoothing. `weights`: rank 0 or the rank
    of the labels, broadcastable to them; `reduction`: a `tf.losses.Reduction`.

    >>> tf.losses.sigmoid_cross_entropy(tf.tensor1d([1, 0]), tf.tensor1d([0, 0])).array_sync()
    0.6931471824645996
    """
    smoothing = check_number(label_smoothing, "label_smoothing", "sigmoid_cross_entropy")
    loss = partial(_smoothed_sigmoid_cross_entropy, label_smoothing=smoothing)
    arg_names = ("multi_class_labels", "logits")
    op_names = ("sigmoid_cross_entropy", "sigmoidCrossEntropy")
    return elementwise_loss(
        loss, multi_class_labels, logits, weights, reduction, *op_names, arg_names, real_only=True
    )


def _smoothed_sigmoid_cross_entropy(labels: Tensor, logits: Tensor, label_smoothing: float) -> Tensor:
    """With `label_smoothing` > 0 the labels are first moved towards 1/2."""
    if label_smoothing > 0:
        smoothing = scalar(label_smoothing)
        labels = add(mul(labels, sub(scalar(1), smoothing)), mul(scalar(0.5), smoothing))
    return _sigmoid_cross_entropy_with_logits(labels, logits)


def _sigmoid_cross_entropy_with_logits(labels: Tensor, logits: Tensor) -> Tensor:
    """max(x, 0) - x * z + log1p(exp(-|x|)): x - x * z + log(1 + exp(-x)) rewritten so that
    exp never overflows."""
    return add(sub(relu(logits), mul(logits, labels)), log1p(exp(neg(abs(logits)))))
