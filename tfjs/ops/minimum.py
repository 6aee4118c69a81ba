from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import MINIMUM
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.cast import cast
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def minimum(a: TensorLike, b: TensorLike) -> Tensor:
    """Returns the min of a and b (`a < b ? a : b`) element-wise. Supports broadcasting.
    NaN in either gives NaN; bool tensors are compared as int32.

    >>> tf.minimum(tf.tensor1d([1, 4, 3, 16]), tf.tensor1d([1, 2, 9, 4])).array_sync()
    [1.0, 2.0, 3.0, 4.0]
    """
    a, b = binary_inputs(a, b, "minimum")
    assert_not_complex(a, "minimum", "a")
    if a.dtype == "bool":
        a, b = cast(a, "int32"), cast(b, "int32")
    return ENGINE.run_kernel(MINIMUM, {"a": a, "b": b})


@register_gradient(MINIMUM, save_inputs=("a", "b"))
def _minimum_grad(dy: Tensor, a: Tensor, b: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.broadcast_util import sum_to_shape
    from tfjs.ops.greater import greater
    from tfjs.ops.less_equal import less_equal
    from tfjs.ops.mul import mul

    # Ties (a <= b) send dy to `a`, as TF.js does. TF.js does not sum a broadcast
    # gradient back to the input's shape (its tape then rejects the shape); we do.
    return {
        "a": sum_to_shape(mul(dy, cast(less_equal(a, b), "float32")), a.shape),
        "b": sum_to_shape(mul(dy, cast(greater(a, b), "float32")), b.shape),
    }
