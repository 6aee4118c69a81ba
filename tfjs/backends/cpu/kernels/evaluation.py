"""Evaluation kernels: topk, unique, search_sorted.

TopK orders by value, greatest first, and equal values by index, as TF.js's comparator
does; each value and its index are packed into one int64 key so that NumPy's fast
(unstable) sort and partition keep that order.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import SEARCH_SORTED, TOPK, UNIQUE
from tfjs.kernel_registry import kernel

_LOW_32 = np.int64(0xFFFFFFFF)


def _order_keys(rows: np.ndarray) -> np.ndarray:
    """int32 keys that order as the values do (floats by their bits, -0 as 0)."""
    if rows.dtype == np.float32:
        bits = (rows + np.float32(0)).view(np.int32)  # + 0 makes -0 into 0
        return bits ^ ((bits >> 31) & np.int32(0x7FFFFFFF))
    return rows.astype(np.int32, copy=False)


def top_k_indices(rows: np.ndarray, k: int) -> np.ndarray:
    """The column indices of each row's k greatest values, greatest first, ties by index."""
    n = rows.shape[1]
    if k < n and not (rows.dtype == np.float32 and np.isnan(rows).any()):
        # Only the values at least the k-th greatest can be in the answer: sort those.
        threshold = np.partition(rows, n - k, axis=1)[:, n - k : n - k + 1]
        row, column = np.divmod(np.flatnonzero(rows >= threshold), n)
        if row.size <= 2 * rows.shape[0] * k + 1024:  # else many ties: sort all
            order = np.lexsort((column, ~_order_keys(rows[row, column]), row))
            starts = np.searchsorted(row, np.arange(rows.shape[0]))
            return column[order[starts[:, None] + np.arange(k)]]
    keys = (~_order_keys(rows)).astype(np.int64) << 32
    keys |= np.arange(n, dtype=np.int64)
    if k < n:
        keys = np.partition(keys, k - 1, axis=1)[:, :k]
    keys.sort(axis=1)
    return (keys & _LOW_32).astype(np.intp)


@kernel(TOPK, "cpu")
def top_k(backend: CpuBackend, x: Any, *, k: int, sorted: bool) -> list[TensorInfo]:  # noqa: A002
    values = backend.values(x)
    n = x.shape[-1]
    out_shape = (*x.shape[:-1], k)
    rows = values.reshape(math.prod(x.shape[:-1]), n)  # not -1: a 0 row length leaves it unknown
    if k == 0 or rows.shape[0] == 0:
        index = np.zeros((rows.shape[0], k), np.intp)
    elif not sorted and k == n:
        index = np.broadcast_to(np.arange(n), rows.shape)  # TF.js neither selects nor sorts
    else:
        index = top_k_indices(rows, k)
    picked = np.take_along_axis(rows, index, axis=1)
    return [
        backend.make_output(picked.reshape(out_shape), x.dtype),
        backend.make_output(index.reshape(out_shape), "int32"),
    ]


def _unique_keys(slices: np.ndarray, dtype: str) -> np.ndarray:
    """One comparable key per slice (row of `slices`), equal where TF.js's string forms of
    the slices are equal: NaN equals NaN, -0 equals 0; strings compare as the decimal
    byte lists TF.js joins with commas."""
    if dtype == "string":
        joined = [",".join(",".join(map(str, _utf8(v))) for v in row) for row in slices]
        return np.array(joined, dtype=object)
    if dtype == "float32":
        slices = slices + np.float32(0)  # -0 becomes 0
        slices[np.isnan(slices)] = np.nan
    slices = np.ascontiguousarray(slices)
    if slices.shape[1] == 1:
        return slices.reshape(-1).view(np.int32 if dtype == "float32" else slices.dtype)
    return slices.view(np.dtype((np.void, slices.dtype.itemsize * slices.shape[1]))).reshape(-1)


def _utf8(value: Any) -> bytes:
    return value.encode("utf-8") if isinstance(value, str) else bytes(value)


@kernel(UNIQUE, "cpu")
def unique(backend: CpuBackend, x: Any, *, axis: int) -> list[TensorInfo]:
    """The distinct slices along `axis` in order of first appearance, and for each slice
    the position of its distinct slice."""
    values = backend.values(x)
    moved = np.moveaxis(values, axis, 0)
    count = moved.shape[0]
    slices = moved.reshape(count, math.prod(moved.shape[1:]))
    if count == 0:
        first, inverse = np.zeros(0, np.intp), np.zeros(0, np.intp)
    elif slices.shape[1] == 0:  # every slice is empty, so all are equal
        first, inverse = np.zeros(1, np.intp), np.zeros(count, np.intp)
    else:
        keys = _unique_keys(slices, x.dtype)
        order = np.argsort(keys)
        ordered = keys[order]
        new_group = np.empty(count, bool)
        new_group[0] = True
        new_group[1:] = ordered[1:] != ordered[:-1]
        group_of_sorted = np.cumsum(new_group) - 1
        firsts = np.minimum.reduceat(order, np.flatnonzero(new_group))  # each group's first appearance
        rank = np.empty(firsts.size, np.intp)
        by_appearance = np.argsort(firsts)
        rank[by_appearance] = np.arange(firsts.size)
        inverse = np.empty(count, np.intp)
        inverse[order] = rank[group_of_sorted]
        first = firsts[by_appearance]
    picked = np.moveaxis(np.take(moved, first, axis=0), 0, axis)
    return [backend.make_output(picked, x.dtype), backend.make_output(inverse, "int32")]


@kernel(SEARCH_SORTED, "cpu")
def search_sorted(backend: CpuBackend, sorted_sequence: Any, values: Any, *, side: str) -> TensorInfo:
    """For each row of `values`, where each value would go in that row of
    `sorted_sequence`: TF.js's binary search, run on every value at once."""
    sequence, wanted = backend.values(sorted_sequence), backend.values(values)
    batch, size = sequence.shape
    if batch == 1 and not (np.isnan(sequence).any() or np.isnan(wanted).any()) and _ascending(sequence[0]):
        # On a sorted row without NaN, NumPy's binary search gives the same answers.
        found = np.searchsorted(sequence[0], wanted[0], "left" if side == "left" else "right")
        return backend.make_output(found.reshape(wanted.shape), "int32")
    go_right = np.less if side == "left" else np.less_equal
    left = np.zeros(wanted.shape, np.intp)
    right = np.full(wanted.shape, size, np.intp)
    row_start = (np.arange(batch) * size)[:, None]
    flat = sequence.reshape(-1)
    while True:
        active = left < right
        if not active.any():
            return backend.make_output(right, "int32")
        middle = (left + right) // 2
        probe = flat[np.minimum(row_start + middle, flat.size - 1)] if flat.size else wanted
        step = active & go_right(probe, wanted)
        left = np.where(step, middle + 1, left)
        right = np.where(active & ~step, middle, right)


def _ascending(row: np.ndarray) -> bool:
    return bool(np.all(row[1:] >= row[:-1]))
