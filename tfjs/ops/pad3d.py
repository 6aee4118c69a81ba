from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.ops.operation import op
from tfjs.ops.pad import pad
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def pad3d(x: TensorLike, paddings: Sequence[Sequence[int]], constant_value: float = 0) -> Tensor:
    """Pads a 3-D tensor with `constant_value` (see `pad`).

    >>> tf.pad3d(tf.tensor3d([1, 2], [1, 1, 2]), [[0, 0], [0, 0], [1, 0]]).array_sync()
    [[[0.0, 1.0, 2.0]]]
    """
    if (
        not isinstance(paddings, (list, tuple, np.ndarray))
        or len(paddings) != 3
        or any(not isinstance(p, (list, tuple, np.ndarray)) or len(p) != 2 for p in paddings)
    ):
        raise ValueError(f"pad3d: Invalid number of paddings. Must be length of 2 each. Got {paddings!r}.")
    return pad(x, paddings, constant_value)
