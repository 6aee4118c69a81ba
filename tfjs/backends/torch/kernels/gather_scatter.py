"""Kernels that read and write at index tensors: GatherV2, GatherNd, ScatterNd and
TensorScatterUpdate. Each checks its indices through the backend's value checks (at
once, or pending on a GPU with the bad ones clamped); their ops read no values."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import torch

from tfjs.backend_util.value_checks import gather_index_error, index_vector_error, index_vector_rank
from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import GATHER_ND, GATHER_V2, SCATTER_ND, TENSOR_SCATTER_UPDATE


def flat_slice_indices(indices: torch.Tensor, shape: Sequence[int]) -> torch.Tensor:
    """The flat slice number of each index vector along `indices`' last axis (the dot
    product with the row-major strides of `shape`'s first axes, as TF.js computes it)."""
    slice_rank = indices.shape[-1]
    vectors = indices.reshape(math.prod(indices.shape[:-1]), slice_rank).long()
    strides = [math.prod(shape[axis + 1 : slice_rank]) for axis in range(slice_rank)]
    return (vectors * torch.tensor(strides, dtype=torch.long, device=indices.device)).sum(-1)


@torch_kernel(GATHER_V2)
def gather_v2(backend: TorchBackend, x: Any, indices: Any, *, axis: int, batch_dims: int) -> TensorInfo:
    """Slices of `x` along `axis` at `indices`; the first `batch_dims` axes of `x` and
    `indices` pair up (batch b gathers with its own row of indices)."""
    values, index = backend.tensor(x), backend.tensor(indices).long()
    shape = x.shape
    size = shape[axis]
    bad = (index < 0) | (index >= size)
    if backend.checks.check(
        bad, lambda at, raw=index: gather_index_error("gather", int(raw.reshape(-1)[at]), size)
    ):
        if size == 0:  # nothing to read: the pending check raises before any value is read
            out_shape = (*shape[:axis], *indices.shape[batch_dims:], *shape[axis + 1 :])
            return backend.make_output(
                torch.zeros(out_shape, dtype=values.dtype, device=values.device), x.dtype
            )
        index = torch.where(bad, 0, index)
    batch = math.prod(shape[:batch_dims])
    outer = math.prod(shape[batch_dims:axis])
    inner = math.prod(shape[axis + 1 :])
    count = math.prod(indices.shape[batch_dims:])  # per batch (no -1: a batch of 0 is ambiguous)
    by_batch = values.reshape(batch, outer, shape[axis], inner)
    picks = index.reshape(batch, 1, count, 1).expand(batch, outer, count, inner)
    out = by_batch.gather(2, picks)
    out_shape = (*shape[:axis], *indices.shape[batch_dims:], *shape[axis + 1 :])
    return backend.make_output(out.reshape(out_shape), x.dtype)


@torch_kernel(GATHER_ND)
def gather_nd(backend: TorchBackend, params: Any, indices: Any) -> TensorInfo:
    """Slices of `params` at the index vectors along `indices`' last axis."""
    slice_rank = indices.shape[-1]
    out_shape = (*indices.shape[:-1], *params.shape[slice_rank:])
    flat = checked_slice_numbers(backend, backend.tensor(indices), params.shape, "gather_nd", True)
    values = backend.tensor(params).reshape(math.prod(params.shape[:slice_rank]), -1)
    return backend.make_output(values.index_select(0, flat).reshape(out_shape), params.dtype)


def checked_slice_numbers(
    backend: TorchBackend,
    index: torch.Tensor,
    shape: Sequence[int],
    op_name: str,
    one_dim_is_one_vector: bool,
) -> torch.Tensor:
    """The flat slice number (`flat_slice_indices`) of each index vector of `index` into
    `shape`, once each is checked (only its number, as in TF.js); with the check
    pending, a bad vector's number is 0."""
    rank = index_vector_rank(tuple(index.shape), one_dim_is_one_vector)
    # -1, not a count from numel(), which a trace would keep as ops on every call
    vectors = index.reshape(-1, rank) if rank else index.reshape(math.prod(index.shape[:-1]), 0)
    flat = flat_slice_indices(vectors, shape)
    if rank == 0 or index.numel() == 0:
        return flat
    bad = (flat < 0) | (flat >= math.prod(shape[:rank]))
    if backend.checks.check(bad, lambda at: index_vector_error(op_name, vectors[at].tolist(), shape)):
        return torch.where(bad, 0, flat)
    return flat


def _scatter_operands(
    backend: TorchBackend, indices: Any, updates: Any, shape: Sequence[int], op_name: str
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The output as (slices, slice size) zeros of the updates' dtype, the flat slice
    index of each update and the updates as rows (1-D indices hold one index each), once
    every index is checked (none when the output is empty, as in TF.js)."""
    index = backend.tensor(indices)
    slice_rank = index_vector_rank(tuple(index.shape))
    slice_size = math.prod(shape[slice_rank:])
    values = backend.tensor(updates).reshape(-1)
    out = torch.zeros((math.prod(shape[:slice_rank]), slice_size), dtype=values.dtype, device=backend.device)
    # An index of no components updates nothing (TF.js counts indices.size / 0 as 0).
    if not slice_rank:
        flat = torch.zeros(0, dtype=torch.long, device=backend.device)
    elif math.prod(shape):
        flat = checked_slice_numbers(backend, index, shape, op_name, False)
    else:  # nothing to write: no index is checked
        flat = flat_slice_indices(index.reshape(-1, slice_rank), shape)
    return out, flat, values[: len(flat) * slice_size].reshape(len(flat), slice_size)


@torch_kernel(SCATTER_ND)
def scatter_nd(backend: TorchBackend, indices: Any, updates: Any, *, shape: tuple[int, ...]) -> TensorInfo:
    """A zero tensor of `shape` with `updates` added at `indices` (repeats add up in the
    updates' dtype; bools: any of them)."""
    out, flat, rows = _scatter_operands(backend, indices, updates, shape, "scatter_nd")
    if out.numel():
        if out.dtype == torch.bool:
            out = (
                torch.zeros(out.shape, dtype=torch.int64, device=out.device).index_add_(0, flat, rows.long())
                != 0
            )
        else:
            out = out.index_add_(0, flat, rows)
    return backend.make_output(out.reshape(shape), updates.dtype)


@torch_kernel(TENSOR_SCATTER_UPDATE)
def tensor_scatter_update(backend: TorchBackend, tensor: Any, indices: Any, updates: Any) -> TensorInfo:
    """A copy of `tensor` with its slices at `indices` replaced by `updates` (for a
    repeated index the last update wins, as TF.js writes them in order)."""
    out, flat, rows = _scatter_operands(backend, indices, updates, tensor.shape, "tensor_scatter_update")
    values = backend.tensor(tensor).reshape(out.shape)
    if out.numel() and len(flat):
        values = write_last(values, flat, rows)
    return backend.make_output(values.reshape(tensor.shape), tensor.dtype)


def write_last(slices: torch.Tensor, flat: torch.Tensor, rows: torch.Tensor) -> torch.Tensor:
    """`slices` (slices, slice size) with `rows` written at the `flat` slice numbers; of
    a repeated number the last row wins, as TF.js writes them in order."""
    order = torch.arange(len(flat), device=slices.device)
    last = torch.full((slices.shape[0],), -1, dtype=torch.long, device=slices.device)
    last = last.scatter_reduce(0, flat, order, "amax")
    return torch.where((last >= 0)[:, None], rows[last.clamp(min=0)].to(slices.dtype), slices)
