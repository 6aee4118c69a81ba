from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import MOD
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def mod(a: TensorLike, b: TensorLike) -> Tensor:
    """Element-wise remainder of division, A % B; the result takes the sign of B.
    Supports broadcasting.

    >>> tf.mod(tf.tensor1d([5, -5]), tf.scalar(3)).array_sync()
    [2.0, 1.0]
    """
    a, b = binary_inputs(a, b, "mod")
    assert_not_complex(a, "mod", "a")
    return ENGINE.run_kernel(MOD, {"a": a, "b": b})


@register_gradient(MOD, save_inputs=("a", "b"))
def _mod_grad(dy: Tensor, a: Tensor, b: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.broadcast_util import sum_to_shape
    from tfjs.ops.div import div
    from tfjs.ops.floor import floor
    from tfjs.ops.mul import mul
    from tfjs.ops.neg import neg

    return {
        "a": sum_to_shape(dy, a.shape),
        "b": sum_to_shape(mul(dy, neg(floor(div(a, b)))), b.shape),
    }
