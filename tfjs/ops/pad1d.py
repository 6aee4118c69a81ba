from __future__ import annotations

import numpy as np

from tfjs.ops.operation import op
from tfjs.ops.pad import pad
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def pad1d(x: TensorLike, paddings: tuple[int, int], constant_value: float = 0) -> Tensor:
    """Pads a 1-D tensor with `constant_value` (see `pad`).

    >>> tf.pad1d(tf.tensor1d([1, 2]), [1, 1]).array_sync()
    [0.0, 1.0, 2.0, 0.0]
    """
    if not isinstance(paddings, (list, tuple, np.ndarray)) or len(paddings) != 2:
        raise ValueError(f"pad1d: Invalid number of paddings. Must be length of 2. Got {paddings!r}.")
    return pad(x, [paddings], constant_value)
