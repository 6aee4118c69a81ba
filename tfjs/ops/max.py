from __future__ import annotations

from collections.abc import Sequence

from tfjs.kernel_names import MAX
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import reduce_op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def max(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Tensor:  # noqa: A001
    """Computes the maximum of elements across dimensions (all when `axis` is None); NaN
    wins, and the result has the input's dtype.

    >>> tf.max(tf.tensor2d([[1, 2], [3, 4]]), 1).array_sync()
    [2.0, 4.0]
    """
    return reduce_op(MAX, x, axis, keep_dims, "max", axis_attr="reduction_indices")
