from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import LESS
from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def less(a: TensorLike, b: TensorLike) -> Tensor:
    """Returns the truth value of (a < b) element-wise, as a bool tensor. Supports broadcasting.

    >>> tf.less(tf.tensor1d([1, 2, 3]), tf.scalar(2)).array_sync()
    [True, False, False]
    """
    a, b = binary_inputs(a, b, "less", "string_or_numeric")
    assert_not_complex(a, "less", "a")
    return ENGINE.run_kernel(LESS, {"a": a, "b": b})
