from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import EXP
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def exp(x: TensorLike) -> Tensor:
    """Computes e ** x element-wise; the result is float32.

    >>> tf.exp(tf.tensor1d([0, 1])).array_sync()
    [1.0, 2.7182817459106445]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "exp"), "exp")
    return ENGINE.run_kernel(EXP, {"x": x_tensor})


@register_gradient(EXP, save_outputs=True)
def _exp_grad(dy: Tensor, y: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.mul import mul

    return {"x": mul(dy, y)}
