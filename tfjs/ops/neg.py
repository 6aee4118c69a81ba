from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import NEG
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def neg(x: TensorLike) -> Tensor:
    """Computes -1 * x element-wise.

    >>> tf.neg(tf.tensor1d([1, -2])).array_sync()
    [-1.0, 2.0]
    """
    return ENGINE.run_kernel(NEG, {"x": convert_to_tensor(x, "x", "neg")})


@register_gradient(NEG)
def _neg_grad(dy: Tensor) -> dict[str, Tensor]:
    return {"x": neg(dy)}
