from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.concat import concat
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def concat1d(tensors: Sequence[TensorLike]) -> Tensor:
    """Concatenates a list of 1-D tensors. Like TF.js, this is `concat` (the rank is not checked).

    >>> tf.concat1d([tf.tensor1d([1, 2]), tf.tensor1d([3])]).array_sync()
    [1.0, 2.0, 3.0]
    """
    return concat(tensors, 0)
