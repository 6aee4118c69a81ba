from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ACOSH
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def acosh(x: TensorLike) -> Tensor:
    """Computes the inverse hyperbolic cos of the input element-wise: `acosh(x)`; NaN below 1.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.acosh(tf.tensor1d([10, 1, 0.8])).array_sync()
    [2.993222951889038, 0.0, nan]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "acosh"), "acosh")
    return ENGINE.run_kernel(ACOSH, {"x": x_tensor})


@register_gradient(ACOSH, save_inputs=("x",))
def _acosh_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast
    from tfjs.ops.div import div
    from tfjs.ops.sqrt import sqrt
    from tfjs.ops.square import square
    from tfjs.ops.sub import sub

    a = sqrt(sub(square(cast(x, "float32")), 1))
    return {"x": div(dy, a)}
