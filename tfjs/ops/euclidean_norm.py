from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.norm import norm_of
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def euclidean_norm(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Tensor:
    """Computes the Euclidean norm of scalar, vectors, and matrices: `norm(x,
    'euclidean', axis, keep_dims)`.

    >>> tf.euclidean_norm(tf.tensor2d([[3, 4], [6, 8]]), 1).array_sync()
    [5.0, 10.0]
    """
    return norm_of(x, "euclidean", axis, keep_dims, "euclidean_norm")
