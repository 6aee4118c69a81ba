from __future__ import annotations

from collections.abc import Sequence

from tfjs.kernel_names import PROD
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import reduce_op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def prod(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Tensor:
    """Computes the product of elements across dimensions (all when `axis` is None), in
    double precision; bool and int32 multiply to int32 (wrapping as an Int32Array does).

    >>> tf.prod(tf.tensor2d([[1, 2], [3, 4]]), 1).array_sync()
    [2.0, 12.0]
    """
    return reduce_op(PROD, x, axis, keep_dims, "prod")
