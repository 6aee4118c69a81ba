from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SOFTPLUS
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def softplus(x: TensorLike) -> Tensor:
    """Computes softplus of the input element-wise: `log(exp(x) + 1)`.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.softplus(tf.tensor1d([0, 1, -1, -2])).array_sync()
    [0.6931471824645996, 1.31326162815094, 0.3132616877555847, 0.12692801654338837]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "softplus"), "softplus")
    return ENGINE.run_kernel(SOFTPLUS, {"x": x_tensor})


@register_gradient(SOFTPLUS, save_inputs=("x",))
def _softplus_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.mul import mul
    from tfjs.ops.sigmoid import sigmoid

    return {"x": mul(dy, sigmoid(x))}
