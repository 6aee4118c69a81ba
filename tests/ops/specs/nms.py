"""tf.image non-max suppression, against `reference_nms`: TF.js's algorithm written out
literally, one popped candidate at a time, in Python floats (JavaScript's doubles)."""

from __future__ import annotations

import bisect
import math

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec


def _corners(box: np.ndarray) -> tuple[float, float, float, float, float]:
    y1, x1, y2, x2 = (float(v) for v in box)
    ymin, xmin = _nan_min(y1, y2), _nan_min(x1, x2)
    ymax, xmax = _nan_max(y1, y2), _nan_max(x1, x2)
    return ymin, xmin, ymax, xmax, (ymax - ymin) * (xmax - xmin)


def _nan_min(a: float, b: float) -> float:  # Math.min
    return math.nan if math.isnan(a) or math.isnan(b) else min(a, b)


def _nan_max(a: float, b: float) -> float:  # Math.max
    return math.nan if math.isnan(a) or math.isnan(b) else max(a, b)


def _iou(a: tuple, b: tuple) -> float:
    if a[4] <= 0 or b[4] <= 0:
        return 0.0
    height = _nan_max(_nan_min(a[2], b[2]) - _nan_max(a[0], b[0]), 0.0)
    width = _nan_max(_nan_min(a[3], b[3]) - _nan_max(a[1], b[1]), 0.0)
    inter = height * width
    return inter / (a[4] + b[4] - inter)


def reference_nms(boxes, scores, max_output, iou_threshold, score_threshold, sigma=0.0, pad=False):
    """(selected indices, their scores, valid outputs) as TF.js's nonMaxSuppressionImpl_."""
    corners = [_corners(box) for box in np.asarray(boxes, np.float64).reshape(-1, 4)]
    scores = [float(s) for s in np.asarray(scores, np.float64).reshape(-1)]
    max_output = min(max_output, len(scores))
    scale = -0.5 / sigma if sigma > 0 else 0.0

    def order(c):  # ascending; the end pops first: greatest score, then smallest index
        return (c[0], -c[1])

    queue = sorted(([s, i, 0] for i, s in enumerate(scores) if s > score_threshold), key=order)
    selected, selected_scores = [], []
    while len(selected) < max_output and queue:
        candidate = queue.pop()
        original, index, begin = candidate
        ignore = False
        for j in range(len(selected) - 1, begin - 1, -1):
            iou = _iou(corners[index], corners[selected[j]])
            if iou >= iou_threshold:
                ignore = True
                break
            weight = math.exp(scale * iou * iou) if iou <= iou_threshold else 0.0
            candidate[0] *= weight
            if candidate[0] <= score_threshold:
                break
        candidate[2] = len(selected)
        if ignore:
            continue
        if candidate[0] == original:
            selected.append(index)
            selected_scores.append(candidate[0])
        elif candidate[0] > score_threshold:
            queue.insert(bisect.bisect_left([order(c) for c in queue], order(candidate)), candidate)
    valid = len(selected)
    if pad:
        selected += [0] * (max_output - valid)
        selected_scores += [0.0] * (max_output - valid)
    return np.array(selected, np.int64), np.array(selected_scores), valid


BOXES = (((40, 4), F32), ((40,), F32))  # corners and scores in [0, 10): many overlaps
KW = {"low": 0.0, "high": 10.0}


def _row(name, args, output=None, pick=0, dtype=I32, suffix="", reference_args=None, **kw) -> OpSpec:
    """tf.image.<name>(boxes, scores, *args) (its `output` field) against result `pick` of
    reference_nms (0: indices, 1: scores, 2: valid outputs) with `reference_args` (or args)."""
    op = getattr(tf.image, name)

    def run(boxes, scores):
        result = op(boxes, scores, *args)
        return result if output is None else getattr(result, output)

    def reference(boxes, scores):
        return reference_nms(boxes, scores, *(reference_args or args))[pick]

    return OpSpec(f"image.{name}", run, reference, BOXES, dtype, id_suffix=suffix, **KW, **kw)


SOFT = (25, 0.6, 1.0, 0.5)
PADDED = (30, 0.2, 0.0, True)
PADDED_REFERENCE = (30, 0.2, 0.0, 0.0, True)  # sigma 0, pad

SPECS: list[OpSpec] = [
    _row("non_max_suppression", (20, 0.3, 2.0)),
    _row("non_max_suppression_with_score", SOFT, "selected_indices"),
    # The selection is not differentiable (NonMaxSuppressionV5 has no gradient, nor in TF.js).
    _row("non_max_suppression_with_score", SOFT, "selected_scores", 1, F32, "scores", differentiable=False),
    _row("non_max_suppression_padded", PADDED, "selected_indices", reference_args=PADDED_REFERENCE),
    _row("non_max_suppression_padded", PADDED, "valid_outputs", 2, I32, "valid_outputs", PADDED_REFERENCE),
]
