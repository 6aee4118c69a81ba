from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.operation import op
from tfjs.ops.zeros import filled
from tfjs.tensor import Tensor


@op
def ones(shape: Sequence[int], dtype: str = "float32") -> Tensor:
    """Creates a tensor with all elements set to 1.

    >>> tf.ones([2, 2], "int32").array_sync()
    [[1, 1], [1, 1]]
    """
    return filled(shape, dtype, 1, "ones")
