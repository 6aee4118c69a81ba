"""What the signal ops share (TF.js's signal_ops_util)."""

from __future__ import annotations

import math
import numbers

import numpy as np

from tfjs.ops.tensor1d import tensor1d
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size


def enclosing_power_of_two(value: int) -> int:
    """2**N for the integer N with 2**N >= value, as TF.js computes it (through logs)."""
    if value <= 0:
        return 0  # TF.js: 2 ** ceil(log(0) / log(2)) = 2 ** -Infinity
    return math.floor(2.0 ** math.ceil(math.log(value) / math.log(2.0)))


def cosine_window(window_length: int, a: float, b: float, op_name: str) -> Tensor:
    """a - b cos(2 pi i / (N - 1)) for i < N, N the length made odd (a length-1 window is
    [NaN], as TF.js's 0/0), computed in doubles and stored as float32."""
    length = check_length(window_length, "window_length", op_name)
    check_tensor_size([length], "float32", op_name)
    even = 1 - length % 2
    with np.errstate(divide="ignore", invalid="ignore"):
        cos_arg = (2.0 * math.pi * np.arange(length, dtype=np.float64)) / np.float64(length + even - 1)
        values = a - b * np.cos(cos_arg)
    return tensor1d(values.astype(np.float32), "float32")


def check_length(value: object, name: str, op_name: str, minimum: int = 0) -> int:
    """`value` as an int, if it is an integer >= `minimum`."""
    if (
        not isinstance(value, numbers.Real)
        or isinstance(value, bool)
        or not math.isfinite(value)
        or not float(value).is_integer()
        or value < minimum
    ):
        what = "a positive integer" if minimum > 0 else "a non-negative integer"
        raise ValueError(f"{op_name}: {name} must be {what}, but got {value!r}")
    return int(value)
