from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import GREATER
from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def greater(a: TensorLike, b: TensorLike) -> Tensor:
    """Returns the truth value of (a > b) element-wise, as a bool tensor. Supports broadcasting.

    >>> tf.greater(tf.tensor1d([1, 2, 3]), tf.scalar(2)).array_sync()
    [False, False, True]
    """
    a, b = binary_inputs(a, b, "greater", "string_or_numeric")
    assert_not_complex(a, "greater", "a")
    return ENGINE.run_kernel(GREATER, {"a": a, "b": b})
