from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.concat import concat
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def concat2d(tensors: Sequence[TensorLike], axis: int) -> Tensor:
    """Concatenates a list of 2-D tensors along `axis`. Like TF.js, this is
    `concat` (the rank is not checked).

    >>> tf.concat2d([tf.tensor2d([[1, 2]]), tf.tensor2d([[3, 4]])], 0).array_sync()
    [[1.0, 2.0], [3.0, 4.0]]
    """
    return concat(tensors, axis)
