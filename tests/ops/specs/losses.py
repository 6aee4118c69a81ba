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
FIXED_WEIGHTS = np.array([[1.5, 0.0, 2.0, 0.5]], np.float32)


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


# Weights away from 0 (MEAN divides by their sum); predictions that are probabilities.
POSITIVE = {"low": 0.5, "high": 2}
PROBABILITIES = {"low": 0.05, "high": 0.95}


def _row(name, op, reference, inputs=PAIR, suffix="", dtype=F32, rtol=1e-5, **kw) -> OpSpec:
    """A row of tf.losses.<name>: reductions add many terms, hence rtol 1e-5 by default."""
    return OpSpec(f"losses.{name}", op, reference, inputs, dtype, rtol=rtol, id_suffix=suffix, **kw)


def _default_row(name, elementwise, **kw) -> OpSpec:
    """The loss with its default weights and reduction on a pair: the mean of `elementwise`."""
    return _row(name, getattr(L, name), lambda a, b: _reduce(elementwise(a, b)), **kw)


def _weighted_row(reduction, suffix, **kw) -> OpSpec:
    """compute_weighted_loss with [1, 4] weights and `reduction`."""
    op = lambda x, w: L.compute_weighted_loss(x, w, reduction)  # noqa: E731
    return _row("compute_weighted_loss", op, lambda x, w: _reduce(x, w, reduction), (M34, W14), suffix, **kw)


SPECS: list[OpSpec] = [
    _row("compute_weighted_loss", L.compute_weighted_loss, _reduce, (M34,)),
    _weighted_row(R.NONE, "none", rtol=1e-6),
    _weighted_row(R.SUM, "sum"),
    _weighted_row(R.MEAN, "mean", **POSITIVE),
    _row(
        "compute_weighted_loss",
        lambda x, w: L.compute_weighted_loss(x, w),
        _reduce,
        (((2, 3), I32), ((2, 1), I32)),
        "int32-nonzero",
        low=-2,
        high=2,
    ),
    _default_row("absolute_difference", lambda a, b: np.abs(a - b)),
    _row(
        "absolute_difference",
        lambda a, b, w: L.absolute_difference(a, b, w, R.MEAN),
        lambda a, b, w: _reduce(np.abs(a - b), w, R.MEAN),
        WEIGHTED,
        "mean",
        **POSITIVE,
    ),
    _row(
        "cosine_distance",
        lambda a, b: L.cosine_distance(a, b, 1, None, R.NONE),
        lambda a, b: 1 - np.sum(a * b, 1, keepdims=True),
    ),
    _row(
        "cosine_distance",
        lambda a, b, w: L.cosine_distance(a, b, 0, w, R.SUM),
        lambda a, b, w: _reduce(1 - np.sum(a * b, 0, keepdims=True), w, R.SUM),
        WEIGHTED,
        "axis0-sum",
    ),
    _row(
        "hinge_loss",
        lambda a, b: L.hinge_loss(a, b, None, R.NONE),
        lambda a, b: _hinge(a > 0, b),
        (((3, 4), "bool"), M34),
        rtol=1e-6,
    ),
    _row(
        "hinge_loss",
        lambda a, b, w: L.hinge_loss(a, b, w),
        lambda a, b, w: _reduce(_hinge(a, b), w),
        WEIGHTED,
        "weights",
        # SUM_BY_NONZERO_WEIGHTS counts the weights with not_equal, which has no gradient:
        # TF.js refuses the gradient with respect to the weights too (fixed_weights below).
        differentiable=False,
    ),
    _row(
        "hinge_loss",
        lambda a, b: L.hinge_loss(a, b, tf.tensor(FIXED_WEIGHTS)),
        lambda a, b: _reduce(_hinge(a, b), FIXED_WEIGHTS),
        PAIR,
        "fixed_weights",
    ),
    _default_row("huber_loss", lambda a, b: _huber(a, b, 1.0)),
    _row(
        "huber_loss",
        lambda a, b: L.huber_loss(a, b, None, 2.5, R.NONE),
        lambda a, b: _huber(a, b, 2.5),
        PAIR,
        "delta",
    ),
    _default_row("log_loss", _log_loss, **PROBABILITIES),
    _row(
        "log_loss",
        lambda a, b, w: L.log_loss(a, b, w, 0.01, R.SUM),
        lambda a, b, w: _reduce(_log_loss(a, b, 0.01), w, R.SUM),
        WEIGHTED,
        "epsilon",
        **PROBABILITIES,
    ),
    _default_row("mean_squared_error", lambda a, b: (a - b) ** 2),
    _row(
        "mean_squared_error",
        lambda a, b: L.mean_squared_error(a, b, None, R.NONE),
        lambda a, b: (a - b) ** 2,
        (((2, 3), I32), ((2, 3), I32)),
        "int32",
        I32,
        rtol=1e-6,
    ),
    _default_row("sigmoid_cross_entropy", _sigmoid_ce),
    _row(
        "sigmoid_cross_entropy",
        lambda z, x, w: L.sigmoid_cross_entropy(z, x, w, 0.2, R.MEAN),
        lambda z, x, w: _reduce(_sigmoid_ce(z * 0.8 + 0.1, x), w, R.MEAN),
        WEIGHTED,
        "smoothing",
        **POSITIVE,
    ),
    _default_row("softmax_cross_entropy", _softmax_ce),
    _row(
        "softmax_cross_entropy",
        lambda z, x, w: L.softmax_cross_entropy(z, x, w, 0.1, R.SUM),
        lambda z, x, w: _reduce(_softmax_ce(z * 0.9 + 0.1 / 4, x), w, R.SUM),
        (M34, M34, ((3,), F32)),
        "smoothing",
    ),
]
