from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SINH
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def sinh(x: TensorLike) -> Tensor:
    """Computes hyperbolic sin of the input element-wise: `sinh(x)`.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.sinh(tf.tensor1d([0, 1, -1, -2])).array_sync()
    [0.0, 1.175201177597046, -1.175201177597046, -3.6268603801727295]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "sinh"), "sinh")
    return ENGINE.run_kernel(SINH, {"x": x_tensor})


@register_gradient(SINH, save_inputs=("x",))
def _sinh_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast
    from tfjs.ops.cosh import cosh
    from tfjs.ops.mul import mul

    return {"x": mul(cosh(cast(x, "float32")), dy)}
