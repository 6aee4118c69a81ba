from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import MULTIPLY
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import binary_inputs
from tfjs.ops.broadcast_util import sum_to_shape
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def mul(a: TensorLike, b: TensorLike) -> Tensor:
    """Multiplies two tensors element-wise, A * B. Supports broadcasting.

    >>> tf.mul(tf.tensor1d([1, 2, 3]), tf.tensor1d([2, 3, 4])).array_sync()
    [2.0, 6.0, 12.0]
    """
    a, b = binary_inputs(a, b, "mul")
    return ENGINE.run_kernel(MULTIPLY, {"a": a, "b": b})


@register_gradient(MULTIPLY, save_inputs=("a", "b"))
def _mul_grad(dy: Tensor, a: Tensor, b: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast

    return {
        "a": sum_to_shape(mul(dy, cast(b, "float32")), a.shape),
        "b": sum_to_shape(mul(dy, cast(a, "float32")), b.shape),
    }
