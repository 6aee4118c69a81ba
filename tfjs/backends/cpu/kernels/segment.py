"""Segment reductions and counts: unsorted_segment_sum, bincount, dense_bincount.

TF.js sums, for each segment, the input times a float32 mask of where the segment ids
name it: values are rounded to float32, summed in double in row order, and a non-finite
value (0 * Infinity is NaN) makes every other segment of its column NaN.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.backend_util.value_checks import negative_count_error
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import BINCOUNT, DENSE_BINCOUNT, UNSORTED_SEGMENT_SUM
from tfjs.kernel_registry import kernel


@kernel(UNSORTED_SEGMENT_SUM, "cpu")
def unsorted_segment_sum(backend: CpuBackend, x: Any, segment_ids: Any, *, num_segments: int) -> TensorInfo:
    values, ids = backend.values(x), backend.values(segment_ids)
    # The ids take trailing dimensions of 1 and broadcast against x (TF.js's mask).
    ids = ids.reshape(ids.shape + (1,) * max(0, values.ndim - ids.ndim))
    shape = np.broadcast_shapes(values.shape, ids.shape)
    rows, columns = shape[0], math.prod(shape[1:])
    out_shape = (num_segments, *shape[1:])
    # The product with the float32 mask is float32; TF.js sums those in double, in order.
    weights = np.broadcast_to(values, shape).reshape(rows, columns)
    weights = (weights if values.dtype == np.float32 else weights.astype(np.float32)).astype(np.float64)
    ids = np.broadcast_to(ids, shape).reshape(rows, columns)
    bins = ids.astype(np.intp) if columns == 1 else ids.astype(np.intp) * columns + np.arange(columns)
    valid = None
    if ids.size and (ids.min() < 0 or ids.max() >= num_segments):
        valid = (ids >= 0) & (ids < num_segments)
    sums = np.zeros((num_segments, columns))
    if valid is None:
        np.add.at(sums.reshape(-1), bins.reshape(-1), weights.reshape(-1))
    else:
        np.add.at(sums.reshape(-1), bins[valid], weights[valid])
    finite = np.isfinite(weights)
    if not finite.all():
        bad = ~finite if valid is None else ~finite & valid
        own = np.bincount(bins[bad], minlength=num_segments * columns).reshape(num_segments, columns)
        sums[(~finite).sum(axis=0) > own] = np.nan
    return backend.make_output(sums.reshape(out_shape), "float32")


# A float32 count that reaches 2**24 stays there: adding 1 rounds back to it.
_FLOAT32_COUNT_LIMIT = 2**24


def _bin_counts(bins: np.ndarray, weights: np.ndarray | None, size: int, dtype: str) -> np.ndarray:
    """What TF.js's loop leaves in a typed array of `dtype` and `size` zeros after adding,
    in order, each weight (or 1) at its bin; bins outside [0, size) are skipped."""
    if bins.size and bins.max() >= size:
        keep = bins < size
        bins = bins[keep]
        weights = None if weights is None else weights[keep]
    if weights is None:
        counts = np.bincount(bins, minlength=size)
        return np.minimum(counts, _FLOAT32_COUNT_LIMIT) if dtype == "float32" else counts
    # bool weights add up in a Uint8Array; float32 ones round at every step, as here.
    out = np.zeros(size, np.uint8 if dtype == "bool" else dtypes.NUMPY_DTYPES[dtype])
    np.add.at(out, bins, weights)
    return out


def _check_non_negative(values: np.ndarray, op_name: str) -> None:
    if values.size and values.min() < 0:
        raise negative_count_error(op_name, int(values.min()))


@kernel(BINCOUNT, "cpu")
def bincount(backend: CpuBackend, x: Any, weights: Any, *, size: int) -> TensorInfo:
    """Each bin's count (or weight sum); a negative value in x is an error."""
    _check_non_negative(backend.values(x), "bincount")
    return _bincount_1d(backend, x, weights, size)


def _bincount_1d(backend: CpuBackend, x: Any, weights: Any, size: int) -> TensorInfo:
    bin_weights = backend.values(weights).reshape(-1) if weights.size else None
    counts = _bin_counts(backend.values(x).reshape(-1), bin_weights, size, weights.dtype)
    return backend.make_output(counts, weights.dtype)


@kernel(DENSE_BINCOUNT, "cpu")
def dense_bincount(
    backend: CpuBackend, x: Any, weights: Any, *, size: int, binary_output: bool
) -> TensorInfo:
    """As bincount for 1-D x (which ignores `binary_output`, as TF.js's kernel does); one
    row of counts per row of a 2-D x."""
    values = backend.values(x)
    _check_non_negative(values, "dense_bincount")
    if len(x.shape) < 2:
        return _bincount_1d(backend, x, weights, size)
    rows = x.shape[0]
    bins = (values.astype(np.intp) + np.arange(rows)[:, None] * size)[values < size]
    if binary_output:
        out = np.zeros(rows * size, dtypes.NUMPY_DTYPES[weights.dtype])
        out[bins] = 1
    else:
        bin_weights = backend.values(weights).reshape(values.shape)[values < size] if weights.size else None
        out = _bin_counts(bins, bin_weights, rows * size, weights.dtype)
    return backend.make_output(out.reshape(rows, size), weights.dtype)
