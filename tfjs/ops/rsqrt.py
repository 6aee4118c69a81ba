from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import RSQRT
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def rsqrt(x: TensorLike) -> Tensor:
    """Computes reciprocal of square root of the input element-wise: `1 / sqrt(x)`; x must be float32.

    >>> tf.rsqrt(tf.tensor1d([1, 2, 4, -1])).array_sync()
    [1.0, 0.7071067690849304, 0.5, nan]
    """
    return ENGINE.run_kernel(RSQRT, {"x": convert_to_tensor(x, "x", "rsqrt", "float32")})


@register_gradient(RSQRT, save_inputs=("x",))
def _rsqrt_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.div import div
    from tfjs.ops.mul import mul
    from tfjs.ops.neg import neg
    from tfjs.ops.pow import pow as power

    return {"x": neg(div(dy, mul(power(x, 1.5), 2)))}
