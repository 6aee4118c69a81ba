from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.operation import op
from tfjs.ops.tensor_ops_util import make_ranked_tensor
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def tensor6d(values: TensorLike, shape: Sequence[int] | None = None, dtype: str | None = None) -> Tensor:
    """Creates a rank-6 tensor: from values nested to rank 6, or flat values and a shape.

    >>> tf.tensor6d([1, 2], [1, 1, 1, 1, 1, 2]).shape
    (1, 1, 1, 1, 1, 2)
    """
    return make_ranked_tensor(values, shape, dtype, 6, "tensor6d")
