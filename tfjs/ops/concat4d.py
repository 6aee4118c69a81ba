from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.concat import concat
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def concat4d(tensors: Sequence[TensorLike], axis: int) -> Tensor:
    """Concatenates a list of 4-D tensors along `axis`. Like TF.js, this is
    `concat` (the rank is not checked).

    >>> tf.concat4d([tf.tensor4d([[[[1]]]]), tf.tensor4d([[[[2]]]])], 3).shape
    (1, 1, 1, 2)
    """
    return concat(tensors, axis)
