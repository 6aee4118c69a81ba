"""Kernels that cut tensors apart and join them: Slice, SplitV, Unpack, Concat, Pack,
Tile and Reverse (their ops have checked and resolved the arguments)."""

from __future__ import annotations

from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TORCH_DTYPES, TorchBackend, to_int32
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import CONCAT, PACK, REVERSE, SLICE, SPLIT_V, TILE, UNPACK


@torch_kernel(SLICE)
def slice_(backend: TorchBackend, x: Any, *, begin: tuple[int, ...], size: tuple[int, ...]) -> TensorInfo:
    index = tuple(slice(b, b + s) for b, s in zip(begin, size, strict=True))
    return backend.make_output(backend.tensor(x)[index], x.dtype)


@torch_kernel(SPLIT_V)
def split_v(backend: TorchBackend, x: Any, *, sizes: tuple[int, ...], axis: int) -> list[TensorInfo]:
    """Consecutive pieces of `sizes` along `axis` (the sizes add up to its length)."""
    pieces = torch.split(backend.tensor(x), list(sizes), dim=axis)
    return [backend.make_output(piece, x.dtype) for piece in pieces]


@torch_kernel(UNPACK)
def unpack(backend: TorchBackend, value: Any, *, axis: int) -> list[TensorInfo]:
    return [backend.make_output(item, value.dtype) for item in torch.unbind(backend.tensor(value), axis)]


@torch_kernel(CONCAT)
def concat(backend: TorchBackend, tensors: list[Any], *, axis: int) -> TensorInfo:
    """Joins `tensors` along `axis` in the first one's dtype (the others' values stored as
    its typed array stores them); empty tensors are dropped first, and one tensor left
    is the result as it is (TF.js's Concat)."""
    dtype = tensors[0].dtype
    filled = [t for t in tensors if 0 not in t.shape]
    if len(filled) == 1:
        return backend.forward(filled[0], filled[0].shape)
    parts = [as_typed_array(backend.tensor(t), dtype) for t in filled or tensors]
    return backend.make_output(torch.cat(parts, dim=axis), dtype)


@torch_kernel(PACK)
def pack(backend: TorchBackend, tensors: list[Any], *, axis: int) -> TensorInfo:
    """Stacks same-shaped tensors along a new axis (negative counts from rank + 1)."""
    if len(tensors) == 1:  # expandDims: a reshape sharing the buffer
        shape = list(tensors[0].shape)
        shape.insert(axis if axis >= 0 else len(shape) + axis + 1, 1)
        return backend.forward(tensors[0], tuple(shape))
    return backend.make_output(torch.stack([backend.tensor(t) for t in tensors], dim=axis), tensors[0].dtype)


@torch_kernel(TILE)
def tile(backend: TorchBackend, x: Any, *, reps: tuple[int, ...]) -> TensorInfo:
    return backend.make_output(torch.tile(backend.tensor(x), tuple(reps)), x.dtype)


@torch_kernel(REVERSE)
def reverse(backend: TorchBackend, x: Any, *, dims: tuple[int, ...]) -> TensorInfo:
    """Reverses the axes `dims`; an axis named twice turns twice (TF.js's loop), so only
    axes named an odd number of times turn."""
    flipped = tuple(d for d in set(dims) if dims.count(d) % 2)
    if not flipped:
        return backend.forward(x, x.shape)
    return backend.make_output(torch.flip(backend.tensor(x), flipped), x.dtype)


def as_typed_array(values: torch.Tensor, target: str) -> torch.Tensor:
    """`values` as a typed array of `target` stores them: int32 truncates and wraps, bool
    (a Uint8Array) keeps the low byte of the truncated number."""
    if values.dtype == TORCH_DTYPES[target]:
        return values
    if target == "bool":
        return (to_int32(values) & 0xFF) != 0
    if target == "int32":
        return to_int32(values)
    return values.to(TORCH_DTYPES[target])
