from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SQRT
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def sqrt(x: TensorLike) -> Tensor:
    """Computes the square root of x element-wise (NaN below 0); x must be float32.

    >>> tf.sqrt(tf.tensor1d([4, 9])).array_sync()
    [2.0, 3.0]
    """
    return ENGINE.run_kernel(SQRT, {"x": convert_to_tensor(x, "x", "sqrt", "float32")})


@register_gradient(SQRT, save_inputs=("x",))
def _sqrt_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast
    from tfjs.ops.div import div
    from tfjs.ops.mul import mul

    return {"x": div(dy, mul(sqrt(cast(x, "float32")), 2))}
