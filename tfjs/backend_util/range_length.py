"""The length of a range as TF.js's rangeImpl counts it, shared by the op and the kernels."""

from __future__ import annotations

import math

from tfjs.tensor_format import js_number_to_string


def range_length(start: float, stop: float, step: float) -> int:
    """How many values TF.js's rangeImpl makes: none when start equals stop or the step
    goes the wrong way (for a decreasing range, only a step above 1 counts as wrong),
    else |ceil((stop - start) / step)| (a NaN count is none)."""
    if start == stop or (start < stop and step < 0) or (stop < start and step > 1):
        return 0
    try:
        count = abs(math.ceil((stop - start) / step))
    except ValueError:  # NaN
        return 0
    except OverflowError:  # ±Infinity
        count = math.inf
    if count > 2**32:
        raise ValueError(f"range: Invalid typed array length: {js_number_to_string(count)}")
    return count
