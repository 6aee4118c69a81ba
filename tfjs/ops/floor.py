from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import FLOOR
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def floor(x: TensorLike) -> Tensor:
    """Computes floor of the input element-wise: `floor(x)`; x must be float32.

    >>> tf.floor(tf.tensor1d([0.6, 1.1, -3.3])).array_sync()
    [0.0, 1.0, -4.0]
    """
    return ENGINE.run_kernel(FLOOR, {"x": convert_to_tensor(x, "x", "floor", "float32")})


@register_gradient(FLOOR)
def _floor_grad(dy: Tensor) -> dict[str, Tensor]:
    # Zero almost everywhere: TF.js registers zeros rather than stopping backprop.
    from tfjs.ops.zeros_like import zeros_like

    return {"x": zeros_like(dy)}
