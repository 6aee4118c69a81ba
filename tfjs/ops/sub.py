from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SUB
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import binary_inputs
from tfjs.ops.broadcast_util import sum_to_shape
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def sub(a: TensorLike, b: TensorLike) -> Tensor:
    """Subtracts two tensors element-wise, A - B. Supports broadcasting.

    >>> tf.sub(tf.tensor1d([10, 20]), tf.scalar(5)).array_sync()
    [5.0, 15.0]
    """
    a, b = binary_inputs(a, b, "sub")
    return ENGINE.run_kernel(SUB, {"a": a, "b": b})


@register_gradient(SUB, save_inputs=("a", "b"))
def _sub_grad(dy: Tensor, a: Tensor, b: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.neg import neg

    return {"a": sum_to_shape(dy, a.shape), "b": neg(sum_to_shape(dy, b.shape))}
