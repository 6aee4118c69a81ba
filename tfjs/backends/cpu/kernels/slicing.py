"""Kernels that cut tensors apart and join them: Slice, SplitV, Unpack, Concat, Pack,
Tile and Reverse. Their ops have checked the arguments and resolved them (non-negative
axes, full begin and size lists), so each kernel is one NumPy call."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import CONCAT, PACK, REVERSE, SLICE, SPLIT_V, TILE, UNPACK
from tfjs.kernel_registry import kernel


@kernel(SLICE, "cpu")
def slice_(backend: CpuBackend, x: Any, *, begin: tuple[int, ...], size: tuple[int, ...]) -> TensorInfo:
    index = tuple(slice(b, b + s) for b, s in zip(begin, size, strict=True))
    return backend.make_output(backend.values(x)[index], x.dtype)


@kernel(SPLIT_V, "cpu")
def split_v(backend: CpuBackend, x: Any, *, sizes: tuple[int, ...], axis: int) -> list[TensorInfo]:
    """Consecutive pieces of `sizes` along `axis` (the sizes add up to its length)."""
    pieces = np.split(backend.values(x), np.cumsum(sizes)[:-1], axis=axis)
    return [backend.make_output(piece, x.dtype) for piece in pieces]


@kernel(UNPACK, "cpu")
def unpack(backend: CpuBackend, value: Any, *, axis: int) -> list[TensorInfo]:
    values = np.moveaxis(backend.values(value), axis, 0)
    return [backend.make_output(item, value.dtype) for item in values]


@kernel(CONCAT, "cpu")
def concat(backend: CpuBackend, tensors: list[Any], *, axis: int) -> TensorInfo:
    """Joins `tensors` along `axis` in the first one's dtype: the others' values are stored
    as that dtype's typed array stores them, as TF.js's Concat copies them. Like TF.js,
    it drops empty tensors first, and one tensor left is the result as it is."""
    dtype = tensors[0].dtype
    filled = [t for t in tensors if 0 not in t.shape]
    if len(filled) == 1:
        return backend.forward(filled[0], filled[0].shape)
    parts = [as_typed_array(backend.values(t), t.dtype, dtype) for t in filled or tensors]
    return backend.make_output(np.concatenate(parts, axis=axis), dtype)


@kernel(PACK, "cpu")
def pack(backend: CpuBackend, tensors: list[Any], *, axis: int) -> TensorInfo:
    """Stacks same-shaped tensors along a new axis (negative counts from rank + 1)."""
    if len(tensors) == 1:  # expandDims: a reshape sharing the buffer
        shape = list(tensors[0].shape)
        shape.insert(axis if axis >= 0 else len(shape) + axis + 1, 1)
        return backend.forward(tensors[0], tuple(shape))
    return backend.make_output(np.stack([backend.values(t) for t in tensors], axis=axis), tensors[0].dtype)


@kernel(TILE, "cpu")
def tile(backend: CpuBackend, x: Any, *, reps: tuple[int, ...]) -> TensorInfo:
    values = backend.values(x)
    out_shape = tuple(size * rep for size, rep in zip(values.shape, reps, strict=True))
    if 0 in out_shape:  # np.tile would build the copies along the other axes first
        return backend.make_output(np.empty(out_shape, values.dtype), x.dtype)
    return backend.make_output(np.tile(values, reps), x.dtype)


@kernel(REVERSE, "cpu")
def reverse(backend: CpuBackend, x: Any, *, dims: tuple[int, ...]) -> TensorInfo:
    """Reverses the axes `dims`; an axis named twice is reversed twice (TF.js's loop
    flips the index once per mention), so only axes named an odd number of times turn."""
    flipped = tuple(d for d in set(dims) if dims.count(d) % 2)
    if not flipped:
        return backend.forward(x, x.shape)
    return backend.make_output(np.flip(backend.values(x), flipped), x.dtype)


def as_typed_array(values: np.ndarray, dtype: str, target: str) -> np.ndarray:
    """`values` of `dtype` as a typed array of `target` stores them: int32 truncates and
    wraps, bool (a Uint8Array) keeps the low byte of the truncated number."""
    if dtype == target:
        return values
    if target == "bool":
        return (dtypes.to_int32(values) & 0xFF) != 0
    if target == "int32":
        return dtypes.to_int32(values)
    return values.astype(dtypes.NUMPY_DTYPES[target])
