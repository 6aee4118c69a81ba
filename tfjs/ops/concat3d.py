from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.concat import concat
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def concat3d(tensors: Sequence[TensorLike], axis: int) -> Tensor:
    """Concatenates a list of 3-D tensors along `axis`. Like TF.js, this is
    `concat` (the rank is not checked).

    >>> tf.concat3d([tf.tensor3d([[[1]]]), tf.tensor3d([[[2]]])], 2).array_sync()
    [[[1.0, 2.0]]]
    """
    return concat(tensors, axis)
