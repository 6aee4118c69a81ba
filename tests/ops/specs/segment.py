"""Operations / Segment, and the bin counts (Operations / Reduction in TF.js's docs)."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec

IDS = np.array([2, 0, 2, 1, 5], np.int32)  # 5 is outside the 3 segments: dropped
COUNTED = (((8,), I32),)


def _segment_sum(x):
    out = np.zeros((3, *x.shape[1:]))
    for row, segment in zip(x, IDS, strict=True):
        if segment < 3:
            out[segment] += row
    return out


IDS_2D = np.array([[0, 2], [-1, 2], [1, 3]], np.int32)


def _segment_sum_2d(x):
    out = np.zeros((3, 2))
    for (row, column), segment in np.ndenumerate(IDS_2D):
        if 0 <= segment < 3:
            out[segment, column] += x[row, column]
    return out


def _bincount(x, weights=None, size=4):
    out = np.zeros(size)
    for i, value in enumerate(x):
        if value < size:
            out[value] += 1 if weights is None else weights[i]
    return out


SPECS: list[OpSpec] = [
    OpSpec(
        "unsorted_segment_sum",
        lambda x: tf.unsorted_segment_sum(x, tf.tensor(IDS), 3),
        _segment_sum,
        (((5, 3), F32),),
        F32,
    ),
    OpSpec(
        "unsorted_segment_sum",
        lambda x: tf.unsorted_segment_sum(x, tf.tensor(IDS), 3),
        _segment_sum,
        (((5, 2, 2), F32),),
        F32,
        id_suffix="3d",
    ),
    # ids of x's shape, each element to its own segment (TF.js's broadcast mask; negative
    # and too large ids are dropped).
    OpSpec(
        "unsorted_segment_sum",
        lambda x: tf.unsorted_segment_sum(x, tf.tensor(IDS_2D), 3),
        _segment_sum_2d,
        (((3, 2), F32),),
        F32,
        id_suffix="2d-ids",
    ),
    OpSpec(
        "unsorted_segment_sum",
        lambda x: tf.unsorted_segment_sum(x, tf.tensor(IDS), 3),
        _segment_sum,
        (((5,), I32),),
        F32,
        id_suffix="int32",
    ),
    OpSpec("bincount", lambda x: tf.bincount(x, [], 4), _bincount, COUNTED, F32, low=0, high=6),
    OpSpec(
        "bincount",
        lambda x, w: tf.bincount(x, w, 4),
        _bincount,
        (((8,), I32), ((8,), F32)),
        F32,
        id_suffix="weights",
        low=0,
        high=6,
        differentiable=False,  # in NON_DIFFERENTIABLE: TF.js has no Bincount gradient
    ),
    OpSpec(
        "dense_bincount",
        lambda x: tf.dense_bincount(x, [], 4, True),
        lambda x: np.stack([_bincount(row) > 0 for row in x]),
        (((3, 5), I32),),
        F32,
        low=0,
        high=6,
    ),
    OpSpec(
        "dense_bincount",
        lambda x, w: tf.dense_bincount(x, w, 4),
        lambda x, w: np.stack([_bincount(r, wr) for r, wr in zip(x, w, strict=True)]),
        (((3, 5), I32), ((3, 5), I32)),
        I32,
        id_suffix="int32-weights",
        low=0,
        high=6,
    ),
]
