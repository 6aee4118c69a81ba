"""Scans along one axis: cumsum and cumprod, optionally exclusive and reversed.

TF.js stores each running value into the output typed array before the next step, so
float32 scans round at every step (as float32 arithmetic does) and int32 scans wrap at
every step. An int32 product of two steps can pass 2**53, where JavaScript's double
rounds it before it wraps: those scans take the slow road, one position at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.dtypes import sum_out_type
from tfjs.kernel_names import CUMPROD, CUMSUM
from tfjs.kernel_registry import kernel

_EXACT = 2.0**53


def _scan(
    values: np.ndarray,
    axis: int,
    exclusive: bool,
    reverse: bool,
    accumulate: Callable,
    start: int,
    dtype: str,
) -> np.ndarray:
    """`accumulate(values, axis, out)` run along `axis`, shifted by one (from `start`)
    when exclusive, from the end when reversed."""
    if reverse:
        values = np.flip(values, axis)
    if exclusive:
        out = np.empty(values.shape, dtypes.NUMPY_DTYPES[dtype])
        first = [slice(None)] * values.ndim
        first[axis] = slice(0, 1)
        out[tuple(first)] = start
        head, rest = list(first), list(first)
        head[axis], rest[axis] = slice(0, -1), slice(1, None)
        if values.shape[axis] > 1:
            accumulate(values[tuple(head)], axis, out[tuple(rest)])
        if start == 0 and out.dtype.kind == "f":
            out += 0  # TF.js's sums start from +0, so none of them is -0
    else:
        out = accumulate(values, axis, None)
    return np.flip(out, axis) if reverse else out


def _running_sum(dtype: str) -> Callable:
    np_dtype = dtypes.NUMPY_DTYPES[dtype]

    def accumulate(values: np.ndarray, axis: int, out: np.ndarray | None) -> np.ndarray:
        return np.cumsum(values, axis=axis, dtype=np_dtype, out=out)

    return accumulate


def _running_product(dtype: str) -> Callable:
    def accumulate(values: np.ndarray, axis: int, out: np.ndarray | None) -> np.ndarray:
        if dtype == "float32":  # a product of two float32s is exact in double: one rounding
            return np.cumprod(values, axis=axis, dtype=np.float32, out=out)
        result = _int32_cumprod(values.astype(np.int64), axis)
        if out is None:
            return result
        out[...] = result
        return out

    return accumulate


def _int32_cumprod(values: np.ndarray, axis: int) -> np.ndarray:
    """Running products wrapped to int32, each step a JavaScript double product."""
    wrapped = np.cumprod(values, axis=axis).astype(np.int32)  # modulo 2**64, then 2**32
    length = values.shape[axis]
    if length < 2:
        return wrapped
    later = np.take(values, np.arange(1, length), axis=axis).astype(np.float64)
    earlier = np.take(wrapped, np.arange(length - 1), axis=axis).astype(np.float64)
    if not np.any(np.abs(later * earlier) > _EXACT):
        return wrapped  # every step was exact in double, so wrapping once is the same
    moved = np.moveaxis(values, axis, 0)
    out = np.empty(moved.shape, np.int32)
    out[0] = moved[0]
    for i in range(1, length):  # a double rounding at some step: follow JavaScript step by step
        out[i] = dtypes.to_int32((moved[i] * out[i - 1].astype(np.int64)).astype(np.float64))
    return np.moveaxis(out, 0, axis)


def _scan_kernel(running: Callable[[str], Callable], start: int) -> Callable[..., TensorInfo]:
    def scan(backend: CpuBackend, x: Any, *, axis: int, exclusive: bool, reverse: bool) -> TensorInfo:
        out_dtype = sum_out_type(x.dtype)
        result = _scan(backend.values(x), axis, exclusive, reverse, running(out_dtype), start, out_dtype)
        return backend.make_output(result, out_dtype)

    return scan


cumsum_kernel = kernel(CUMSUM, "cpu")(_scan_kernel(_running_sum, 0))
cumprod_kernel = kernel(CUMPROD, "cpu")(_scan_kernel(_running_product, 1))
