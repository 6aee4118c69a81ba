from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SIN
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def sin(x: TensorLike) -> Tensor:
    """Computes sin of the input element-wise: `sin(x)`; x must be float32.

    >>> import math
    >>> tf.sin(tf.tensor1d([0, math.pi / 2, math.pi * 3 / 4])).array_sync()
    [0.0, 1.0, 0.7071067690849304]
    """
    return ENGINE.run_kernel(SIN, {"x": convert_to_tensor(x, "x", "sin", "float32")})


@register_gradient(SIN, save_inputs=("x",))
def _sin_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast
    from tfjs.ops.cos import cos
    from tfjs.ops.mul import mul

    return {"x": mul(cos(cast(x, "float32")), dy)}
