"""Kernels that read and write at index tensors: GatherV2, GatherNd, ScatterNd and
TensorScatterUpdate. Each checks its indices before it makes anything (their ops read no
values), with the errors of tfjs.backend_util.value_checks."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from tfjs.backend_util.gather_indices import flat_slice_indices
from tfjs.backend_util.value_checks import (
    check_index_vectors,
    check_scatter_indices,
    first_outside,
    gather_index_error,
)
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import GATHER_ND, GATHER_V2, SCATTER_ND, TENSOR_SCATTER_UPDATE
from tfjs.kernel_registry import kernel


@kernel(GATHER_V2, "cpu")
def gather_v2(backend: CpuBackend, x: Any, indices: Any, *, axis: int, batch_dims: int) -> TensorInfo:
    """Slices of `x` along `axis` at `indices`; the first `batch_dims` axes of `x` and
    `indices` pair up (batch b gathers with its own row of indices)."""
    values, index = backend.values(x), backend.values(indices)
    bad = first_outside(index, x.shape[axis])
    if bad is not None:
        raise gather_index_error("gather", int(index.flat[bad]), x.shape[axis])
    if batch_dims == 0:
        return backend.make_output(np.take(values, index, axis=axis), x.dtype)
    shape = x.shape
    batch = math.prod(shape[:batch_dims])
    outer = math.prod(shape[batch_dims:axis])
    by_batch = values.reshape(batch, outer, shape[axis], math.prod(shape[axis + 1 :]))
    picks = index.reshape(batch, 1, math.prod(indices.shape[batch_dims:]))
    out = by_batch[np.arange(batch)[:, None, None], np.arange(outer)[None, :, None], picks]
    out_shape = (*shape[:axis], *indices.shape[batch_dims:], *shape[axis + 1 :])
    return backend.make_output(out.reshape(out_shape), x.dtype)


@kernel(GATHER_ND, "cpu")
def gather_nd(backend: CpuBackend, params: Any, indices: Any) -> TensorInfo:
    """Slices of `params` at the index vectors along `indices`' last axis."""
    slice_rank = indices.shape[-1]
    out_shape = (*indices.shape[:-1], *params.shape[slice_rank:])
    check_index_vectors(backend.values(indices), params.shape, "gather_nd", one_dim_is_one_vector=True)
    flat = flat_slice_indices(backend.values(indices), params.shape)
    values = backend.values(params).reshape(math.prod(params.shape[:slice_rank]), -1)
    if values.shape[1] == 1:  # single elements: a 1-D take is faster than taking rows
        return backend.make_output(np.take(values.reshape(-1), flat).reshape(out_shape), params.dtype)
    return backend.make_output(np.take(values, flat, axis=0).reshape(out_shape), params.dtype)


@kernel(SCATTER_ND, "cpu")
def scatter_nd(backend: CpuBackend, indices: Any, updates: Any, *, shape: tuple[int, ...]) -> TensorInfo:
    """A zero tensor of `shape` with `updates` added at `indices` (repeats add up, in
    order, in the updates' dtype)."""
    out, flat, rows = _scatter_operands(backend, indices, updates, shape, "scatter_nd")
    if out.size:
        np.add.at(out, flat, rows)
    return backend.make_output(out.reshape(shape), updates.dtype)


@kernel(TENSOR_SCATTER_UPDATE, "cpu")
def tensor_scatter_update(backend: CpuBackend, tensor: Any, indices: Any, updates: Any) -> TensorInfo:
    """A copy of `tensor` with its slices at `indices` replaced by `updates` (for a
    repeated index the last update wins)."""
    out, flat, rows = _scatter_operands(backend, indices, updates, tensor.shape, "tensor_scatter_update")
    if out.size:
        out[...] = backend.values(tensor).reshape(out.shape)
        # The last of repeated indices wins, as TF.js writes the updates in order.
        last = len(flat) - 1 - np.unique(flat[::-1], return_index=True)[1]
        out[flat[last]] = rows[last]
    return backend.make_output(out.reshape(tensor.shape), tensor.dtype)


def _scatter_operands(
    backend: CpuBackend, indices: Any, updates: Any, shape: Sequence[int], op_name: str
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The output as (slices, slice size) zeros of the updates' dtype, the flat slice
    index of each update and the updates as rows (1-D indices hold one index each), once
    every index is checked."""
    index = backend.values(indices)
    check_scatter_indices(index, shape, op_name)
    if index.ndim == 1:
        index = index.reshape(-1, 1)
    slice_rank = index.shape[-1]
    slice_size = math.prod(shape[slice_rank:])
    rows = backend.values(updates).reshape(-1)
    out = np.zeros((math.prod(shape[:slice_rank]), slice_size), dtype=rows.dtype)
    # An index of no components updates nothing (TF.js counts indices.size / 0 as 0).
    flat = flat_slice_indices(index, shape) if slice_rank else np.zeros(0, np.intp)
    return out, flat, rows[: len(flat) * slice_size].reshape(len(flat), slice_size)
