from __future__ import annotations

from tfjs.ops.operation import op
from tfjs.ops.slice import slice_nd
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def slice1d(x: TensorLike, begin: int, size: int) -> Tensor:
    """Extracts a slice from a 1-D numeric tensor (see `slice`).

    >>> tf.slice1d(tf.tensor1d([1, 2, 3, 4]), 1, 2).array_sync()
    [2.0, 3.0]
    """
    return slice_nd(x, begin, size, 1, "slice1d")
