from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.operation import op
from tfjs.ops.reverse import reverse_nd
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def reverse2d(x: TensorLike, axis: int | Sequence[int] | None = None) -> Tensor:
    """Reverses a 2-D tensor along `axis` (all when None).

    >>> tf.reverse2d(tf.tensor2d([[1, 2], [3, 4]]), 0).array_sync()
    [[3.0, 4.0], [1.0, 2.0]]
    """
    return reverse_nd(x, axis, 2, "reverse2d")
