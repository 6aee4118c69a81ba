from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.operation import op
from tfjs.ops.slice import slice_nd
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def slice3d(x: TensorLike, begin: Sequence[int], size: Sequence[int]) -> Tensor:
    """Extracts a slice from a 3-D numeric tensor (see `slice`).

    >>> tf.slice3d(tf.tensor3d([[[1, 2]], [[3, 4]]]), [1, 0, 1], [1, 1, 1]).array_sync()
    [[[4.0]]]
    """
    return slice_nd(x, begin, size, 3, "slice3d")
