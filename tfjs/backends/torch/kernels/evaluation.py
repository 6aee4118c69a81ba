"""TopK and SearchSorted (Unique is forwarded to `cpu`). TopK gives each row's k
greatest values, greatest first, ties by index, ordered as TF.js orders float32 values
(by their bits: -0 as 0, NaN above Infinity)."""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.registry import torch_kernel
from tfjs.backends.torch.tracing import traced
from tfjs.kernel_names import SEARCH_SORTED, TOPK


def order_keys(rows: torch.Tensor) -> torch.Tensor:
    """int32 keys that order as TF.js orders the values (floats by their bits, -0 as 0)."""
    if rows.dtype == torch.float32:
        bits = (rows + 0.0).view(torch.int32)
        return bits ^ ((bits >> 31) & 0x7FFFFFFF)
    return rows.to(torch.int32)


@torch_kernel(TOPK)
def top_k(backend: TorchBackend, x: Any, *, k: int, sorted: bool) -> list[TensorInfo]:  # noqa: A002
    values = backend.tensor(x)
    n = x.shape[-1]
    out_shape = (*x.shape[:-1], k)
    rows = values.reshape(math.prod(x.shape[:-1]), n)
    if k == 0 or rows.shape[0] == 0:
        index = torch.zeros((rows.shape[0], k), dtype=torch.long, device=values.device)
    elif not sorted and k == n:
        index = torch.arange(n, device=values.device).expand(rows.shape)  # TF.js neither selects nor sorts
    elif traced() and backend.checks.traced is not None:
        index = _first_k_unless_tied(backend, rows, k)
    elif 4 * k <= n and rows.device.type == "cpu":
        index = _first_k_in_order(order_keys(rows), k)
    else:
        index = torch.sort(order_keys(rows), dim=1, descending=True, stable=True).indices[:, :k]
    picked = rows.gather(1, index)
    return [
        backend.make_output(picked.reshape(out_shape), x.dtype),
        backend.make_output(index.reshape(out_shape), "int32"),
    ]


def _first_k_in_order(keys: torch.Tensor, k: int) -> torch.Tensor:
    """The first k columns of each row of `keys` in a stable descending sort (greatest
    first, ties by column), sorting only the columns at or above each row's k-th key: a
    selection and a small sort where a whole-row sort costs n log n."""
    kth = _kth_largest(keys, k)
    row, col = torch.nonzero(keys >= kth, as_tuple=True)  # by row, then by column
    order = torch.sort(keys[row, col], descending=True, stable=True).indices
    order = order[torch.sort(row[order], stable=True).indices]  # by row, then key, then column
    row, col = row[order], col[order]
    counts = torch.bincount(row, minlength=keys.shape[0])
    position = torch.arange(row.numel(), device=keys.device) - (torch.cumsum(counts, 0) - counts)[row]
    return col[position < k].reshape(keys.shape[0], k)


def _first_k_unless_tied(backend: TorchBackend, rows: torch.Tensor, k: int) -> torch.Tensor:
    """While a plan is traced (a frozen graph cannot hold the bit view of `order_keys`):
    each row's k greatest, by torch.topk on the values (-0 and 0 compare equal, as TF.js
    orders them), in order (greatest first, ties by column). That is TF.js's selection
    unless a row holds a NaN (TF.js orders NaNs by their bits) or leaves out a value
    equal to its k-th (topk picks among ties in no set order): the graph reports either
    as a failed check, and that call runs its kernels one by one, which select exactly.
    The check reads only the candidates `_greatest_in_parts` gives for k + 1: a row is
    exact when exactly k of them are at least its k-th (torch.topk takes NaN as the
    greatest, and a NaN k-th compares false)."""
    candidates = _greatest_in_parts(rows, min(k + 1, int(rows.shape[1])))
    best = torch.topk(candidates.values, k, dim=1, sorted=False)
    kth = best.values.amin(dim=1, keepdim=True)
    backend.checks.traced.append(((candidates.values >= kth).sum(dim=1) != k).any())
    columns = torch.sort(candidates.indices.gather(1, best.indices), dim=1).values
    by_key = torch.sort(rows.gather(1, columns), dim=1, descending=True, stable=True).indices
    return columns.gather(1, by_key)


def _kth_largest(keys: torch.Tensor, k: int) -> torch.Tensor:
    """Each row's k-th largest key ([rows, 1])."""
    candidates = _greatest_in_parts(keys, k)
    return torch.topk(candidates.values, k, dim=1, sorted=False).values.amin(dim=1, keepdim=True)


class _TopK(NamedTuple):
    """Each row's selected keys and their columns."""

    values: torch.Tensor
    indices: torch.Tensor


def _greatest_in_parts(keys: torch.Tensor, count: int) -> _TopK:
    """Keys of each row and their columns, such that each key left out has `count`
    returned keys at least as large (so a row's `count` largest are returned, and a key
    left out that ties with one of them is seen by counting those returned). A long row
    is cut into blocks (`_in_blocks`); a shorter one into parts (up to 16, each at least
    4 * count long), each giving its `count` largest (torch.topk, unsorted, in no set order
    among ties): torch selects in parts 2.5 times faster than along one row of a million."""
    rows, n = (int(size) for size in keys.shape)  # ints: while traced, sizes are tensors
    if n // _BLOCK >= 4 * count:
        return _in_blocks(keys, count)
    parts = next((p for p in (16, 8, 4, 2) if n % p == 0 and n // p >= 4 * count), 1)
    top = torch.topk(keys.reshape(rows * parts, n // parts), count, dim=1, sorted=False)
    if parts == 1:
        return _TopK(top.values, top.indices)
    starts = torch.arange(0, n, n // parts, device=keys.device).repeat(rows)[:, None]
    return _TopK(top.values.reshape(rows, parts * count), (top.indices + starts).reshape(rows, parts * count))


_BLOCK = 128  # keys per block in `_in_blocks`


def _in_blocks(keys: torch.Tensor, count: int) -> _TopK:
    """Every key of the `count` blocks of `_BLOCK` keys with the largest maxima (NaN the
    largest, as torch.topk takes it), and the keys past the last whole block. A row's
    `count` largest lie in those blocks: a block left out has a maximum no larger than
    each chosen block's, which holds a key that large. One pass (the maxima) and a small
    selection, where selecting along the row reads it into pairs of key and column (six
    times slower on CenterNet's 1.3 million scores)."""
    rows, n = (int(size) for size in keys.shape)
    blocks = n // _BLOCK
    whole = keys[:, : blocks * _BLOCK].view(rows, blocks, _BLOCK)
    chosen = torch.topk(whole.amax(dim=2), count, dim=1, sorted=False).indices
    within = torch.arange(_BLOCK, device=keys.device)
    columns = (chosen[:, :, None] * _BLOCK + within).reshape(rows, count * _BLOCK)
    if blocks * _BLOCK < n:
        rest = torch.arange(blocks * _BLOCK, n, device=keys.device).expand(rows, -1)
        columns = torch.cat([columns, rest], dim=1)
    return _TopK(keys.gather(1, columns), columns)


@torch_kernel(SEARCH_SORTED)
def search_sorted(backend: TorchBackend, sorted_sequence: Any, values: Any, *, side: str) -> TensorInfo:
    """For each row of `values`, where each value would go in that row of
    `sorted_sequence`: TF.js's binary search (NaN and unsorted rows included), run on
    every value at once for as many halvings as the row length needs."""
    sequence, wanted = backend.tensor(sorted_sequence), backend.tensor(values)
    batch, size = sequence.shape
    left = torch.zeros(wanted.shape, dtype=torch.long, device=wanted.device)
    right = torch.full(wanted.shape, size, dtype=torch.long, device=wanted.device)
    if size == 0:
        return backend.make_output(right, "int32")
    row_start = (torch.arange(batch, device=wanted.device) * size)[:, None]
    flat = sequence.reshape(-1)
    for _ in range(size.bit_length() + 1):
        active = left < right
        middle = (left + right) // 2
        probe = flat[torch.clamp(row_start + middle, max=flat.numel() - 1)]
        step = active & (probe < wanted if side == "left" else probe <= wanted)
        left = torch.where(step, middle + 1, left)
        right = torch.where(active & ~step, middle, right)
    return backend.make_output(right, "int32")
