"""Kernels that reshape, copy, convert, fill, slice, transpose and broadcast."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.backend_util.value_checks import broadcast_error, broadcast_shape_of
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import (
    BROADCAST_ARGS,
    CAST,
    EXPAND_DIMS,
    FILL,
    IDENTITY,
    ONES_LIKE,
    RESHAPE,
    STRIDED_SLICE,
    STRIDED_SLICE_GRAD,
    TRANSPOSE,
    ZEROS_LIKE,
)
from tfjs.kernel_registry import kernel
from tfjs.slice_util import resolve_strided_slice


@kernel(RESHAPE, "cpu")
def reshape(backend: CpuBackend, x: Any, *, shape: tuple[int, ...]) -> TensorInfo:
    return backend.forward(x, shape)


@kernel(IDENTITY, "cpu")
def identity(backend: CpuBackend, x: Any) -> TensorInfo:
    return backend.forward(x, x.shape)


@kernel(CAST, "cpu")
def cast(backend: CpuBackend, x: Any, *, dtype: str) -> TensorInfo:
    """TF.js's Cast: to int32 truncates and wraps (NaN is 0), to bool is `x != 0`."""
    if dtype == x.dtype:
        return backend.forward(x, x.shape)
    values = backend.values(x)
    if x.dtype == "complex64":
        values = values.real
    return backend.make_output(values, dtype)


@kernel(FILL, "cpu")
def fill(backend: CpuBackend, *, shape: tuple[int, ...], value: Any, dtype: str) -> TensorInfo:
    return backend.make_output(np.full(shape, value, dtype=dtypes.NUMPY_DTYPES[dtype]), dtype)


@kernel(ZEROS_LIKE, "cpu")
def zeros_like(backend: CpuBackend, x: Any) -> TensorInfo:
    return backend.make_output(np.zeros(x.shape, dtypes.NUMPY_DTYPES[x.dtype]), x.dtype)


@kernel(ONES_LIKE, "cpu")
def ones_like(backend: CpuBackend, x: Any) -> TensorInfo:
    return backend.make_output(np.ones(x.shape, dtypes.NUMPY_DTYPES[x.dtype]), x.dtype)


@kernel(STRIDED_SLICE, "cpu")
def strided_slice(backend: CpuBackend, x: Any, **spec: Any) -> TensorInfo:
    index, shape = resolve_strided_slice(x.shape, **spec)
    # The trailing ... keeps a single picked element an array (a str stays in an array).
    return backend.make_output(backend.values(x)[(*index, ...)].reshape(shape), x.dtype)


@kernel(STRIDED_SLICE_GRAD, "cpu")
def strided_slice_grad(backend: CpuBackend, dy: Any, *, shape: tuple[int, ...], **spec: Any) -> TensorInfo:
    """StridedSlice's backward pass (TensorFlow's StridedSliceGrad): `dy` written into
    zeros of the input's `shape` where StridedSlice read its values."""
    index, _ = resolve_strided_slice(shape, **spec)
    out = np.zeros(shape, dtypes.NUMPY_DTYPES[dy.dtype])
    view = out[(*index, ...)]
    view[...] = backend.values(dy).reshape(view.shape)
    return backend.make_output(out, dy.dtype)


@kernel(EXPAND_DIMS, "cpu")
def expand_dims(backend: CpuBackend, input: Any, *, dim: int) -> TensorInfo:  # noqa: A002
    shape = list(input.shape)
    shape.insert(dim if dim >= 0 else len(shape) + dim + 1, 1)
    return backend.forward(input, tuple(shape))


@kernel(TRANSPOSE, "cpu")
def transpose(backend: CpuBackend, x: Any, *, perm: tuple[int, ...]) -> TensorInfo:
    return backend.make_output(np.transpose(backend.values(x), perm), x.dtype)


@kernel(BROADCAST_ARGS, "cpu")
def broadcast_args(backend: CpuBackend, s0: Any, s1: Any) -> TensorInfo:
    """The broadcast of two shapes: a size of 1 (or a missing one) takes the other's
    size; shapes that do not broadcast are an error."""
    a, b = backend.values(s0), backend.values(s1)
    if broadcast_shape_of(a.tolist(), b.tolist()) is None:
        raise broadcast_error("broadcast_args", a.tolist(), b.tolist())
    rank = max(a.size, b.size)
    a = np.concatenate([np.ones(rank - a.size, np.int32), a])
    b = np.concatenate([np.ones(rank - b.size, np.int32), b])
    return backend.make_output(np.where(a == 1, b, a), "int32")
