from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import LOGICAL_OR
from tfjs.ops.binary_util import binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def logical_or(a: TensorLike, b: TensorLike) -> Tensor:
    """Returns the truth value of `a OR b` element-wise. Supports broadcasting. Both
    inputs must be bool tensors (Python values become bool tensors).

    >>> a = tf.tensor1d([False, False, True, True])
    >>> b = tf.tensor1d([False, True, False, True])
    >>> tf.logical_or(a, b).array_sync()
    [False, True, True, True]
    """
    a, b = binary_inputs(a, b, "logical_or", "bool")
    return ENGINE.run_kernel(LOGICAL_OR, {"a": a, "b": b})
