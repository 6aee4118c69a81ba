from __future__ import annotations

from tfjs.kernel_names import CUMPROD
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import scan_op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def cumprod(x: TensorLike, axis: int = 0, exclusive: bool = False, reverse: bool = False) -> Tensor:
    """Computes the cumulative product along `axis`; `exclusive` leaves each element out of
    its own product, `reverse` multiplies from the end. bool and int32 multiply to int32.

    >>> tf.cumprod(tf.tensor1d([1, 2, 3, 4])).array_sync()
    [1.0, 2.0, 6.0, 24.0]
    >>> tf.cumprod(tf.tensor1d([1, 2, 3, 4]), 0, True).array_sync()
    [1.0, 1.0, 2.0, 6.0]
    """
    return scan_op(CUMPROD, x, axis, exclusive, reverse, "cumprod")
