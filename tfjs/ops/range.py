from __future__ import annotations

from tfjs.backend_util.range_length import range_length
from tfjs.engine import ENGINE
from tfjs.kernel_names import RANGE
from tfjs.ops.operation import op
from tfjs.ops.random_util import check_number
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_text
from tfjs.tensor_size import check_tensor_size


@op
def range(start: float, stop: float, step: float = 1, dtype: str = "float32") -> Tensor:  # noqa: A001
    """Creates a 1-D tensor of the numbers from `start` up to (not including) `stop`.

    As in TF.js, each value is the previous stored value plus `step` (float32 steps
    round as they accumulate, int32 truncates each one), a decreasing range with the
    default step counts down, and a range going the other way than `step` is empty.

    >>> tf.range(0, 9, 2).array_sync()
    [0.0, 2.0, 4.0, 6.0, 8.0]
    """
    start = check_number(start, "start", "range")
    stop = check_number(stop, "stop", "range")
    step = check_number(step, "step", "range")
    if step == 0:
        raise ValueError(f"range: Cannot have a step of zero (start={start!r}, stop={stop!r}, step=0)")
    if not isinstance(dtype, str) or dtype not in ("float32", "int32"):
        raise ValueError(f"range: Unsupported data type {js_text(dtype)}")
    check_tensor_size([range_length(start, stop, step)], dtype, "range")
    return ENGINE.run_kernel(RANGE, {}, {"start": start, "stop": stop, "step": step, "dtype": dtype})
