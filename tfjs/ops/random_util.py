"""The body of TF.js's random ops: a tensor filled from one of the seeded streams of
tfjs/backend_util/random_streams.py, and the checks of their number arguments."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.engine import ENGINE
from tfjs.tensor_format import js_text
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import check_shape


def to_typed_array(values: np.ndarray, dtype: str) -> np.ndarray:
    """Numbers stored as TF.js's typed arrays store them: Float32Array rounds, Int32Array
    truncates and wraps, and a bool buffer (a Uint8Array) keeps the truncated value
    modulo 256, here as whether it is non-zero."""
    if dtype == "float32":
        return values.astype(np.float32)
    if dtype == "int32":
        return dtypes.to_int32(values)
    return (dtypes.to_int32(values) & 0xFF) != 0


def random_tensor(shape: Any, dtype: str, op_name: str, allowed: tuple[str, ...], draw: Any) -> Any:
    """A new tensor of `shape` holding `draw(size)` stored as `dtype`'s typed array: the
    body of TF.js's random ops (`buffer(shape, dtype)` filled, then `toTensor()`)."""
    dims = check_shape(shape, op_name)
    if not isinstance(dtype, str) or dtype not in allowed:
        raise ValueError(f"{op_name}: Unsupported data type {js_text(dtype)}")
    check_tensor_size(dims, dtype, op_name)
    with np.errstate(all="ignore"):  # IEEE results (inf, nan) are the answers, as in JavaScript
        values = to_typed_array(np.asarray(draw(math.prod(dims)), np.float64), dtype)
    return ENGINE.make_tensor(values.reshape(dims), dtype, "random")


def check_number(value: Any, arg_name: str, op_name: str) -> float:
    """`value` as a JavaScript number (a float), or a TypeError naming the argument."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{op_name}: {arg_name} must be a number, got {value!r}")
    try:
        return float(value)
    except OverflowError:
        raise ValueError(f"{op_name}: {arg_name} {value} is too large for a JavaScript number") from None
