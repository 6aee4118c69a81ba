"""Training / Losses: tf.losses.*, against NumPy formulas of TF.js's definitions."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec

R = tf.losses.Reduction
L = tf.losses
M34 = ((3, 4), F32)
W14 = ((1, 4), F32)
PAIR = (M34, M34)
WEIGHTED = (M34, M34, W14)


def _reduce(losses, weights=None, reduction=R.SUM_BY_NONZERO_WEIGHTS):
    weighted = losses if weights is None else losses * weights
    if reduction == R.NONE:
        return weighted
    if reduction == R.SUM:
        return np.sum(weighted)
    if reduction == R.MEAN:
        if weights is None:
            return np.mean(weighted)
        factor = losses.size / weights.size
        result = np.sum(weighted) / np.sum(weights)
        return result / factor if factor > 1 else result
    if weights is None:
        return np.sum(weighted) / losses.size
    return np.sum(weighted) / np.count_nonzero(np.broadcast_to(weights, weighted.shape))


def _sigmoid_ce(z, x):
    return np.maximum(x, 0) - x * z + np.log1p(np.exp(-np.abs(x)))


def _softmax_ce(labels, x):
    shifted = x - np.max(x, -1, keepdims=True)
    log_softmax = shifted - np.log(np.sum(np.exp(shifted), -1, keepdims=True))
    return -np.sum(labels * log_softmax, -1)


def _hinge(labels, p):
    return np.maximum(1 - (2 * labels - 1) * p, 0)


def _huber(labels, p, delta):
    error = np.abs(p - labels)
    quadratic = np.minimum(error, delta)
    return 0.5 * quadratic**2 + delta * (error - quadratic)


def _log_loss(labels, p, eps=1e-7):
    return -labels * np.log(p + eps) - (1 - labels) * np.log(1 - p + eps)


SPECS: list[OpSpec] = [
    OpSpec("losses.compute_weighted_loss", L.compute_weighted_loss, _reduce, (M34,), F32, rtol=1e-5),
    OpSpec(
        "losses.compute_weighted_loss",
        lambda x, w: L.compute_weighted_loss(x, w, R.NONE),
        lambda x, w: _reduce(x, w, R.NONE),
        (M34, W14),
        F32,
        id_suffix="none",
    ),
    OpSpec(
        "losses.compute_weighted_loss",
        lambda x, w: L.compute_weighted_loss(x, w, R.SUM),
        lambda x, w: _reduce(x, w, R.SUM),
        (M34, W14),
        F32,
        id_suffix="sum",
        rtol=1e-5,
    ),
    OpSpec(
        "losses.compute_weighted_loss",
        lambda x, w: L.compute_weighted_loss(x, w, R.MEAN),
        lambda x, w: _reduce(x, w, R.MEAN),
        (M34, W14),
        F32,
        id_suffix="mean",
        low=0.5,
        high=2,
        rtol=1e-5,
    ),
    OpSpec(
        "losses.compute_weighted_loss",
        lambda x, w: L.compute_weighted_loss(x, w),
        _reduce,
        (((2, 3), I32), ((2, 1), I32)),
        F32,
        id_suffix="int32-nonzero",
        low=-2,
        high=2,
        rtol=1e-5,
    ),
    OpSpec(
        "losses.absolute_difference",
        L.absolute_difference,
        lambda a, b: _reduce(np.abs(a - b)),
        PAIR,
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "losses.absolute_difference",
        lambda a, b, w: L.absolute_difference(a, b, w, R.MEAN),
        lambda a, b, w: _reduce(np.abs(a - b), w, R.MEAN),
        WEIGHTED,
        F32,
        id_suffix="mean",
        low=0.5,
        high=2,
        rtol=1e-5,
    ),
    OpSpec(
        "losses.cosine_distance",
        lambda a, b: L.cosine_distance(a, b, 1, None, R.NONE),
        lambda a, b: 1 - np.sum(a * b, 1, keepdims=True),
        PAIR,
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "losses.cosine_distance",
        lambda a, b, w: L.cosine_distance(a, b, 0, w, R.SUM),
        lambda a, b, w: _reduce(1 - np.sum(a * b, 0, keepdims=True), w, R.SUM),
        WEIGHTED,
        F32,
        id_suffix="axis0-sum",
        rtol=1e-5,
    ),
    OpSpec(
        "losses.hinge_loss",
        lambda a, b: L.hinge_loss(a, b, None, R.NONE),
        lambda a, b: _hinge(a > 0, b),
        (((3, 4), "bool"), M34),
        F32,
    ),
    OpSpec(
        "losses.hinge_loss",
        lambda a, b, w: L.hinge_loss(a, b, w),
        lambda a, b, w: _reduce(_hinge(a, b), w),
        WEIGHTED,
        F32,
        id_suffix="weights",
        rtol=1e-5,
    ),
    OpSpec(
        "losses.huber_loss",
        L.huber_loss,
        lambda a, b: _reduce(_huber(a, b, 1.0)),
        PAIR,
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "losses.huber_loss",
        lambda a, b: L.huber_loss(a, b, None, 2.5, R.NONE),
        lambda a, b: _huber(a, b, 2.5),
        PAIR,
        F32,
        id_suffix="delta",
        rtol=1e-5,
    ),
    OpSpec(
        "losses.log_loss",
        L.log_loss,
        lambda a, b: _reduce(_log_loss(a, b)),
        PAIR,
        F32,
        low=0.05,
        high=0.95,
        rtol=1e-5,
    ),
    OpSpec(
        "losses.log_loss",
        lambda a, b, w: L.log_loss(a, b, w, 0.01, R.SUM),
        lambda a, b, w: _reduce(_log_loss(a, b, 0.01), w, R.SUM),
        WEIGHTED,
        F32,
        id_suffix="epsilon",
        low=0.05,
        high=0.95,
        rtol=1e-5,
    ),
    OpSpec(
        "losses.mean_squared_error",
        L.mean_squared_error,
        lambda a, b: _reduce((a - b) ** 2),
        PAIR,
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "losses.mean_squared_error",
        lambda a, b: L.mean_squared_error(a, b, None, R.NONE),
        lambda a, b: (a - b) ** 2,
        (((2, 3), I32), ((2, 3), I32)),
        I32,
        id_suffix="int32",
    ),
    OpSpec(
        "losses.sigmoid_cross_entropy",
        L.sigmoid_cross_entropy,
        lambda z, x: _reduce(_sigmoid_ce(z, x)),
        PAIR,
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "losses.sigmoid_cross_entropy",
        lambda z, x, w: L.sigmoid_cross_entropy(z, x, w, 0.2, R.MEAN),
        lambda z, x, w: _reduce(_sigmoid_ce(z * 0.8 + 0.1, x), w, R.MEAN),
        WEIGHTED,
        F32,
        id_suffix="smoothing",
        low=0.5,
        high=2,
        rtol=1e-5,
    ),
    OpSpec(
        "losses.softmax_cross_entropy",
        L.softmax_cross_entropy,
        lambda z, x: _reduce(_softmax_ce(z, x)),
        PAIR,
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "losses.softmax_cross_entropy",
        lambda z, x, w: L.softmax_cross_entropy(z, x, w, 0.1, R.SUM),
        lambda z, x, w: _reduce(_softmax_ce(z * 0.9 + 0.1 / 4, x), w, R.SUM),
        (M34, M34, ((3,), F32)),
        F32,
        id_suffix="smoothing",
        rtol=1e-5,
    ),
]
