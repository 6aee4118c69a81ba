"""Reductions along axes."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.dtypes import NUMPY_DTYPES, sum_out_type
from tfjs.kernel_names import MEAN, SUM
from tfjs.kernel_registry import kernel

_ACCUMULATOR = {"float32": np.float64, "int32": np.int64, "bool": np.int64, "complex64": np.complex128}


@kernel(SUM, "cpu")
def sum_kernel(backend: CpuBackend, x: Any, *, axis: tuple[int, ...], keep_dims: bool) -> TensorInfo:
    """Sums in double precision, as TF.js's JavaScript loop does, then rounds."""
    total = np.sum(backend.values(x), axis=axis, dtype=_ACCUMULATOR[x.dtype], keepdims=keep_dims)
    return backend.make_output(total, sum_out_type(x.dtype))


@kernel(MEAN, "cpu")
def mean_kernel(backend: CpuBackend, x: Any, *, axis: tuple[int, ...], keep_dims: bool) -> TensorInfo:
    """TF.js's mean: each float32 value divided by the count, then summed in double."""
    out_dtype = "complex64" if x.dtype == "complex64" else "float32"
    count = np.float32(np.prod([x.shape[a] for a in axis]))
    scaled = backend.values(x).astype(NUMPY_DTYPES[out_dtype]) / count
    total = np.sum(scaled, axis=axis, dtype=_ACCUMULATOR[out_dtype], keepdims=keep_dims)
    return backend.make_output(total, out_dtype)
