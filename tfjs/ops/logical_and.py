from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import LOGICAL_AND
from tfjs.ops.binary_util import binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def logical_and(a: TensorLike, b: TensorLike) -> Tensor:
    """Returns the truth value of `a AND b` element-wise. Supports broadcasting. Both
    inputs must be bool tensors (Python values become bool tensors).

    >>> a = tf.tensor1d([False, False, True, True])
    >>> b = tf.tensor1d([False, True, False, True])
    >>> tf.logical_and(a, b).array_sync()
    [False, False, False, True]
    """
    a, b = binary_inputs(a, b, "logical_and", "bool")
    return ENGINE.run_kernel(LOGICAL_AND, {"a": a, "b": b})
