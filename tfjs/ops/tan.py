from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import TAN
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def tan(x: TensorLike) -> Tensor:
    """Computes tan of the input element-wise: `tan(x)`; x must be float32.

    >>> import math
    >>> tf.tan(tf.tensor1d([0, math.pi / 2, math.pi * 3 / 4])).array_sync()
    [0.0, -22877332.0, -1.0]
    """
    return ENGINE.run_kernel(TAN, {"x": convert_to_tensor(x, "x", "tan", "float32")})


@register_gradient(TAN, save_inputs=("x",))
def _tan_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cos import cos
    from tfjs.ops.div import div
    from tfjs.ops.square import square

    return {"x": div(dy, square(cos(x)))}
