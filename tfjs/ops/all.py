from __future__ import annotations

from collections.abc import Sequence

from tfjs.kernel_names import ALL
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import reduce_op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def all(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Tensor:  # noqa: A001
    """Computes the logical and of a bool tensor across dimensions (all when `axis` is
    None). As in TF.js, a reduction over no values is false.

    >>> tf.all(tf.tensor2d([[True, True], [False, True]]), 1).array_sync()
    [True, False]
    """
    return reduce_op(ALL, x, axis, keep_dims, "all", "bool")
