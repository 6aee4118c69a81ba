from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ATAN
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def atan(x: TensorLike) -> Tensor:
    """Computes atan of the input element-wise: `atan(x)`.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.atan(tf.tensor1d([0, 1, -1, 0.7])).array_sync()
    [0.0, 0.7853981852531433, -0.7853981852531433, 0.6107259392738342]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "atan"), "atan")
    return ENGINE.run_kernel(ATAN, {"x": x_tensor})


@register_gradient(ATAN, save_inputs=("x",))
def _atan_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.add import add
    from tfjs.ops.cast import cast
    from tfjs.ops.div import div
    from tfjs.ops.square import square

    return {"x": div(dy, add(square(cast(x, "float32")), 1))}
