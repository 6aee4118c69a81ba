from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import EXPM1
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def expm1(x: TensorLike) -> Tensor:
    """Computes exponential of the input minus one element-wise: `e ^ x - 1`.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.expm1(tf.tensor1d([1, 2, -3])).array_sync()
    [1.718281865119934, 6.389056205749512, -0.9502129554748535]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "expm1"), "expm1")
    return ENGINE.run_kernel(EXPM1, {"x": x_tensor})


@register_gradient(EXPM1, save_inputs=("x",))
def _expm1_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.exp import exp
    from tfjs.ops.mul import mul

    return {"x": mul(dy, exp(x))}
