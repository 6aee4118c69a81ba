from __future__ import annotations

from tfjs.ops.cast import cast
from tfjs.ops.exp import exp
from tfjs.ops.log import log
from tfjs.ops.max import max  # noqa: A004
from tfjs.ops.operation import op
from tfjs.ops.softmax import last_axis
from tfjs.ops.sub import sub
from tfjs.ops.sum import sum  # noqa: A004
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def log_softmax(logits: TensorLike, axis: int = -1) -> Tensor:
    """Computes the log softmax along the last dimension, `axis` (no other dimension is
    supported, as in TF.js): `logits - max - log(sum(exp(logits - max)))`.

    >>> tf.log_softmax(tf.tensor1d([0, 0])).array_sync()
    [-0.6931471824645996, -0.6931471824645996]
    """
    logits_tensor = convert_to_tensor(logits, "logits", "log_softmax")
    axis = last_axis(logits_tensor.rank, axis, "log_softmax", "Log Softmax", "axis")
    shifted = sub(logits_tensor, max(logits_tensor, axis, True))
    return sub(cast(shifted, "float32"), log(sum(exp(shifted), axis, True)))
