from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ADD
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import binary_inputs
from tfjs.ops.broadcast_util import sum_to_shape
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def add(a: TensorLike, b: TensorLike) -> Tensor:
    """Adds two tensors element-wise, A + B. Supports broadcasting.

    >>> tf.add(tf.tensor1d([1, 2, 3, 4]), tf.tensor1d([10, 20, 30, 40])).array_sync()
    [11.0, 22.0, 33.0, 44.0]
    """
    a, b = binary_inputs(a, b, "add")
    return ENGINE.run_kernel(ADD, {"a": a, "b": b})


@register_gradient(ADD, save_inputs=("a", "b"))
def _add_grad(dy: Tensor, a: Tensor, b: Tensor) -> dict[str, Tensor]:
    return {"a": sum_to_shape(dy, a.shape), "b": sum_to_shape(dy, b.shape)}
