"""Kernels that make tensors from a few numbers: Diag, LinSpace, OneHot, Range."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.backend_util.range_length import range_length
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import DIAG, LIN_SPACE, ONE_HOT, RANGE
from tfjs.kernel_registry import kernel


@kernel(DIAG, "cpu")
def diag(backend: CpuBackend, x: Any) -> TensorInfo:
    values = backend.values(x).reshape(-1)
    out = np.zeros((values.size, values.size), values.dtype)
    out[np.arange(values.size), np.arange(values.size)] = values
    return backend.make_output(out.reshape(x.shape + x.shape), x.dtype)


@kernel(LIN_SPACE, "cpu")
def lin_space(backend: CpuBackend, *, start: float, stop: float, num: float) -> TensorInfo:
    """TF.js adds the step to each stored (float32) value in turn."""
    with np.errstate(all="ignore"):
        step = float(np.float64(stop - start) / np.float64(num - 1))
    return backend.make_output(accumulate(start, step, int(num), _float32), "float32")


@kernel(RANGE, "cpu")
def range_kernel(backend: CpuBackend, *, start: float, stop: float, step: float, dtype: str) -> TensorInfo:
    """TF.js's rangeImpl, quirks included: a decreasing range keeps a positive step of at
    most 1 (and counts up), and each value is the stored previous one plus the step."""
    count = range_length(start, stop, step)
    if stop < start and step == 1:
        step = -1
    store = _float32 if dtype == "float32" else dtypes.to_int32
    return backend.make_output(accumulate(start, step, count, store), dtype)


@kernel(ONE_HOT, "cpu")
def one_hot(
    backend: CpuBackend, indices: Any, *, depth: int, on_value: float, off_value: float, dtype: str
) -> TensorInfo:
    """Filled as a Float32Array, then stored as `dtype` (int32 truncates; bool keeps the
    truncated value's being non-zero)."""
    index = backend.values(indices).reshape(-1)
    on, off = _float32(np.array([on_value, off_value], np.float64))
    out = np.full((index.size, depth), off, np.float32)
    rows = np.flatnonzero((index >= 0) & (index < depth))
    out[rows, index[rows]] = on
    out = out.reshape((*indices.shape, depth))
    if dtype == "bool":
        return backend.make_output(dtypes.to_int32(out) & 0xFF, "bool")
    return backend.make_output(out, dtype)


def _float32(values: Any) -> np.ndarray:
    return np.asarray(values, np.float64).astype(np.float32)


def accumulate(start: float, step: float, count: int, store: Any) -> np.ndarray:
    """`v[0] = store(start)`, `v[i] = store(v[i-1] + step)` (the sum in double, as
    JavaScript adds a typed array's value and a number), without a Python loop per value.

    Between binade crossings, wraps and rounding ties the increment is constant, so runs of
    an arithmetic progression are guessed from one step and checked against the recurrence
    (the checked prefix is exact); the guessed run doubles while it holds.
    """
    out = np.empty(count, np.float64)
    if count == 0:
        return store(out)
    value = float(store(np.array([start], np.float64))[0])
    out[0] = value
    i, run = 1, 16
    with np.errstate(all="ignore"):
        while i < count:
            following = float(store(np.array([value + step], np.float64))[0])
            if following == value or (following != following and value != value):
                out[i:] = value  # a fixed point: every later value is the same
                break
            out[i] = following
            i += 1
            delta = following - value
            value = following
            length = min(run, count - i)
            guess = value + delta * np.arange(1, length + 1, dtype=np.float64)
            previous = np.concatenate(([value], guess[:-1]))
            held = store(previous + step).astype(np.float64) == guess
            good = length if held.all() else int(np.argmin(held))
            out[i : i + good] = guess[:good]
            i += good
            if good:
                value = float(guess[good - 1])
            run = run * 2 if good == length else 16
    return store(out)
