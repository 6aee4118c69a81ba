from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import CEIL
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def ceil(x: TensorLike) -> Tensor:
    """Computes ceiling of the input element-wise: `ceil(x)`; x must be float32.

    >>> tf.ceil(tf.tensor1d([0.6, 1.1, -3.3])).array_sync()
    [1.0, 2.0, -3.0]
    """
    return ENGINE.run_kernel(CEIL, {"x": convert_to_tensor(x, "x", "ceil", "float32")})


@register_gradient(CEIL)
def _ceil_grad(dy: Tensor) -> dict[str, Tensor]:
    # Zero almost everywhere: TF.js registers zeros rather than stopping backprop.
    from tfjs.ops.zeros_like import zeros_like

    return {"x": zeros_like(dy)}
