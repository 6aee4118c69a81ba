from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ATAN2
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def atan2(a: TensorLike, b: TensorLike) -> Tensor:
    """Computes arctangent of `a / b` element-wise: `atan2(a, b)`, with the quadrant
    from the signs of both. Supports broadcasting. The result keeps the inputs' dtype,
    so int32 inputs give truncated int32 angles, as in TF.js.

    >>> tf.atan2(tf.tensor1d([1, -1, 0]), tf.tensor1d([0, 0, -1])).array_sync()
    [1.5707963705062866, -1.5707963705062866, 3.1415927410125732]
    """
    a, b = binary_inputs(a, b, "atan2")
    assert_not_complex(a, "atan2", "a")
    return ENGINE.run_kernel(ATAN2, {"a": a, "b": b})


@register_gradient(ATAN2, save_inputs=("a", "b"))
def _atan2_grad(dy: Tensor, a: Tensor, b: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.add import add
    from tfjs.ops.broadcast_util import sum_to_shape
    from tfjs.ops.div import div
    from tfjs.ops.mul import mul
    from tfjs.ops.neg import neg
    from tfjs.ops.square import square

    d = add(square(a), square(b))
    return {
        "a": sum_to_shape(mul(dy, div(b, d)), a.shape),
        "b": sum_to_shape(neg(mul(dy, div(a, d))), b.shape),
    }
