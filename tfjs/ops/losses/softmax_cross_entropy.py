from __future__ import annotations

from tfjs.ops.add import add
from tfjs.ops.axis_util import reduction_axes
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.cast import cast
from tfjs.ops.div import div
from tfjs.ops.log_sum_exp import log_sum_exp
from tfjs.ops.losses.compute_weighted_loss import reduce_weighted_loss
from tfjs.ops.losses.loss_ops_util import Reduction, check_weighted_loss, convert_loss_inputs
from tfjs.ops.mul import mul
from tfjs.ops.neg import neg
from tfjs.ops.operation import op
from tfjs.ops.random_util import check_number
from tfjs.ops.scalar import scalar
from tfjs.ops.sub import sub
from tfjs.ops.sum import sum  # noqa: A004
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_util import TensorLike


@op
def softmax_cross_entropy(
    onehot_labels: TensorLike,
    logits: TensorLike,
    weights: TensorLike | None = None,
    label_smoothing: float = 0,
    reduction: Reduction | int = Reduction.SUM_BY_NONZERO_WEIGHTS,
) -> Tensor:
    """Computes the softmax cross entropy loss between two tensors, along the last axis:
    -sum(labels * log_softmax(logits)). Expects unscaled logits (it applies the softmax
    itself); each row of labels should be a probability distribution.

    With `label_smoothing` > 0 the labels are smoothed:
    labels * (1 - label_smoothing) + label_smoothing / num_classes, num_classes being
    `onehot_labels.shape[1]` as in TF.js. `weights`: rank 0 or 1, broadcastable to the
    losses of shape [batch_size]; `reduction`: a `tf.losses.Reduction`.

    >>> labels = tf.tensor2d([[0, 1], [1, 0]])
    >>> tf.losses.softmax_cross_entropy(labels, tf.tensor2d([[0, 0], [0, 0]])).array_sync()
    0.6931471824645996
    """
    labels, logits_tensor, weights_tensor = convert_loss_inputs(
        onehot_labels,
        logits,
        weights,
        "softmax_cross_entropy",
        "softmaxCrossEntropy",
        ("onehot_labels", "logits"),
    )
    assert_not_complex(logits_tensor, "softmax_cross_entropy", "logits")
    label_smoothing = check_number(label_smoothing, "label_smoothing", "softmax_cross_entropy")
    smoothing = label_smoothing > 0
    if smoothing and labels.rank < 2:
        raise ValueError(
            "softmax_cross_entropy: label_smoothing needs onehot_labels of rank 2 or more "
            f"(the number of classes is taken from shape[1]), got shape [{js_list(labels.shape)}]"
        )
    reduction_axes(-1, logits_tensor.shape, "softmax_cross_entropy")
    checked = check_weighted_loss(labels.shape[:-1], weights_tensor, reduction, "softmax_cross_entropy")
    if smoothing:
        smoothing_scalar = scalar(label_smoothing)
        num_classes = scalar(labels.shape[1])
        labels = add(mul(labels, sub(scalar(1), smoothing_scalar)), div(smoothing_scalar, num_classes))
    losses = _softmax_cross_entropy_with_logits(labels, logits_tensor)
    return reduce_weighted_loss(losses, weights_tensor, checked)


def _softmax_cross_entropy_with_logits(labels: Tensor, logits: Tensor) -> Tensor:
    """-sum(labels * (logits - logSumExp(logits))) along the last axis."""
    dim = logits.rank - 1
    log_result = sub(cast(logits, "float32"), log_sum_exp(logits, [dim], True))
    return sum(neg(mul(log_result, labels)), [dim])
