from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SQUARED_DIFFERENCE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def squared_difference(a: TensorLike, b: TensorLike) -> Tensor:
    """Returns (a - b) * (a - b) element-wise. Supports broadcasting.

    >>> tf.squared_difference(tf.tensor1d([1, 4, 3, 16]), tf.tensor1d([1, 2, 9, 4])).array_sync()
    [0.0, 4.0, 36.0, 144.0]
    """
    a, b = binary_inputs(a, b, "squared_difference")
    assert_not_complex(a, "squared_difference", "a")
    return ENGINE.run_kernel(SQUARED_DIFFERENCE, {"a": a, "b": b})


@register_gradient(SQUARED_DIFFERENCE, save_inputs=("a", "b"))
def _squared_difference_grad(dy: Tensor, a: Tensor, b: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.broadcast_util import sum_to_shape
    from tfjs.ops.mul import mul
    from tfjs.ops.scalar import scalar
    from tfjs.ops.sub import sub

    # TF.js does not sum a broadcast gradient back to the input's shape (its tape then
    # rejects the shape); we do.
    two = scalar(2)
    return {
        "a": sum_to_shape(mul(dy, mul(two, sub(a, b))), a.shape),
        "b": sum_to_shape(mul(dy, mul(two, sub(b, a))), b.shape),
    }
