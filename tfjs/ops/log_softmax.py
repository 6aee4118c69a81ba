from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tfjs.gradients import custom_grad
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.cast import cast
from tfjs.ops.exp import exp
from tfjs.ops.log import log
from tfjs.ops.max import max  # noqa: A004
from tfjs.ops.mul import mul
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
    logits_tensor = assert_not_complex(
        convert_to_tensor(logits, "logits", "log_softmax"), "log_softmax", "logits", "logSoftmax"
    )
    axis = last_axis(logits_tensor.rank, axis, "log_softmax", "Log Softmax", "axis")

    # TF.js's custom gradient, for numerical stability: dy - sum(dy) * exp(value).
    def forward(x: Tensor, save: Callable[[list[Tensor]], None]) -> dict[str, Any]:
        shifted = sub(x, max(x, axis, True))
        value = sub(cast(shifted, "float32"), log(sum(exp(shifted), axis, True)))
        save([value])

        def grad_func(dy: Tensor, saved: list[Tensor]) -> Tensor:
            return sub(dy, mul(sum(dy, axis, True), exp(saved[0])))

        return {"value": value, "grad_func": grad_func}

    return custom_grad(forward)(logits_tensor)
