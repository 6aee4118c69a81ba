"""Operations / Linear Algebra: tf.linalg.band_part, gram_schmidt, qr."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec


def _band(x: np.ndarray, lower: int, upper: int) -> np.ndarray:
    m, n = x.shape[-2:]
    offsets = np.arange(m)[:, None] - np.arange(n)
    keep = ((lower < 0) | (offsets <= lower)) & ((upper < 0) | (-offsets <= upper))
    return np.where(keep, x, 0)


def _gram_schmidt(x: np.ndarray) -> np.ndarray:
    ys: list[np.ndarray] = []
    for v in x:
        for y in ys:
            v = v - np.dot(y, v) * y
        ys.append(v / np.linalg.norm(v))
    return np.stack(ys)


def _householder_q(x: np.ndarray) -> np.ndarray:
    """TF.js's reflections, one per column (the last one of a square matrix too, which
    LAPACK skips: it flips that column's sign)."""
    qs = []
    for a in x.reshape(-1, *x.shape[-2:]):
        m, n = a.shape
        q, r = np.eye(m), a.copy()
        for j in range(min(m, n)):
            column = r[j:, j]
            s = -1.0 if column[0] > 0 else 1.0
            norm = np.linalg.norm(column)
            u1 = column[0] - s * norm
            w = np.concatenate([[1.0], column[1:] / u1])
            tau = -s * u1 / norm
            r[j:] -= tau * np.outer(w, w @ r[j:])
            q[:, j:] -= tau * np.outer(q[:, j:] @ w, w)
        qs.append(q)
    return np.stack(qs).reshape((*x.shape[:-1], x.shape[-2]))


SPECS: list[OpSpec] = [
    OpSpec(
        "linalg.band_part",
        lambda x: tf.linalg.band_part(x, 1, 2),
        lambda x: _band(x, 1, 2),
        (((2, 4, 5), F32),),
        F32,
    ),
    OpSpec(
        "linalg.band_part",
        lambda x: tf.linalg.band_part(x, -1, 0),
        lambda x: _band(x, -1, 0),
        (((3, 3), I32),),
        I32,
        id_suffix="int32-lower",
    ),
    OpSpec(
        "linalg.band_part",
        lambda x: tf.linalg.band_part(x, tf.scalar(0, "int32"), tf.scalar(-1, "int32")),
        lambda x: _band(x, 0, -1),
        (((4, 3), F32),),
        F32,
        id_suffix="scalar-tensors",
    ),
    OpSpec("linalg.gram_schmidt", tf.linalg.gram_schmidt, _gram_schmidt, (((3, 5), F32),), F32, rtol=1e-4),
    OpSpec(
        "linalg.qr",
        lambda x: tf.linalg.qr(x)[1],
        lambda x: np.linalg.qr(x)[1],
        (((4, 3), F32),),
        F32,
        rtol=1e-4,
        id_suffix="r",
        differentiable=False,  # as TF.js: the Householder sign is where(greater(...)): no gradient
    ),
    OpSpec(
        "linalg.qr",
        lambda x: tf.linalg.qr(x)[0],
        _householder_q,
        (((2, 3, 3), F32),),
        F32,
        rtol=1e-4,
        id_suffix="q-batch",
        differentiable=False,  # as TF.js: the Householder sign is where(greater(...)): no gradient
    ),
    OpSpec(
        "linalg.qr",
        lambda x: tf.mat_mul(*tf.linalg.qr(x, True)),
        lambda x: x,
        (((5, 3), F32),),
        F32,
        rtol=1e-4,
        id_suffix="full-product",
        differentiable=False,  # as TF.js: the Householder sign is where(greater(...)): no gradient
    ),
]
