from __future__ import annotations

from tfjs.ops.binary_util import binary_inputs
from tfjs.ops.logical_and import logical_and
from tfjs.ops.logical_not import logical_not
from tfjs.ops.logical_or import logical_or
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def logical_xor(a: TensorLike, b: TensorLike) -> Tensor:
    """Returns the truth value of `a XOR b` element-wise. Supports broadcasting. Both
    inputs must be bool tensors.

    >>> a = tf.tensor1d([False, False, True, True])
    >>> b = tf.tensor1d([False, True, False, True])
    >>> tf.logical_xor(a, b).array_sync()
    [False, True, True, False]
    """
    a, b = binary_inputs(a, b, "logical_xor", "bool")
    # x ^ y = (x | y) & ~(x & y), as TF.js composes it.
    return logical_and(logical_or(a, b), logical_not(logical_and(a, b)))
