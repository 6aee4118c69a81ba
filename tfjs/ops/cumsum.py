from __future__ import annotations

from tfjs.kernel_names import CUMSUM
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import scan_op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def cumsum(x: TensorLike, axis: int = 0, exclusive: bool = False, reverse: bool = False) -> Tensor:
    """Computes the cumulative sum along `axis`; `exclusive` leaves each element out of its
    own sum, `reverse` sums from the end. bool and int32 sum to int32.

    >>> tf.cumsum(tf.tensor1d([1, 2, 3, 4])).array_sync()
    [1.0, 3.0, 6.0, 10.0]
    >>> tf.cumsum(tf.tensor1d([1, 2, 3, 4]), 0, True, True).array_sync()
    [9.0, 7.0, 4.0, 0.0]
    """
    return scan_op(CUMSUM, x, axis, exclusive, reverse, "cumsum")
