from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import EQUAL
from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def equal(a: TensorLike, b: TensorLike) -> Tensor:
    """Returns the truth value of (a == b) element-wise, as a bool tensor. Supports
    broadcasting; strings compare with strings.

    >>> tf.equal(tf.tensor1d([1, 2, 3]), tf.tensor1d([2, 2, 2])).array_sync()
    [False, True, False]
    """
    a, b = binary_inputs(a, b, "equal", "string_or_numeric")
    assert_not_complex(a, "equal", "a")
    return ENGINE.run_kernel(EQUAL, {"a": a, "b": b})
