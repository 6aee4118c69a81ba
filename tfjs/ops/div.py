from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import DIV
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import binary_inputs
from tfjs.ops.floor_div import floor_div
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def div(a: TensorLike, b: TensorLike) -> Tensor:
    """Divides two tensors element-wise, A / B. Supports broadcasting. Two int32 tensors
    divide as `floor_div` does and give int32, as in TF.js.

    >>> tf.div(tf.tensor1d([1, 4, 9]), tf.tensor1d([2, 2, 3])).array_sync()
    [0.5, 2.0, 3.0]
    """
    a, b = binary_inputs(a, b, "div")
    if a.dtype == "int32":
        return floor_div(a, b)
    return ENGINE.run_kernel(DIV, {"a": a, "b": b})


@register_gradient(DIV, save_inputs=("a", "b"))
def _div_grad(dy: Tensor, a: Tensor, b: Tensor) -> dict[str, Tensor]:
    return quotient_gradient(dy, a, b)


def quotient_gradient(dy: Tensor, a: Tensor, b: Tensor) -> dict[str, Tensor]:
    """d(a / b): TF.js's RealDiv gradient, which it gives FloorDiv too. The gradient of
    `b` is summed to b's shape before it is divided by b * b, in TF.js's order."""
    from tfjs.ops.broadcast_util import sum_to_shape
    from tfjs.ops.cast import cast
    from tfjs.ops.mul import mul
    from tfjs.ops.neg import neg
    from tfjs.ops.square import square

    grad_b = sum_to_shape(mul(dy, cast(a, "float32")), b.shape)
    return {
        "a": sum_to_shape(div(dy, cast(b, "float32")), a.shape),
        "b": neg(div(grad_b, cast(square(b), "float32"))),
    }
