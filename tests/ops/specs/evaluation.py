"""Operations / Evaluation, and the sorted-sequence searches."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec

M46 = (((4, 6), F32),)


def _top_indices(x, k):
    return np.argsort(-x, axis=-1, kind="stable")[..., :k]


def _unique(x):
    values, first = np.unique(x, return_index=True)
    return values[np.argsort(first)]


def _confusion(labels, predictions):
    out = np.zeros((4, 4))
    for label, prediction in zip(labels, predictions, strict=True):
        if 0 <= label < 4 and 0 <= prediction < 4:
            out[label, prediction] += 1
    return out


def _search(side):
    def reference(sequence, values):
        sequence = np.sort(sequence, axis=1)
        return np.stack([np.searchsorted(s, v, side) for s, v in zip(sequence, values, strict=True)])

    return reference


SPECS: list[OpSpec] = [
    OpSpec("topk", lambda x: tf.topk(x, 3).values, lambda x: -np.sort(-x, -1)[..., :3], M46, F32),
    OpSpec(
        "topk",
        lambda x: tf.topk(x, 5).values,
        lambda x: -np.sort(-x, -1),
        (((2, 3, 5), F32),),
        F32,
        id_suffix="3d-all",
    ),
    OpSpec(
        "topk", lambda x: tf.topk(x, 3).indices, lambda x: _top_indices(x, 3), M46, I32, id_suffix="indices"
    ),
    OpSpec(
        "topk",
        lambda x: tf.topk(x, 4).indices,
        lambda x: _top_indices(x, 4),
        (((3, 6), I32),),
        I32,
        id_suffix="int32-ties",
        low=-2,
        high=2,
    ),
    OpSpec("unique", lambda x: tf.unique(x).values, _unique, (((20,), I32),), I32),
    OpSpec(
        "unique",
        lambda x: tf.unique(x).indices,
        lambda x: np.array([_unique(x).tolist().index(v) for v in x]),
        (((20,), I32),),
        I32,
        id_suffix="indices",
    ),
    OpSpec(
        "search_sorted",
        lambda s, v: tf.search_sorted(tf.tidy(lambda: tf.topk(tf.neg(s), 6).values.neg()), v),
        _search("left"),
        (((3, 6), F32), ((3, 4), F32)),
        I32,
    ),
    OpSpec(
        "lower_bound",
        lambda s, v: tf.lower_bound(tf.cast(tf.cumsum(tf.abs(s)), "int32"), v),
        lambda s, v: np.searchsorted(np.floor(np.cumsum(np.abs(s))), v, "left")[None],
        (((8,), I32), ((5,), I32)),
        I32,
        low=-20,
        high=20,
    ),
    OpSpec(
        "upper_bound",
        lambda s, v: tf.upper_bound(tf.cast(tf.cumsum(tf.abs(s)), "int32"), v),
        lambda s, v: np.searchsorted(np.floor(np.cumsum(np.abs(s))), v, "right")[None],
        (((8,), I32), ((5,), I32)),
        I32,
        low=-20,
        high=20,
    ),
    OpSpec(
        "math.confusion_matrix",
        lambda labels, predictions: tf.math.confusion_matrix(labels, predictions, 4),
        _confusion,
        (((30,), I32), ((30,), I32)),
        I32,
        low=-1,
        high=5,
    ),
]
