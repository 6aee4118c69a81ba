from __future__ import annotations

from collections.abc import Sequence

from tfjs.kernel_names import MIN
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import reduce_op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def min(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Tensor:  # noqa: A001
    """Computes the minimum of elements across dimensions (all when `axis` is None); NaN
    wins, and the result has the input's dtype.

    >>> tf.min(tf.tensor2d([[1, 2], [3, 4]]), 0).array_sync()
    [1.0, 2.0]
    """
    return reduce_op(MIN, x, axis, keep_dims, "min")
