from __future__ import annotations

from collections.abc import Sequence

from tfjs.kernel_names import ANY
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import reduce_op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def any(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Tensor:  # noqa: A001
    """Computes the logical or of a bool tensor across dimensions (all when `axis` is None).

    >>> tf.any(tf.tensor2d([[False, False], [False, True]]), 1).array_sync()
    [False, True]
    """
    return reduce_op(ANY, x, axis, keep_dims, "any", "bool")
