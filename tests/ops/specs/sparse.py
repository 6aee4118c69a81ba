"""tf.sparse."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec

_INDICES = [[3, 1], [0, 2], [3, 0]]


def _segments(x, indices, ids, mean=False):
    out = np.zeros((max(ids) + 1, *x.shape[1:]), x.dtype)
    counts = np.bincount(ids, minlength=len(out))
    for i, s in zip(indices, ids, strict=True):
        out[s] += x[i]
    if mean:
        nonzero = counts > 0
        out[nonzero] = out[nonzero] / counts[nonzero].reshape(-1, *[1] * (x.ndim - 1))
    return out


SPECS: list[OpSpec] = [
    OpSpec(
        "sparse.sparse_fill_empty_rows",
        lambda v: tf.sparse.sparse_fill_empty_rows(_INDICES, v, [5, 3], 9).output_values,
        lambda v: np.array([v[1], 9, 9, v[0], v[2], 9]),
        (((3,), F32),),
        F32,
        differentiable=False,  # in NON_DIFFERENTIABLE: TF.js has no SparseFillEmptyRows gradient
    ),
    OpSpec(
        "sparse.sparse_fill_empty_rows",
        lambda v: tf.sparse.sparse_fill_empty_rows(_INDICES, v, [5, 3], 9).output_indices,
        lambda v: np.array([[0, 2], [1, 0], [2, 0], [3, 1], [3, 0], [4, 0]]),
        (((3,), I32),),
        I32,
        id_suffix="indices",
    ),
    OpSpec(
        "sparse.sparse_reshape",
        lambda i: tf.sparse.sparse_reshape(tf.abs(i), [5, 5], [-1, 5, 1]).output_indices,
        lambda i: np.stack([np.abs(i)[:, 0], np.abs(i)[:, 1], 0 * i[:, 0]], axis=1),
        (((6, 2), I32),),
        I32,
    ),
    OpSpec(
        "sparse.sparse_segment_sum",
        lambda x: tf.sparse.sparse_segment_sum(x, [4, 0, 2, 2, 1], [0, 0, 1, 3, 3]),
        lambda x: _segments(x, [4, 0, 2, 2, 1], [0, 0, 1, 3, 3]),
        (((5, 3), F32),),
        F32,
    ),
    OpSpec(
        "sparse.sparse_segment_sum",
        lambda x: tf.sparse.sparse_segment_sum(x, [4, 0, 2, 2, 1], [0, 0, 1, 3, 3]),
        lambda x: _segments(x, [4, 0, 2, 2, 1], [0, 0, 1, 3, 3]),
        (((5,), I32),),
        I32,
        id_suffix="int32",
    ),
    OpSpec(
        "sparse.sparse_segment_mean",
        lambda x: tf.sparse.sparse_segment_mean(x, [4, 0, 2, 2, 1], [0, 0, 0, 2, 2]),
        lambda x: _segments(x, [4, 0, 2, 2, 1], [0, 0, 0, 2, 2], mean=True),
        (((5, 2, 2), F32),),
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "sparse.sparse_segment_mean",
        lambda x: tf.sparse.sparse_segment_mean(x, [3, 3, 0, 1], [1, 1, 1, 2]),
        lambda x: _segments(x, [3, 3, 0, 1], [1, 1, 1, 2], mean=True),
        (((4,), F32),),
        F32,
        id_suffix="1d-repeated",
        rtol=1e-5,
    ),
]
