from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.operation import op
from tfjs.ops.reverse import reverse_nd
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def reverse4d(x: TensorLike, axis: int | Sequence[int] | None = None) -> Tensor:
    """Reverses a 4-D tensor along `axis` (all when None).

    >>> tf.reverse4d(tf.tensor4d([[[[1, 2]]]]), 3).array_sync()
    [[[[2.0, 1.0]]]]
    """
    return reverse_nd(x, axis, 4, "reverse4d")
