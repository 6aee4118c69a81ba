"""Reductions along axes: sum, mean, prod, max, min, all, any, arg_max, arg_min.

TF.js's loops visit each output's reduced values in row-major order, so where its
answer depends on the order (the sign of a zero that wins a tie, NaN in arg_max) the
kernels pick the first such value, and empty reductions give what a typed array holds
where no value was ever written.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.dtypes import NUMPY_DTYPES, sum_out_type
from tfjs.kernel_names import ALL, ANY, ARG_MAX, ARG_MIN, MAX, MEAN, MIN, PROD, SUM
from tfjs.kernel_registry import kernel

_ACCUMULATOR = {"float32": np.float64, "int32": np.int64, "bool": np.int64, "complex64": np.complex128}


def _out_shape(shape: tuple[int, ...], axis: tuple[int, ...], keep_dims: bool) -> tuple[int, ...]:
    return tuple(1 if i in axis else d for i, d in enumerate(shape) if keep_dims or i not in axis)


def _reduces_nothing(shape: tuple[int, ...], axis: tuple[int, ...]) -> bool:
    return any(shape[a] == 0 for a in axis)


def _rows(values: np.ndarray, axis: tuple[int, ...]) -> np.ndarray:
    """`values` with the reduced axes flattened into one last axis, in row-major order."""
    kept = [d for i, d in enumerate(values.shape) if i not in axis]
    moved = np.moveaxis(values, axis, tuple(range(-len(axis), 0))) if axis else values[..., None]
    return moved.reshape(*kept, -1)


def _first_where(rows: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """For each row, its value where `mask` is first true (rows where it never is: the first value)."""
    return np.take_along_axis(rows, np.argmax(mask, axis=-1)[..., None], axis=-1)[..., 0]


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


@kernel(PROD, "cpu")
def prod_kernel(backend: CpuBackend, x: Any, *, axis: tuple[int, ...], keep_dims: bool) -> TensorInfo:
    """Multiplies in double precision, in order, then stores (int32 wraps what the double holds)."""
    product = np.prod(backend.values(x), axis=axis, dtype=np.float64, keepdims=True)
    out_dtype = sum_out_type(x.dtype)
    if out_dtype == "int32":
        product = dtypes.to_int32(product)  # on the kept dims: to_int32 keeps arrays arrays
    return backend.make_output(product.reshape(_out_shape(x.shape, axis, keep_dims)), out_dtype)


def _extreme(backend: CpuBackend, x: Any, axis: tuple[int, ...], keep_dims: bool, reduce: Any) -> TensorInfo:
    """Max or min: NaN wins; of equal zeros the first wins (its sign is kept); an empty
    reduction leaves a typed array's `undefined` (NaN, 0, false)."""
    values = backend.values(x)
    out_shape = _out_shape(x.shape, axis, keep_dims)
    if _reduces_nothing(x.shape, axis):
        return backend.make_output(np.full(out_shape, np.nan if x.dtype == "float32" else 0), x.dtype)
    result = np.asarray(reduce(values, axis=axis))
    if x.dtype == "float32" and np.count_nonzero(result) != result.size:  # a zero: which one's sign?
        rows = _rows(values, axis)
        result = np.where(result == 0, _first_where(rows, rows == 0), result)
    return backend.make_output(result.reshape(out_shape), x.dtype)


@kernel(MAX, "cpu")
def max_kernel(
    backend: CpuBackend, x: Any, *, reduction_indices: tuple[int, ...], keep_dims: bool
) -> TensorInfo:
    return _extreme(backend, x, reduction_indices, keep_dims, np.maximum.reduce)


@kernel(MIN, "cpu")
def min_kernel(backend: CpuBackend, x: Any, *, axis: tuple[int, ...], keep_dims: bool) -> TensorInfo:
    return _extreme(backend, x, axis, keep_dims, np.minimum.reduce)


def _logical_kernel(reduce: Callable[..., np.ndarray]) -> Callable[..., TensorInfo]:
    """All or any of bool values; an empty reduction is false (TF.js starts from the
    first value, which is not there)."""

    def logical(backend: CpuBackend, x: Any, *, axis: tuple[int, ...], keep_dims: bool) -> TensorInfo:
        out_shape = _out_shape(x.shape, axis, keep_dims)
        if _reduces_nothing(x.shape, axis):
            return backend.make_output(np.zeros(out_shape, np.bool_), "bool")
        return backend.make_output(reduce(backend.values(x), axis=axis, keepdims=keep_dims), "bool")

    return logical


all_kernel = kernel(ALL, "cpu")(_logical_kernel(np.all))
any_kernel = kernel(ANY, "cpu")(_logical_kernel(np.any))


def _without_copy(values: np.ndarray) -> np.ndarray:
    """`values` as an array NumPy's argmax/argmin read in place: they copy read-only
    arrays (all stored tensors are) first. The alias lives only inside the kernel."""
    if values.flags.writeable or not values.flags.c_contiguous or values.size == 0:
        return values
    memory = (ctypes.c_char * values.nbytes).from_address(values.ctypes.data)
    return np.ndarray(values.shape, values.dtype, buffer=memory)


def _arg_kernel(arg: Callable[..., np.ndarray], nan_stand_in: float) -> Callable[..., TensorInfo]:
    """Arg max or min along one axis: the first index of the extreme value. TF.js compares
    each value with the best so far, so a NaN is never picked unless it comes first, and
    then nothing beats it."""

    def arg_extreme(backend: CpuBackend, x: Any, *, axis: int) -> TensorInfo:
        values = backend.values(x)
        out_shape = x.shape[:axis] + x.shape[axis + 1 :]
        if x.shape[axis] == 0:
            return backend.make_output(np.zeros(out_shape, np.int32), "int32")
        index = arg(_without_copy(values), axis=axis)
        if x.dtype == "float32":
            picked = np.take_along_axis(values, np.expand_dims(index, axis), axis=axis)
            if np.isnan(picked).any():  # NumPy picks the first NaN: redo those without NaN
                cleaned = np.where(np.isnan(values), nan_stand_in, values)
                index = np.where(np.isnan(np.take(values, 0, axis=axis)), 0, arg(cleaned, axis=axis))
        return backend.make_output(index, "int32")

    return arg_extreme


arg_max_kernel = kernel(ARG_MAX, "cpu")(_arg_kernel(np.argmax, -np.inf))
arg_min_kernel = kernel(ARG_MIN, "cpu")(_arg_kernel(np.argmin, np.inf))
