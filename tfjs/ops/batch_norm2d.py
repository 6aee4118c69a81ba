from __future__ import annotations

from tfjs.ops.batch_norm import batch_norm_of_rank
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def batch_norm2d(
    x: TensorLike,
    mean: TensorLike,
    variance: TensorLike,
    offset: TensorLike | None = None,
    scale: TensorLike | None = None,
    variance_epsilon: float | None = None,
) -> Tensor:
    """Batch normalization, strictly for 2-D x: `tf.batch_norm` with x of rank 2 and
    mean, variance, offset and scale of rank 2 or 1.

    >>> tf.batch_norm2d(tf.tensor2d([[1, 2], [3, 4]]), [1, 2], [4, 1], [1, 1], None, 0).array_sync()
    [[1.0, 1.0], [2.0, 3.0]]
    """
    return batch_norm_of_rank(2, x, mean, variance, offset, scale, variance_epsilon)
