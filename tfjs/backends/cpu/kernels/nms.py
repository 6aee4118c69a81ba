"""Non-max suppression kernels: NonMaxSuppressionV3 (plain), V4 (padded), V5 (soft-NMS
scores), all three one algorithm, `non_max_suppression_impl`, which the `_async` ops
call directly as TF.js's do.

TF.js keeps its candidates in a queue ordered by score (ties: smaller box index first)
and updates a candidate's score lazily, when it is popped, against the boxes selected
since its last visit, newest first; a candidate whose score changed goes back into the
queue. The order of those multiplications and the moment a changed score takes effect
decide the last bits and even the order of the result, so this port replays that queue
exactly, but a block of queue heads at a time: their IoUs against the selected boxes are
one NumPy matrix, and the Python loop runs once per block (blocks double until one
holds the next selection), not once per candidate. Plain NMS over finite boxes, where
no score can change, takes a shorter road to the same result (`_select_greedy`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import NON_MAX_SUPPRESSION_V3, NON_MAX_SUPPRESSION_V4, NON_MAX_SUPPRESSION_V5
from tfjs.kernel_registry import KernelFunc, register_kernel

_MAX_BLOCK_ELEMENTS = 1 << 22  # IoUs computed at once: bounds a block's memory
_FIRST_SORTED = 1024  # candidates plain NMS sorts first (at least 4 per output)
_GREEDY_BLOCK = 64  # candidates plain NMS checks at once (measured: 64-128 best; 512 is 10x slower)


class NmsResult(NamedTuple):
    """The selected box indices and their (possibly soft-NMS-lowered) scores, padded with
    zeros when asked, and how many of them are real selections."""

    selected_indices: np.ndarray
    selected_scores: np.ndarray
    valid_outputs: int


class _Boxes:
    """Each box's corners put in order (TF.js allows flipped corners) and its area, in
    float64 as TF.js computes them in JavaScript doubles; rows [ymin, xmin, ymax, xmax,
    area]."""

    def __init__(self, boxes: np.ndarray) -> None:
        b = np.asarray(boxes, dtype=np.float64).reshape(-1, 4).T  # one row per coordinate
        self.corners = corners = np.empty((5, b.shape[1]))
        np.minimum(b[0:2], b[2:4], out=corners[0:2])
        np.maximum(b[0:2], b[2:4], out=corners[2:4])
        np.multiply(corners[2] - corners[0], corners[3] - corners[1], out=corners[4])


def _iou(rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """The IoU of each box of `rows` (candidates, as columns of _Boxes.corners) with each
    of `cols` (selected boxes), as TF.js's intersectionOverUnion computes it."""
    r, c = rows[:, :, None], cols[:, None, :]
    height = np.minimum(r[2], c[2]) - np.maximum(r[0], c[0])
    width = np.minimum(r[3], c[3]) - np.maximum(r[1], c[1])
    inter = np.maximum(height, 0.0) * np.maximum(width, 0.0)
    iou = inter / (r[4] + c[4] - inter)
    return np.where((r[4] <= 0) | (c[4] <= 0), 0.0, iou)


def _keys(scores: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """Queue keys that sort as TF.js pops: greater score first, then smaller index (complex
    numbers order by real part, then imaginary part; -0 and 0 are equal)."""
    keys = np.empty(scores.shape, np.complex128)
    keys.real = -scores
    keys.imag = indices
    return keys


class _Queue:
    """The candidates not yet selected or dropped, in pop order, with the score each had
    at its last visit and the number of selected boxes it has been checked against."""

    def __init__(self, scores: np.ndarray, indices: np.ndarray) -> None:
        order = np.lexsort((indices, -scores))
        self.score, self.index = scores[order], indices[order]
        self.begin = np.zeros(order.size, np.int64)
        self.key = _keys(self.score, self.index)

    def drop_head(self, count: int, back: np.ndarray, back_scores: np.ndarray, begin: int) -> None:
        """Removes the first `count` candidates, then puts the `back` positions among them
        back with their new scores, checked against `begin` selected boxes."""
        index = self.index[back]
        self.score, self.index = self.score[count:], self.index[count:]
        self.begin, self.key = self.begin[count:], self.key[count:]
        if index.size:
            keys = _keys(back_scores, index)
            order = np.argsort(keys)
            keys, index, back_scores = keys[order], index[order], back_scores[order]
            at = np.searchsorted(self.key, keys)
            self.key = np.insert(self.key, at, keys)
            self.score = np.insert(self.score, at, back_scores)
            self.index = np.insert(self.index, at, index)
            self.begin = np.insert(self.begin, at, begin)


def non_max_suppression_impl(
    boxes: np.ndarray,
    scores: np.ndarray,
    max_output_size: int,
    iou_threshold: float,
    score_threshold: float,
    soft_nms_sigma: float = 0.0,
    pad_to_max_output_size: bool = False,
) -> NmsResult:
    """TF.js's nonMaxSuppressionImpl_ on the values of `boxes` ([numBoxes, 4]) and
    `scores` ([numBoxes]); `max_output_size` is already at most numBoxes."""
    raw = np.asarray(boxes).reshape(-1, 4)
    values = np.asarray(scores, dtype=np.float64).reshape(-1)
    limits = int(max_output_size), float(iou_threshold), float(score_threshold)
    pad, sigma = bool(pad_to_max_output_size), float(soft_nms_sigma)
    with np.errstate(all="ignore"):
        # float32 or int32 corners: finite ones have a finite area in float64
        if sigma <= 0 and (np.isfinite(raw).all() or np.isfinite(raw[values > limits[2]]).all()):
            return _select_greedy(raw, values, *limits, pad)
        return _select_queue(_Boxes(raw), values, *limits, sigma, pad)


def _select_greedy(
    boxes: np.ndarray, scores: np.ndarray, max_output: int, iou_thr: float, score_thr: float, pad: bool
) -> NmsResult:
    """Plain NMS where no IoU can be NaN (every candidate's corners finite): then no
    score ever changes, so TF.js's queue pops the candidates in score order and keeps
    each that overlaps no kept box as much as the threshold. A block of candidates at a
    time: those a kept box overlaps go (one matrix), then the overlaps among the rest
    decide, in order, which of them are kept (a loop over bits). `boxes` ([numBoxes, 4]):
    the corners (_Boxes) of a sorted part's candidates only are worked out, as it is
    reached (handtrack: 12 804 boxes, 0.6 of a 0.9 ms call on all of them)."""
    candidates = np.flatnonzero(scores > score_thr)
    chosen: list[np.ndarray] = []
    kept_corners = np.empty((5, 0))
    count = 0
    blocks = (
        (order[start : start + _GREEDY_BLOCK], part[:, start : start + _GREEDY_BLOCK])
        for order in _in_pop_order(scores, candidates, max(_FIRST_SORTED, 4 * max_output))
        for part in [_Boxes(boxes[order]).corners]
        for start in range(0, order.size, _GREEDY_BLOCK)
    )
    for block, corners in blocks:
        if count >= max_output:
            break
        if count:
            free = ~(_iou(corners, kept_corners) >= iou_thr).any(axis=1)
            block, corners = block[free], corners[:, free]
        # which later candidates of the block each one would drop, as bits of an int
        overlaps = np.triu(_iou(corners, corners) >= iou_thr, 1)
        rows = np.packbits(overlaps, axis=1, bitorder="little")
        drops = [int.from_bytes(row.tobytes(), "little") for row in rows]
        alive = (1 << block.size) - 1
        kept = []
        for j in range(block.size):
            if alive >> j & 1:
                kept.append(j)
                if count + len(kept) == max_output:
                    break
                alive &= ~drops[j]
        chosen.append(block[kept])
        kept_corners = np.concatenate([kept_corners, corners[:, kept]], axis=1)
        count += len(kept)
    selected = np.concatenate([np.zeros(0, np.int64), *chosen])
    selected_scores = scores[selected]
    if pad and count < max_output:
        selected = np.concatenate([selected, np.zeros(max_output - count, np.int64)])
        selected_scores = np.concatenate([selected_scores, np.zeros(max_output - count)])
    return NmsResult(selected, selected_scores, count)


def _in_pop_order(scores: np.ndarray, candidates: np.ndarray, first: int) -> Iterator[np.ndarray]:
    """`candidates` in the order TF.js's queue pops them (greater score first, then smaller
    index), a sorted part at a time: the `first` best (with every candidate tied with the
    last of them), then four times as many of the rest, and so on. Plain NMS mostly stops
    long before the last candidate, and sorting them all took most of its time (handtrack:
    12 804 boxes, 0.7 of 0.9 ms)."""
    rest, size = candidates, first
    while rest.size:
        if rest.size > size:
            keys = -scores[rest]
            head = keys <= np.partition(keys, size - 1)[size - 1]
            part, rest = rest[head], rest[~head]
        else:
            part, rest = rest, rest[:0]
        yield part[np.lexsort((part, -scores[part]))]
        size *= 4


def _select_queue(
    boxes: _Boxes,
    scores: np.ndarray,
    max_output: int,
    iou_thr: float,
    score_thr: float,
    sigma: float,
    pad: bool,
) -> NmsResult:
    """TF.js's priority queue, replayed a block of queue heads at a time."""
    scale = -0.5 / sigma if sigma > 0 else 0.0
    candidates = np.flatnonzero(scores > score_thr)
    queue = _Queue(scores[candidates], candidates)
    capacity = max(max_output, 0)
    selected = np.zeros(capacity, np.int64)
    selected_scores = np.zeros(capacity)
    selected_corners = np.empty((5, capacity))
    m = 0  # boxes selected so far
    block = 1
    while m < max_output and queue.index.size:
        size = min(block, queue.index.size, max(16, _MAX_BLOCK_ELEMENTS // max(m, 1)))
        stale = queue.score[:size]
        new = _visit(boxes, queue, size, selected_corners[:, :m], iou_thr, score_thr, scale)
        ignored = np.isnan(new)  # dropped: overlaps too much, or fell to the threshold
        unchanged = ~ignored & (new == stale)
        back = ~ignored & ~unchanged
        # A candidate put back pops again before a queue entry whose key is greater.
        back_keys = np.where(back, _keys(new, queue.index[:size]), np.complex128(np.inf))
        earliest_back = np.minimum.accumulate(np.concatenate([[np.complex128(np.inf)], back_keys[:-1]]))
        overtaken = earliest_back < queue.key[:size]
        stops = np.flatnonzero(unchanged | overtaken)
        if stops.size == 0:
            queue.drop_head(size, np.flatnonzero(back), new[back], m)
            block *= 2
            continue
        stop = int(stops[0])
        if overtaken[stop]:
            winner = int(np.argmin(back_keys[:stop]))
            back[winner] = False
            consumed = stop
        else:
            winner, consumed = stop, stop + 1
        selected[m] = queue.index[winner]
        selected_scores[m] = new[winner]
        selected_corners[:, m] = boxes.corners[:, selected[m]]
        back[consumed:] = False
        queue.drop_head(consumed, np.flatnonzero(back), new[back], m)
        m += 1
        block = max(1, consumed)
    if pad:
        return NmsResult(selected, selected_scores, m)
    return NmsResult(selected[:m], selected_scores[:m], m)


def _visit(
    boxes: _Boxes,
    queue: _Queue,
    size: int,
    selected: np.ndarray,
    iou_thr: float,
    score_thr: float,
    scale: float,
) -> np.ndarray:
    """The scores the first `size` queue entries get when popped now (NaN: dropped): each
    is checked against the boxes selected since its last visit (`selected`: their
    corners), newest first; an IoU at or above the threshold drops it, smaller ones
    scale it by the soft-NMS weight."""
    stale, begin = queue.score[:size], queue.begin[:size]
    first = int(begin.min())
    count = selected.shape[1]
    if first == count:
        return stale.copy()
    iou = _iou(boxes.corners[:, queue.index[:size]], selected[:, first:][:, ::-1])  # newest first
    visited = (np.arange(count - 1, first - 1, -1))[None, :] >= begin[:, None]
    if scale == 0:
        # Plain NMS: every weight is 1 or (an IoU of NaN) 0, so no order to keep.
        zero = np.any(visited & ~(iou <= iou_thr), axis=1)
        new = np.where(zero, stale * 0.0, stale)
    else:
        weight = np.where(iou <= iou_thr, np.exp(scale * iou * iou), 0.0)
        factors = np.concatenate([stale[:, None], np.where(visited, weight, 1.0)], axis=1)
        new = np.multiply.accumulate(factors, axis=1)[:, -1]  # in order, as TF.js multiplies
    # A score that reaches the threshold stops the walk (it only moves toward 0, so the
    # end value tells); NaN (Infinity times a 0 weight) is dropped too.
    dropped = np.any(visited & (iou >= iou_thr), axis=1) | ~(new > score_thr)
    return np.where(dropped, np.nan, new)


def _nms_kernel(*, with_scores: bool, with_valid: bool) -> KernelFunc:
    """NonMaxSuppressionV3 (the selected indices), V4 (and the valid count: padded) or V5
    (and the selected scores: soft-NMS): one algorithm, the outputs each returns."""

    def nms(
        backend: CpuBackend,
        boxes: Any,
        scores: Any,
        *,
        max_output_size: int,
        iou_threshold: float,
        score_threshold: float,
        soft_nms_sigma: float = 0.0,
        pad_to_max_output_size: bool = False,
    ) -> TensorInfo | list[TensorInfo]:
        result = non_max_suppression_impl(
            backend.values(boxes),
            backend.values(scores),
            max_output_size,
            iou_threshold,
            score_threshold,
            soft_nms_sigma,
            pad_to_max_output_size,
        )
        outputs = [backend.make_output(result.selected_indices, "int32")]
        if with_scores:
            outputs.append(backend.make_output(result.selected_scores, "float32"))
        if with_valid:
            outputs.append(backend.make_output(np.int32(result.valid_outputs), "int32"))
        return outputs if len(outputs) > 1 else outputs[0]

    return nms


register_kernel(NON_MAX_SUPPRESSION_V3, "cpu", _nms_kernel(with_scores=False, with_valid=False))
register_kernel(NON_MAX_SUPPRESSION_V4, "cpu", _nms_kernel(with_scores=False, with_valid=True))
register_kernel(NON_MAX_SUPPRESSION_V5, "cpu", _nms_kernel(with_scores=True, with_valid=False))
