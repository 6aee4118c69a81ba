from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import MAXIMUM
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.cast import cast
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def maximum(a: TensorLike, b: TensorLike) -> Tensor:
    """Returns the max of a and b (`a > b ? a : b`) element-wise. Supports broadcasting.
    NaN in either gives NaN; bool tensors are compared as int32.

    >>> tf.maximum(tf.tensor1d([1, 4, 3, 16]), tf.tensor1d([1, 2, 9, 4])).array_sync()
    [1.0, 4.0, 9.0, 16.0]
    """
    a, b = binary_inputs(a, b, "maximum")
    assert_not_complex(a, "maximum", "a")
    if a.dtype == "bool":
        a, b = cast(a, "int32"), cast(b, "int32")
    return ENGINE.run_kernel(MAXIMUM, {"a": a, "b": b})


@register_gradient(MAXIMUM, save_inputs=("a", "b"))
def _maximum_grad(dy: Tensor, a: Tensor, b: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.broadcast_util import sum_to_shape
    from tfjs.ops.greater_equal import greater_equal
    from tfjs.ops.less import less
    from tfjs.ops.mul import mul

    # Ties (a >= b) send dy to `a`, as TF.js does. TF.js does not sum a broadcast
    # gradient back to the input's shape (its tape then rejects the shape); we do.
    return {
        "a": sum_to_shape(mul(dy, cast(greater_equal(a, b), "float32")), a.shape),
        "b": sum_to_shape(mul(dy, cast(less(a, b), "float32")), b.shape),
    }
