from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import LEAKY_RELU
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.clip_by_value import number_arg
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def leaky_relu(x: TensorLike, alpha: float = 0.2) -> Tensor:
    """Computes leaky rectified linear element-wise: `x < 0 ? alpha * x : x`; the
    result is float32 whatever x's dtype.

    >>> tf.leaky_relu(tf.tensor1d([-1, 2, -3, 4]), 0.1).array_sync()
    [-0.10000000149011612, 2.0, -0.30000001192092896, 4.0]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "leaky_relu"), "leaky_relu")
    slope = number_arg(alpha, "alpha", "leaky_relu")
    return ENGINE.run_kernel(LEAKY_RELU, {"x": x_tensor}, {"alpha": slope})


@register_gradient(LEAKY_RELU, save_inputs=("x",))
def _leaky_relu_grad(dy: Tensor, x: Tensor, alpha: float) -> dict[str, Tensor]:
    from tfjs.ops.greater import greater
    from tfjs.ops.mul import mul
    from tfjs.ops.where import where

    return {"x": where(greater(x, 0), dy, mul(dy, alpha))}
