from __future__ import annotations

from tfjs.ops.operation import op
from tfjs.ops.reverse import reverse_nd
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def reverse1d(x: TensorLike) -> Tensor:
    """Reverses a 1-D tensor.

    >>> tf.reverse1d(tf.tensor1d([1, 2, 3])).array_sync()
    [3.0, 2.0, 1.0]
    """
    return reverse_nd(x, 0, 1, "reverse1d")
