from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import TANH
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def tanh(x: TensorLike) -> Tensor:
    """Computes hyperbolic tangent of the input element-wise: `tanh(x)`; x must be float32.

    >>> tf.tanh(tf.tensor1d([0, 1, -1, 70])).array_sync()
    [0.0, 0.7615941762924194, -0.7615941762924194, 1.0]
    """
    return ENGINE.run_kernel(TANH, {"x": convert_to_tensor(x, "x", "tanh", "float32")})


@register_gradient(TANH, save_outputs=True)
def _tanh_grad(dy: Tensor, y: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.mul import mul
    from tfjs.ops.scalar import scalar
    from tfjs.ops.square import square
    from tfjs.ops.sub import sub

    return {"x": mul(sub(scalar(1), square(y)), dy)}
