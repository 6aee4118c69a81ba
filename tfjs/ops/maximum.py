from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import MAXIMUM
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
