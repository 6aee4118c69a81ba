from __future__ import annotations

from tfjs.ops.operation import op
from tfjs.ops.tensor_ops_util import make_ranked_tensor
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def tensor1d(values: TensorLike, dtype: str | None = None) -> Tensor:
    """Creates a rank-1 tensor: from values nested to rank 1, or flat values and a shape.

    >>> tf.tensor1d([1, 2, 3]).shape
    (3,)
    """
    return make_ranked_tensor(values, None, dtype, 1, "tensor1d")
