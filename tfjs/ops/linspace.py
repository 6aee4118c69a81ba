from __future__ import annotations

import math

from tfjs.engine import ENGINE
from tfjs.kernel_names import LIN_SPACE
from tfjs.ops.operation import op
from tfjs.ops.random_util import check_number
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size


@op
def linspace(start: float, stop: float, num: int) -> Tensor:
    """Returns `num` evenly spaced float32 values from `start` to `stop`: TF.js adds the
    step (stop - start) / (num - 1) to each stored value in turn.

    >>> tf.linspace(0, 9, 4).array_sync()
    [0.0, 3.0, 6.0, 9.0]
    """
    start = check_number(start, "start", "linspace")
    stop = check_number(stop, "stop", "linspace")
    count = check_number(num, "num", "linspace")
    if not (count > 0 and math.isfinite(count)):
        raise ValueError(f"linspace: The number of values should be positive. Got num={num!r}.")
    if count != int(count):
        raise ValueError(f"linspace: num must be an integer, got {num!r}")
    check_tensor_size([int(count)], "float32", "linspace")
    return ENGINE.run_kernel(LIN_SPACE, {}, {"start": start, "stop": stop, "num": int(count)})
