"""Sparse kernels: SparseFillEmptyRows, SparseReshape, SparseSegmentSum/Mean.

Data-dependent checks (indices in range, segment ids sorted) happen here, before any
output is allocated, with TF.js's messages; shape and dtype checks are the ops'.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import SPARSE_FILL_EMPTY_ROWS, SPARSE_RESHAPE, SPARSE_SEGMENT_MEAN, SPARSE_SEGMENT_SUM
from tfjs.kernel_registry import kernel


def _shape_text(shape: Any) -> str:
    """A shape as JavaScript prints an array: `2,3`."""
    return ",".join(str(int(d)) for d in shape)


def run_positions(lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For runs of the given lengths laid end to end: each position's run and its place
    within the run."""
    lengths = np.maximum(np.asarray(lengths, dtype=np.int64), 0)
    run = np.repeat(np.arange(len(lengths)), lengths)
    starts = np.cumsum(lengths) - lengths
    return run, np.arange(len(run)) - starts[run]


@kernel(SPARSE_FILL_EMPTY_ROWS, "cpu")
def sparse_fill_empty_rows(
    backend: CpuBackend, indices: Any, values: Any, dense_shape: Any, default_value: Any
) -> list[TensorInfo]:
    index_values = backend.values(indices).astype(np.int64)
    value_values = backend.values(values)
    count, rank = indices.shape
    shape_values = backend.values(dense_shape)
    dense_rows = int(shape_values[0]) if shape_values.size else 0
    default = backend.values(default_value).reshape(-1)[0]
    if dense_rows == 0:
        if count != 0:
            raise ValueError(
                "sparse_fill_empty_rows: Received SparseTensor with denseShape[0] = 0 but\n"
                f"  indices.shape[0] = {count}"
            )
        return [
            backend.make_output(np.zeros((0, rank)), indices.dtype),
            backend.make_output(np.zeros(0, value_values.dtype), values.dtype),
            backend.make_output(np.zeros(0, bool), "bool"),
            backend.make_output(np.zeros(0), indices.dtype),
        ]
    rows = index_values[:, 0] if count else np.zeros(0, np.int64)
    bad = np.flatnonzero((rows < 0) | (rows >= dense_rows))
    if bad.size:
        i = bad[0]
        sign = "< 0" if rows[i] < 0 else f">= {dense_rows}"
        raise ValueError(f"sparse_fill_empty_rows: indices({i}, 0) is invalid: {rows[i]} {sign}")
    counts = np.bincount(rows, minlength=dense_rows)
    empty = counts == 0
    if not empty.any() and np.all(rows[1:] >= rows[:-1]):
        return [
            backend.forward(indices, indices.shape),
            backend.forward(values, values.shape),
            backend.make_output(empty, "bool"),
            backend.make_output(np.arange(count), indices.dtype),
        ]
    filled = np.maximum(counts, 1)
    row_start = np.cumsum(filled) - filled
    # Each entry keeps its order within its row: a stable sort by row.
    order = np.argsort(rows, kind="stable")
    _, place = run_positions(counts)
    reverse = np.empty(count, np.int64)
    reverse[order] = row_start[rows[order]] + place
    total = int(filled.sum())
    out_indices = np.zeros((total, rank), np.int64)
    out_values = np.zeros(total, value_values.dtype)
    out_indices[reverse] = index_values
    out_values[reverse] = value_values
    empty_rows = np.flatnonzero(empty)
    out_indices[row_start[empty_rows], 0] = empty_rows
    out_values[row_start[empty_rows]] = default
    return [
        backend.make_output(out_indices, indices.dtype),
        backend.make_output(out_values, values.dtype),
        backend.make_output(empty, "bool"),
        backend.make_output(reverse, indices.dtype),
    ]


@kernel(SPARSE_RESHAPE, "cpu")
def sparse_reshape(
    backend: CpuBackend, input_indices: Any, input_shape: Any, new_shape: Any
) -> list[TensorInfo]:
    in_shape = [int(d) for d in backend.values(input_shape)]
    target = [int(d) for d in backend.values(new_shape)]
    out_shape = resolve_sparse_reshape(in_shape, target)
    indices = backend.values(input_indices).astype(np.int64)
    nnz = input_indices.shape[0]
    in_strides = _strides(in_shape)
    out_strides = _strides(out_shape)
    flat = indices @ np.asarray(in_strides, np.int64) if in_shape else np.zeros(nnz, np.int64)
    out = np.zeros((nnz, len(out_shape)), np.int64)
    for j, stride in enumerate(out_strides):
        if stride == 0:  # a zero-size output: JavaScript's x / 0 stores as 0
            break
        quotient = np.sign(flat) * (np.abs(flat) // stride)  # Math.trunc
        out[:, j] = quotient
        flat = flat - quotient * stride  # JavaScript's %, the sign of the dividend
    return [
        backend.make_output(out.reshape(nnz, len(out_shape)), input_indices.dtype),
        backend.make_output(np.asarray(out_shape, np.int64), new_shape.dtype),
    ]


def resolve_sparse_reshape(in_shape: list[int], target: list[int]) -> list[int]:
    """The output dense shape: `target` with its -1 filled in, checked as TF.js does."""
    dense_size = math.prod(in_shape)
    out_shape, product, unknown = [], 1, -1
    for d, size in enumerate(target):
        if size == -1:
            if unknown != -1:
                raise ValueError(
                    f"sparse_reshape: only one output dimension may be -1, not both {unknown} and {d}"
                )
            unknown = d
            out_shape.append(1)
        else:
            if size < 0:
                raise ValueError(f"sparse_reshape: size {d} must be non-negative, not {size}")
            product *= size
            out_shape.append(size)
    if unknown != -1:
        if product <= 0:
            raise ValueError(
                "sparse_reshape: reshape cannot infer the missing input size for an empty tensor "
                "unless all specified input sizes are non-zero"
            )
        missing = int(dense_size / product)
        if product * missing != dense_size:
            raise ValueError(
                f"sparse_reshape: Input to reshape is a SparseTensor with {dense_size}\n"
                f"  dense values, but the requested shape requires a multiple of {product}. "
                f"inputShape={_shape_text(in_shape)} outputShape= {_shape_text(out_shape)}"
            )
        out_shape[unknown] = missing
    out_size = math.prod(out_shape)
    if out_size != dense_size:
        raise ValueError(
            f"sparse_reshape: Input to reshape is a tensor with {dense_size} dense values, but the "
            f"requested shape has {out_size}. inputShape={_shape_text(in_shape)} "
            f"outputShape={_shape_text(out_shape)}"
        )
    return out_shape


def _strides(shape: list[int]) -> list[int]:
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    return strides


def ordered_float32_sums(rows: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The sum of each run of float32 rows as a Float32Array accumulates it: from +0, in
    order, each partial sum rounded. Loops over the runs or over their positions,
    whichever is fewer."""
    sums = np.zeros((len(starts), rows.shape[1]), np.float32)
    if len(starts) <= lengths.max():
        for run, (start, length) in enumerate(zip(starts.tolist(), lengths.tolist(), strict=True)):
            sums[run] = np.add.accumulate(rows[start : start + length], axis=0, dtype=np.float32)[-1]
        return sums + np.float32(0)  # from +0: a sum of -0s is +0
    for k in range(int(lengths.max())):
        live = lengths > k
        sums[live] += rows[starts[live] + k]
    return sums


def _segment_reduction(
    backend: CpuBackend, data: Any, indices: Any, segment_ids: Any, is_mean: bool
) -> TensorInfo:
    """TF.js's sparseSegmentReductionImpl: rows `data[indices]` summed (or averaged) into
    the segments `segment_ids` names, which must be sorted; missing segments are 0."""
    name = "sparse_segment_mean" if is_mean else "sparse_segment_sum"
    values = backend.values(data)
    index_values = backend.values(indices).astype(np.int64)
    ids = backend.values(segment_ids).astype(np.int64)
    num_rows = data.shape[0]
    output_rows = int(ids[-1]) + 1 if ids.size else 0
    if output_rows < 0:
        raise ValueError(f"{name}: segment ids must be >= 0")
    out_shape = (output_rows, *data.shape[1:])
    storage = dtypes.NUMPY_DTYPES[data.dtype]
    if ids.size == 0:
        return backend.make_output(np.zeros(out_shape, storage), data.dtype)
    if output_rows == 0:
        raise ValueError(f"{name}: segment ids must be >= 0")
    # The runs of equal ids, checked run by run in TF.js's order.
    starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
    run_ids = ids[starts]
    lengths = np.diff(np.r_[starts, ids.size])
    not_increasing = np.r_[run_ids[:-1] >= run_ids[1:], False]
    bad_index = (index_values < 0) | (index_values >= num_rows)
    run_of = np.repeat(np.arange(len(starts)), lengths)
    bad_runs = np.zeros(len(starts), bool)
    np.logical_or.at(bad_runs, run_of, bad_index)
    problems = np.flatnonzero(not_increasing | (run_ids < 0) | bad_runs)
    if problems.size:
        run = problems[0]
        if not_increasing[run]:
            raise ValueError(f"{name}: segment ids are not increasing")
        if run_ids[run] < 0:
            raise ValueError(
                f"{name}: Segment id {run_ids[run]} out of range [0, {output_rows}), possibly because "
                "segmentIds input is not sorted."
            )
        i = starts[run] + np.flatnonzero(bad_index[starts[run] : starts[run] + lengths[run]])[0]
        raise ValueError(f"{name}: Bad: indices[{i}] == {index_values[i]} out of range [0, {num_rows})")
    rows = values.reshape(num_rows, math.prod(data.shape[1:]))[index_values]
    if data.dtype == "float32":
        out = np.zeros((output_rows, rows.shape[1]), np.float32)
        out[run_ids] = ordered_float32_sums(rows, starts, lengths)
        if is_mean:
            out[run_ids] /= lengths[:, None].astype(np.float32)
    else:
        sums = np.zeros((output_rows, rows.shape[1]), np.int64)
        sums[run_ids] = np.add.reduceat(rows.astype(np.int64), starts, axis=0)
        out = dtypes.to_int32(sums) if data.dtype == "int32" else sums
        if is_mean:
            out = out.astype(np.float64)
            out[run_ids] /= lengths[:, None]
    return backend.make_output(out.reshape(out_shape), data.dtype)


@kernel(SPARSE_SEGMENT_SUM, "cpu")
def sparse_segment_sum(backend: CpuBackend, data: Any, indices: Any, segment_ids: Any) -> TensorInfo:
    return _segment_reduction(backend, data, indices, segment_ids, is_mean=False)


@kernel(SPARSE_SEGMENT_MEAN, "cpu")
def sparse_segment_mean(backend: CpuBackend, data: Any, indices: Any, segment_ids: Any) -> TensorInfo:
    return _segment_reduction(backend, data, indices, segment_ids, is_mean=True)
