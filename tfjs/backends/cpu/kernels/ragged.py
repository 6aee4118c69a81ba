"""Ragged kernels: RaggedGather, RaggedRange, RaggedTensorToTensor.

A ragged tensor is its flat values plus one row partition per ragged dimension.
Data-dependent checks (splits sorted, indices in range) happen here, before any output
is allocated, with TF.js's messages.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.backends.cpu.kernels.sparse import run_positions
from tfjs.kernel_names import RAGGED_GATHER, RAGGED_RANGE, RAGGED_TENSOR_TO_TENSOR
from tfjs.kernel_registry import kernel
from tfjs.tensor_size import check_tensor_bytes, check_tensor_size

INT32_MAX = 2147483647


def _ranges(starts: np.ndarray, limits: np.ndarray) -> np.ndarray:
    """The concatenation of range(start, limit) for each pair."""
    run, place = run_positions(limits - starts)
    return starts[run] + place


# ---- RaggedGather -------------------------------------------------------------------


@kernel(RAGGED_GATHER, "cpu")
def ragged_gather(
    backend: CpuBackend,
    params_nested_splits: list[Any],
    params_dense_values: Any,
    indices: Any,
    *,
    output_ragged_rank: int,
) -> list[TensorInfo]:
    splits = [backend.values(s).astype(np.int64) for s in params_nested_splits]
    index_values = backend.values(indices).astype(np.int64)
    num_params = params_nested_splits[0].shape[0] - 1
    bad = np.flatnonzero((index_values.reshape(-1) < 0) | (index_values.reshape(-1) >= num_params))
    if bad.size:
        location = ",".join(str(i) for i in np.unravel_index(bad[0], indices.shape))
        raise ValueError(
            f"ragged_gather: indices[{location}] = {index_values.flat[bad[0]]} is not in [0, {num_params})"
        )
    num_dense = params_dense_values.shape[0]
    for dim, split in enumerate(splits):
        # TF.js lets a split equal the next splits' length, one past their last row, and
        # then reads past the end; here that is an error.
        last = num_dense if dim == len(splits) - 1 else len(splits[dim + 1]) - 1
        if len(split) == 0:
            raise ValueError("ragged_gather: Ragged splits may not be empty")
        if split[0] < 0:
            raise ValueError("ragged_gather: Ragged splits must be non-negative")
        if split[-1] > last:
            raise ValueError("ragged_gather: Ragged splits must not point past values")
        if np.any(split[1:] < split[:-1]):
            raise ValueError("ragged_gather: Ragged splits must be sorted in ascending order")

    # The splits of the dense dimensions of `indices`, then those copied from params.
    out_splits = []
    rows = 1
    for dim in range(indices.rank - 1):
        rows *= indices.shape[dim]
        out_splits.append(np.arange(rows + 1) * indices.shape[dim + 1])
    start = index_values.reshape(-1)
    limit = start + 1
    for dim, split in enumerate(splits):
        if dim + indices.rank - 1 >= 0:
            picked = _ranges(start, limit)
            lengths = split[picked + 1] - split[picked]
            out_splits.append(np.r_[0, np.cumsum(lengths)])
        start, limit = split[start], split[limit]
    values = backend.values(params_dense_values)
    gathered = values[_ranges(start, limit)]
    return [backend.make_output(s, "int32") for s in out_splits] + [
        backend.make_output(gathered, params_dense_values.dtype)
    ]


# ---- RaggedRange --------------------------------------------------------------------


@kernel(RAGGED_RANGE, "cpu")
def ragged_range(backend: CpuBackend, starts: Any, limits: Any, deltas: Any) -> list[TensorInfo]:
    """Row i is [starts[i], starts[i] + deltas[i], ...) up to limits[i]; each value is the
    previous one plus delta in double precision, as TF.js's loop adds them."""
    sizes = {t.shape[0] for t in (starts, limits, deltas) if t.rank == 1}
    if len(sizes) > 1:
        raise ValueError("ragged_range: starts, limits, and deltas must have the same shape")
    num_rows = sizes.pop() if sizes else 1
    start, limit, delta = (
        np.broadcast_to(backend.values(t).astype(np.float64).reshape(-1), (num_rows,))
        for t in (starts, limits, deltas)
    )
    empty = ((delta > 0) & (limit < start)) | ((delta < 0) & (limit > start))
    with np.errstate(all="ignore"):
        sizes_f = np.where(empty, 0.0, np.ceil(np.abs((limit - start) / delta)))
    bad = np.flatnonzero((delta == 0) | (sizes_f > INT32_MAX))
    if bad.size:
        if delta[bad[0]] == 0:
            raise ValueError("ragged_range: Requires delta != 0")
        raise ValueError(f"ragged_range: Requires ((limit - start) / delta) <= {INT32_MAX}")
    # A NaN size stores 0 into the Int32Array of splits: the running sum starts again.
    nan = np.isnan(sizes_f)
    row_sizes = np.where(nan, 0, sizes_f).astype(np.int64)
    totals = np.cumsum(row_sizes)
    restart = np.maximum.accumulate(np.where(nan, np.arange(num_rows), -1))
    before = np.where(restart >= 0, totals[np.maximum(restart, 0)], 0)
    splits = dtypes.to_int32(np.r_[0, totals - before])
    lengths = np.maximum(np.diff(splits.astype(np.int64)), 0)
    count = int(splits[-1])
    if count < 0:
        raise ValueError(f"ragged_range: the ranges hold {count} values, which is not a valid size")
    check_tensor_size([count], starts.dtype, "ragged_range")
    check_tensor_bytes(count * 24, "the values' int64 row and place numbers", "ragged_range")
    if starts.dtype == "int32":
        run, place = run_positions(lengths)
        values = start[run] + place * delta[run]
    else:
        values = _running_values(start, delta, lengths)
    values = np.r_[values, np.zeros(max(count - len(values), 0))][:count]
    return [backend.make_output(splits, "int32"), backend.make_output(values, starts.dtype)]


def _running_values(start: np.ndarray, delta: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Each row's values: start, then the previous value plus delta in double precision,
    one by one as TF.js's loop adds them. Loops over the rows or over the positions in a
    row, whichever is fewer."""
    values = np.empty(int(lengths.sum()))
    if not len(values):
        return values
    offsets = np.cumsum(lengths) - lengths
    if len(lengths) <= lengths.max():
        for row in np.flatnonzero(lengths).tolist():
            steps = np.full(lengths[row], delta[row])
            steps[0] = start[row]
            values[offsets[row] : offsets[row] + lengths[row]] = np.add.accumulate(steps)
        return values
    current = start.astype(np.float64)
    for k in range(int(lengths.max())):
        live = lengths > k
        values[offsets[live] + k] = current[live]
        current[live] += delta[live]
    return values


# ---- RaggedTensorToTensor -----------------------------------------------------------

FIRST_DIM_SIZE, VALUE_ROWIDS, ROW_SPLITS = "FIRST_DIM_SIZE", "VALUE_ROWIDS", "ROW_SPLITS"


@kernel(RAGGED_TENSOR_TO_TENSOR, "cpu")
def ragged_tensor_to_tensor(
    backend: CpuBackend,
    shape: Any,
    values: Any,
    default_value: Any,
    row_partition_tensors: list[Any],
    *,
    row_partition_types: list[str],
) -> TensorInfo:
    name = "ragged_tensor_to_tensor"
    types = list(row_partition_types)  # the op checked the names
    partitions = [backend.values(t).astype(np.int64).reshape(-1) for t in row_partition_tensors]
    if partitions[0].size == 0:
        raise ValueError(f"{name}: Invalid first partition input. Tensor requires at least one element.")
    if not types:
        raise ValueError(f"{name}: No row_partition_types given.")
    offset = 1 if types[0] == FIRST_DIM_SIZE else 0
    ragged_rank = len(types) - offset
    if types[0] == FIRST_DIM_SIZE:
        first_dim = int(partitions[0][0])
    elif types[0] == ROW_SPLITS:
        first_dim = row_partition_tensors[0].shape[0] - 1
    elif types[0] == VALUE_ROWIDS:
        raise ValueError(f"{name}: Cannot handle VALUE_ROWIDS in first dimension.")
    else:
        raise ValueError(f"{name}: Cannot handle type {types[0]}")

    def partition(dim: int) -> tuple[str, np.ndarray]:
        return types[dim + offset], partitions[dim + offset]

    out_size = _output_size(backend, shape, values, default_value, ragged_rank)
    if out_size[0] < 0:
        out_size[0] = first_dim
    for i in range(1, ragged_rank + 1):
        if out_size[i] < 0:
            out_size[i] = _max_width(*partition(i - 1))
    for dim in out_size:
        if dim < 0:
            raise ValueError(f"{name}: Dimension {dim} must be >= 0")
    multiplier = [1] * (ragged_rank + 1)
    for i in range(ragged_rank - 1, -1, -1):
        multiplier[i] = multiplier[i + 1] * out_size[i + 1]

    value_rows = backend.values(values)
    element_shape = tuple(out_size[ragged_rank + 1 :])
    default = backend.values(default_value)
    output = np.empty(out_size, dtypes.NUMPY_DTYPES[values.dtype])
    output[...] = np.broadcast_to(default, element_shape) if default.size != 1 else default.reshape(())
    if output.size == 0:
        return backend.make_output(output, values.dtype)

    first = np.arange(first_dim)
    index = np.where(first < out_size[0], first * multiplier[0], -1)
    for dim in range(ragged_rank):
        kind, part = partition(dim)
        if kind == VALUE_ROWIDS:
            index = _index_value_rowids(part, index, multiplier[dim + 1], out_size[dim + 1])
        elif kind == ROW_SPLITS:
            if len(part) - 1 > len(index):
                raise ValueError(
                    f"{name}: Row partition size is greater than output size: {len(part) - 1} > {len(index)}"
                )
            index = _index_row_splits(part, index, multiplier[dim + 1], out_size[dim + 1])
        else:
            raise ValueError(f"{name}: Unsupported partition type: {kind}")
    flat = output.reshape(-1, math.prod(element_shape))
    keep = np.flatnonzero(index >= 0)
    source = value_rows.reshape(value_rows.shape[0], math.prod(element_shape))
    if len(source) < len(index):  # rows TF.js reads past the end of values are NaN (or 0)
        filler = np.full(
            (len(index) - len(source), source.shape[1]), np.nan if values.dtype == "float32" else 0
        )
        source = np.concatenate([source, filler.astype(source.dtype)])
    flat[index[keep]] = source[keep]
    return backend.make_output(output, values.dtype)


def _output_size(
    backend: CpuBackend, shape: Any, values: Any, default_value: Any, ragged_rank: int
) -> list[int]:
    """The output shape before the unknown (-1) dimensions are filled in."""
    name = "ragged_tensor_to_tensor"
    value_shape, default_shape = list(values.shape), list(default_value.shape)
    if len(default_shape) >= len(value_shape):
        raise ValueError(
            f"{name}: defaultValue.shape={_text(default_shape)} and ragged tensor flatValues.shape="
            f"{_text(value_shape)}, are incompatible: defaultValue.rank = {len(default_shape)} must be less "
            f"than ragged tensor input flatValues.rank = {len(value_shape)})"
        )
    for i in range(min(len(default_shape), len(value_shape) - 1)):
        default_dim, value_dim = default_shape[i], value_shape[i + 1]
        if default_dim != 1 and default_dim != value_dim:
            at = i - len(default_shape)
            raise ValueError(
                f"{name}: defaultValue.shape={_text(default_shape)}, and ragged tensor input "
                f"flatValues.shape={_text(value_shape)} are incompatible: defaultValue.shape[{at}] = "
                f"{default_dim} but ragged tensor input.flatValues.shape[{at}] = {value_dim}"
            )
    requested = [int(d) for d in backend.values(shape).reshape(-1)]
    if shape.rank == 0:
        if requested[0] != -1:
            raise ValueError(
                f"{name}: The only valid scalar shape tensor is the fully unknown shape specified as -1."
            )
        requested = []
    for dim in requested:
        if dim < -1:
            raise ValueError(f"{name}: Dimension {dim} must be >= -1")
    if ragged_rank + len(value_shape) != len(requested):
        raise ValueError(
            f"{name}: rt input.shape and shape={_text(requested)} are incompatible: rt input.rank = "
            f"{ragged_rank + len(value_shape)}, but shape.rank = {len(requested)}"
        )
    out = list(requested)
    for i in range(1, len(value_shape)):
        at = len(out) - len(value_shape) + i
        if out[at] >= 0 and out[at] != value_shape[i]:
            raise ValueError(
                f"{name}: rt input.shape and shape={_text(requested)} are incompatible: rt input.shape"
                f"[{i + ragged_rank}] = {value_shape[i]} but shape[{i + ragged_rank}] = {out[at]}"
            )
        out[at] = value_shape[i]
    return out


def _text(shape: list[int]) -> str:
    return ",".join(str(d) for d in shape)


def _max_width(kind: str, part: np.ndarray) -> int:
    if kind == ROW_SPLITS:
        return int(max(np.diff(part).max(initial=0), 0)) if len(part) > 1 else 0
    if kind == VALUE_ROWIDS:
        if part.size == 0:
            return 0
        starts = np.flatnonzero(np.r_[True, part[1:] != part[:-1]])
        return int(np.diff(np.r_[starts, part.size]).max())
    raise ValueError(f"ragged_tensor_to_tensor: Cannot handle partition type {kind}")


def _index_row_splits(splits: np.ndarray, parent: np.ndarray, multiplier: int, size: int) -> np.ndarray:
    """Where each value of each row lands in the output (-1: cut off)."""
    lengths = np.diff(splits)
    row, column = run_positions(lengths)
    if len(splits) > 0 and len(row) != splits[-1]:
        raise ValueError("ragged_tensor_to_tensor: Invalid row split size.")
    inside = (column < size) & (parent[row] >= 0)
    return np.where(inside, parent[row] + column * multiplier, -1)


def _index_value_rowids(ids: np.ndarray, parent: np.ndarray, multiplier: int, size: int) -> np.ndarray:
    if ids.size == 0:
        return np.zeros(0, np.int64)
    starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
    too_big = np.flatnonzero(ids[starts] >= len(parent))
    if too_big.size:
        value = ids[starts[too_big[0]]]
        if too_big[0] == 0:
            message = f"Got currentValueRowId={value}, which is not less than {len(parent)}"
        else:
            message = f"Got nextValueRowId={value} which is not less than {len(parent)}"
        raise ValueError(f"ragged_tensor_to_tensor: {message}")
    _, column = run_positions(np.diff(np.r_[starts, ids.size]))
    # A negative row id names no row: its values are dropped.
    row_parent = np.where(ids >= 0, parent[np.maximum(ids, 0)], -1)
    return np.where((row_parent >= 0) & (column < size), row_parent + column * multiplier, -1)
