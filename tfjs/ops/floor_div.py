from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import FLOOR_DIV
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def floor_div(a: TensorLike, b: TensorLike) -> Tensor:
    """Divides two tensors element-wise, rounding the result down (floor(A / B)). The
    result is int32, as in TF.js; dividing by 0 gives 0, as an Int32Array stores Infinity.

    >>> tf.floor_div(tf.tensor1d([7, -7]), tf.tensor1d([2, 2])).array_sync()
    [3, -4]
    """
    a, b = binary_inputs(a, b, "floor_div")
    assert_not_complex(a, "floor_div", "a")
    return ENGINE.run_kernel(FLOOR_DIV, {"a": a, "b": b})


@register_gradient(FLOOR_DIV, save_inputs=("a", "b"))
def _floor_div_grad(dy: Tensor, a: Tensor, b: Tensor) -> dict[str, Tensor]:
    # TF.js's FloorDiv_grad.ts is RealDiv's gradient (not the zero a step function has).
    from tfjs.ops.div import quotient_gradient

    return quotient_gradient(dy, a, b)
