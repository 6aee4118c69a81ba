from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.operation import op
from tfjs.ops.reverse import reverse_nd
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def reverse3d(x: TensorLike, axis: int | Sequence[int] | None = None) -> Tensor:
    """Reverses a 3-D tensor along `axis` (all when None).

    >>> tf.reverse3d(tf.tensor3d([[[1, 2]], [[3, 4]]]), [0, 2]).array_sync()
    [[[4.0, 3.0]], [[2.0, 1.0]]]
    """
    return reverse_nd(x, axis, 3, "reverse3d")
