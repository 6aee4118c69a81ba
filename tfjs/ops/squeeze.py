from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


def squeeze_shape(shape: Sequence[int], axis: int | Sequence[int] | None, op_name: str) -> tuple[int, ...]:
    """`shape` without its dimensions of size 1 (only those in `axis` when given; an
    empty `axis` means all), as TF.js's squeezeShape."""
    rank = len(shape)
    axes = [axis] if isinstance(axis, (int, np.integer)) and not isinstance(axis, bool) else axis
    if axes is None or (isinstance(axes, (list, tuple)) and len(axes) == 0):
        return tuple(d for d in shape if d != 1)
    if not isinstance(axes, (list, tuple, np.ndarray)) or any(
        isinstance(a, bool) or not isinstance(a, (int, np.integer)) for a in axes
    ):
        raise TypeError(f"{op_name}: axis must be an int, a list of ints or None, got {axis!r}")
    if any(not -rank <= a < rank for a in axes):
        raise ValueError(
            f"{op_name}: All values in axis param must be in range [-{rank}, {rank}) but got axis "
            + ",".join(str(int(a)) for a in axes)
        )
    chosen = {int(a) % rank for a in axes}
    for i in sorted(chosen):
        if shape[i] != 1:
            raise ValueError(f"{op_name}: Can't squeeze axis {i} since its dim '{shape[i]}' is not 1")
    return tuple(d for i, d in enumerate(shape) if i not in chosen)


@op
def squeeze(x: TensorLike, axis: int | Sequence[int] | None = None) -> Tensor:
    """Removes dimensions of size 1 from the shape of `x` (only those in `axis` when it
    is given); shares the buffer of `x`.

    >>> tf.squeeze(tf.tensor3d([1, 2, 3, 4], [1, 4, 1])).shape
    (4,)
    """
    x_tensor = convert_to_tensor(x, "x", "squeeze", "string_or_numeric")
    return reshape(x_tensor, list(squeeze_shape(x_tensor.shape, axis, "squeeze")))
