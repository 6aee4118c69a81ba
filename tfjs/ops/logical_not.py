from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import LOGICAL_NOT
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def logical_not(x: TensorLike) -> Tensor:
    """Returns the truth value of `NOT x` element-wise. `x` must be a bool tensor.

    >>> tf.logical_not(tf.tensor1d([False, True])).array_sync()
    [True, False]
    """
    return ENGINE.run_kernel(LOGICAL_NOT, {"x": convert_to_tensor(x, "x", "logical_not", "bool")})
