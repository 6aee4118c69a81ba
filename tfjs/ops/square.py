from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SQUARE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def square(x: TensorLike) -> Tensor:
    """Computes x * x element-wise.

    >>> tf.square(tf.tensor1d([1, -2, 3])).array_sync()
    [1.0, 4.0, 9.0]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "square"), "square")
    return ENGINE.run_kernel(SQUARE, {"x": x_tensor})


@register_gradient(SQUARE, save_inputs=("x",))
def _square_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast
    from tfjs.ops.mul import mul

    return {"x": mul(dy, mul(cast(x, "float32"), 2))}
