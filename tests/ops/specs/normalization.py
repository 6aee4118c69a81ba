"""Operations / Normalization."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec


def _batch_norm(x, mean, variance, offset=0.0, scale=1.0, epsilon=0.001):
    return offset + (x - mean) * scale / np.sqrt(variance + epsilon)


def _lrn(x, radius=5, bias=1.0, alpha=1.0, beta=0.5):
    channels = x.shape[-1]
    squares = np.square(x)
    sums = np.stack(
        [squares[..., max(0, c - radius) : c + radius + 1].sum(-1) for c in range(channels)], axis=-1
    )
    return x * (bias + alpha * sums) ** -beta


def _softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def _log_softmax(x):
    shifted = x - x.max(-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))


def _dense(values, indices, shape, default):
    out = np.full(shape, default, dtype=values.dtype)
    out[tuple(np.array(indices).T)] = values
    return out


# Parameters in [0.5, 3): positive variances.
_POSITIVE = {"low": 0.5, "high": 3.0}
M23, V3 = ((2, 3), F32), ((3,), F32)

SPECS: list[OpSpec] = [
    OpSpec("batch_norm", tf.batch_norm, _batch_norm, (M23, V3, V3, V3, V3), F32, rtol=1e-5, **_POSITIVE),
    OpSpec(
        "batch_norm",
        lambda x, m, v: tf.batch_norm(x, m, v, None, None, 0.5),
        lambda x, m, v: _batch_norm(x, m, v, epsilon=0.5),
        (((2, 2, 3), F32), M23, M23),
        F32,
        rtol=1e-5,
        id_suffix="suffix_params",
        **_POSITIVE,
    ),
    OpSpec(
        "batch_norm",
        lambda x, m, v, o, s: tf.batch_norm(x, m, v, o, s, 0.01),
        lambda x, m, v, o, s: _batch_norm(x, m, v, o, s, 0.01),
        (((2, 3, 2, 3), F32), V3, V3, ((1,), F32), V3),
        F32,
        rtol=1e-5,
        id_suffix="4d_depth",
        **_POSITIVE,
    ),
    OpSpec(
        "batch_norm2d", tf.batch_norm2d, _batch_norm, (M23, M23, M23, M23, M23), F32, rtol=1e-5, **_POSITIVE
    ),
    OpSpec(
        "batch_norm3d",
        tf.batch_norm3d,
        _batch_norm,
        (((2, 2, 3), F32), V3, V3, V3, V3),
        F32,
        rtol=1e-5,
        **_POSITIVE,
    ),
    OpSpec(
        "batch_norm4d",
        tf.batch_norm4d,
        _batch_norm,
        (((1, 2, 2, 3), F32),) * 5,
        F32,
        rtol=1e-5,
        **_POSITIVE,
    ),
    OpSpec(
        "local_response_normalization", tf.local_response_normalization, _lrn, (((1, 2, 3, 8), F32),), F32
    ),
    OpSpec(
        "local_response_normalization",
        lambda x: tf.local_response_normalization(x, 1, 2, 0.5, 0.75),
        lambda x: _lrn(x, 1, 2, 0.5, 0.75),
        (((2, 3, 4), F32),),
        F32,
        rtol=1e-5,
        id_suffix="3d_options",
    ),
    OpSpec("softmax", tf.softmax, _softmax, (((2, 5), F32),), F32, rtol=1e-5),
    OpSpec("softmax", tf.softmax, _softmax, (((4,), F32),), F32, rtol=1e-5, id_suffix="1d"),
    OpSpec("softmax", tf.softmax, _softmax, (((2, 3, 4), F32),), F32, rtol=1e-5, id_suffix="3d"),
    OpSpec(
        "local_response_normalization",
        lambda x: tf.local_response_normalization(x, 2, 0.5, 0.3, 0.6),
        lambda x: _lrn(x, 2, 0.5, 0.3, 0.6),
        (((2, 2, 2, 6), F32),),
        F32,
        rtol=1e-5,
        id_suffix="4d_radius2",
    ),
    OpSpec("log_softmax", tf.log_softmax, _log_softmax, (((2, 5), F32),), F32, rtol=1e-5),
    OpSpec("log_softmax", tf.log_softmax, _log_softmax, (((2, 2, 3), F32),), F32, rtol=1e-5, id_suffix="3d"),
    OpSpec("log_softmax", tf.log_softmax, _log_softmax, (((3, 4), I32),), F32, rtol=1e-5, id_suffix="int32"),
    OpSpec("moments", lambda x: tf.moments(x).mean, np.mean, (((2, 5), F32),), F32, rtol=1e-5),
    OpSpec(
        "moments",
        lambda x: tf.moments(x, [0, 2], True).variance,
        lambda x: np.var(x, axis=(0, 2), keepdims=True),
        (((2, 3, 4), F32),),
        F32,
        rtol=1e-5,
        id_suffix="variance",
    ),
    OpSpec(
        "moments",
        lambda x: tf.moments(x, 1).variance,
        lambda x: np.var(x, axis=1),
        (((3, 4), I32),),
        F32,
        rtol=1e-5,
        id_suffix="int32",
    ),
    OpSpec(
        "sparse_to_dense",
        lambda v: tf.sparse_to_dense(tf.tensor1d([0, 2, 3], "int32"), v, [5], 7),
        lambda v: _dense(v, [[0], [2], [3]], (5,), 7),
        (((3,), F32),),
        F32,
    ),
    OpSpec(
        "sparse_to_dense",
        lambda v, d: tf.sparse_to_dense(tf.tensor2d([[1, 0], [0, 2], [1, 0]], [3, 2], "int32"), v, [2, 3], d),
        lambda v, d: _dense(v, [[1, 0], [0, 2], [1, 0]], (2, 3), d),
        (((3,), F32), ((), F32)),
        F32,
        id_suffix="repeated_default",  # the last of a repeated index wins
    ),
    OpSpec(
        "sparse_to_dense",
        lambda v: tf.sparse_to_dense(tf.tensor1d([4, 1], "int32"), v, [6]),
        lambda v: _dense(np.broadcast_to(v, (2,)), [[4], [1]], (6,), 0),
        (((), F32),),
        F32,
        id_suffix="scalar_value",
    ),
    OpSpec(
        "sparse_to_dense",
        lambda v: tf.sparse_to_dense(tf.tensor2d([[1, 0], [0, 2]], [2, 2], "int32"), v, [2, 3], -1),
        lambda v: _dense(v, [[1, 0], [0, 2]], (2, 3), -1),
        (((2,), I32),),
        I32,
        id_suffix="int32_matrix",
    ),
]
