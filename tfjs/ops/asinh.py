from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ASINH
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def asinh(x: TensorLike) -> Tensor:
    """Computes inverse hyperbolic sin of the input element-wise: `asinh(x)`.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.asinh(tf.tensor1d([0, 1, -1, 0.7])).array_sync()
    [0.0, 0.8813735842704773, -0.8813735842704773, 0.6526665687561035]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "asinh"), "asinh")
    return ENGINE.run_kernel(ASINH, {"x": x_tensor})


@register_gradient(ASINH, save_inputs=("x",))
def _asinh_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.add import add
    from tfjs.ops.cast import cast
    from tfjs.ops.div import div
    from tfjs.ops.scalar import scalar
    from tfjs.ops.sqrt import sqrt
    from tfjs.ops.square import square

    a = sqrt(add(scalar(1), square(cast(x, "float32"))))
    return {"x": div(dy, a)}
