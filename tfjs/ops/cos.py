from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import COS
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def cos(x: TensorLike) -> Tensor:
    """Computes cos of the input element-wise: `cos(x)`; x must be float32.

    >>> import math
    >>> tf.cos(tf.tensor1d([0, math.pi / 2, math.pi * 3 / 4])).array_sync()
    [1.0, -4.371138828673793e-08, -0.7071067690849304]
    """
    return ENGINE.run_kernel(COS, {"x": convert_to_tensor(x, "x", "cos", "float32")})


@register_gradient(COS, save_inputs=("x",))
def _cos_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast
    from tfjs.ops.mul import mul
    from tfjs.ops.neg import neg
    from tfjs.ops.sin import sin

    return {"x": mul(neg(sin(cast(x, "float32"))), dy)}
