"""Tensors / Random, truncated_normal, multinomial and dropout, against a plain transcription
of TF.js's generators (seedrandom's Alea and rand_util.ts, one draw at a time in Python
floats): an independent check of the vectorised streams in tfjs/backend_util/random_streams.py."""

from __future__ import annotations

import math

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I23, I32, M23, OpSpec


class _Alea:
    """seedrandom's alea.js, line for line."""

    def __init__(self, seed: str) -> None:
        self.n = 0xEFC8249D
        self.c = 1
        self.s0, self.s1, self.s2 = self._mash(" "), self._mash(" "), self._mash(" ")
        self.s0 -= self._mash(seed)
        self.s0 += 1 if self.s0 < 0 else 0
        self.s1 -= self._mash(seed)
        self.s1 += 1 if self.s1 < 0 else 0
        self.s2 -= self._mash(seed)
        self.s2 += 1 if self.s2 < 0 else 0

    def _mash(self, data: str) -> float:
        units = data.encode("utf-16-le")
        for i in range(0, len(units), 2):
            self.n += units[i] + 256 * units[i + 1]
            h = 0.02519603282416938 * self.n
            self.n = math.floor(h) % 2**32
            h -= self.n
            h *= self.n
            self.n = math.floor(h) % 2**32
            h -= self.n
            self.n += h * 0x100000000
        return (math.floor(self.n) % 2**32) * 2.3283064365386963e-10

    def __call__(self) -> float:
        t = 2091639 * self.s0 + self.c * 2.3283064365386963e-10
        self.s0, self.s1 = self.s1, self.s2
        self.c = math.floor(t)
        self.s2 = t - self.c
        return self.s2


def _js_round(x: float) -> float:
    return math.floor(x + 0.5) if x - math.floor(x) != 0.5 else math.floor(x) + 1


class _Gauss:
    """MPRandGauss."""

    def __init__(self, mean: float, std: float, dtype: str, truncated: bool, seed: str) -> None:
        self.mean, self.std, self.dtype, self.truncated = mean, std, dtype, truncated
        self.upper, self.lower = mean + std * 2, mean - std * 2
        self.random = _Alea(seed)
        self.next_val = math.nan

    def _convert(self, x: float) -> float:
        return x if self.dtype == "float32" else _js_round(x)

    def _valid(self, x: float) -> bool:
        return self.lower <= x <= self.upper

    def __call__(self) -> float:
        if not math.isnan(self.next_val):
            value, self.next_val = self.next_val, math.nan
            return value
        while True:
            while True:
                v1, v2 = 2 * self.random() - 1, 2 * self.random() - 1
                s = v1 * v1 + v2 * v2
                if 0 < s < 1:
                    break
            mul = math.sqrt(-2.0 * math.log(s) / s)
            x, y = self.mean + self.std * v1 * mul, self.mean + self.std * v2 * mul
            if not self.truncated or self._valid(x):
                break
        if not self.truncated or self._valid(y):
            self.next_val = self._convert(y)
        return self._convert(x)


def _gamma(size: int, alpha: float, beta: float, dtype: str, seed: str) -> list[float]:
    """RandGamma."""
    randu = _Alea(seed)
    randn = _Gauss(0, 1, dtype, False, repr(randu()))  # String(u) for u above 1e-4
    d = alpha + 2 / 3 if alpha < 1 else alpha - 1 / 3
    c = 1 / math.sqrt(9 * d)
    out = []
    for _ in range(size):
        while True:
            while True:
                x = randn()
                v = 1 + c * x
                if v > 0:
                    break
            v *= v * v
            x2 = x * x
            u = randu()
            if u < 1 - 0.331 * x2 * x2 or math.log(u) < 0.5 * x2 + d * (1 - v + math.log(v)):
                break
        v = (1 / (1 / beta)) * d * v
        if alpha < 1:
            v *= math.pow(randu(), 1 / alpha)
        out.append(v if dtype == "float32" else _js_round(v))
    return out


def _draws(fn, size: int) -> np.ndarray:
    return np.array([fn() for _ in range(size)], np.float64)


def _uniform(shape, low: float, high: float, seed: str) -> np.ndarray:
    random = _Alea(seed)
    return _draws(lambda: low + (high - low) * random(), math.prod(shape)).reshape(shape)


def _normal(shape, mean: float, std: float, dtype: str, truncated: bool, seed: str) -> np.ndarray:
    return _draws(_Gauss(mean, std, dtype, truncated, seed), math.prod(shape)).reshape(shape)


def _multinomial(logits: np.ndarray, samples: int, seed: str) -> np.ndarray:
    exps = np.exp(logits - logits.max(axis=-1, keepdims=True))
    probabilities = (exps / exps.sum(axis=-1, keepdims=True)).astype(np.float32)
    out = np.zeros((logits.shape[0], samples), np.int64)
    for b, row in enumerate(probabilities):
        cdf = np.cumsum(row[:-1], dtype=np.float32)
        random = _Alea(seed)
        for i in range(samples):
            r = random()
            out[b, i] = next((e for e, p in enumerate(cdf) if r < p), len(cdf))
    return out


def _dropout(x: np.ndarray, rate: float, seed: str) -> np.ndarray:
    keep = np.float32(1 - rate)
    flags = np.floor(_uniform(x.shape, 0, 1, seed).astype(np.float32) + keep)
    return x.astype(np.float32) * (flags / keep)


# The draws take only the input's shape: their float32 rows are not differentiable (the
# input does not reach the result). Dropout's row is: it scales its input.
SPECS: list[OpSpec] = [
    OpSpec(
        "random_uniform",
        lambda x: tf.random_uniform(x.shape, -2, 3, "float32", 7),
        lambda x: _uniform(x.shape, -2, 3, "7"),
        (((40, 50), F32),),
        F32,
        differentiable=False,
    ),
    OpSpec(
        "random_uniform",
        lambda x: tf.random_uniform(x.shape, -50, 50, "int32", "seed"),
        lambda x: np.trunc(_uniform(x.shape, -50, 50, "seed")),
        (I23,),
        I32,
        id_suffix="int32",
    ),
    OpSpec(
        "random_uniform_int",
        lambda x: tf.random_uniform_int(x.shape, 0, 100, 3),
        lambda x: np.trunc(_uniform(x.shape, 0, 100, "3")),
        (((30, 7), I32),),
        I32,
    ),
    OpSpec(
        "random_normal",
        lambda x: tf.random_normal(x.shape, 1, 2, "float32", 5),
        lambda x: _normal(x.shape, 1, 2, "float32", False, "5"),
        (((33, 31), F32),),
        F32,
        differentiable=False,
    ),
    OpSpec(
        "random_normal",
        lambda x: tf.random_normal(x.shape, 0, 30, "int32", 5),
        lambda x: _normal(x.shape, 0, 30, "int32", False, "5"),
        (I23,),
        I32,
        id_suffix="int32",
    ),
    OpSpec(
        "random_standard_normal",
        lambda x: tf.random_standard_normal(x.shape, "float32", 0.5),
        lambda x: _normal(x.shape, 0, 1, "float32", False, "0.5"),
        (M23,),
        F32,
        differentiable=False,
    ),
    OpSpec(
        "truncated_normal",
        lambda x: tf.truncated_normal(x.shape, -1, 3, "float32", "t"),
        lambda x: _normal(x.shape, -1, 3, "float32", True, "t"),
        (((25, 41), F32),),
        F32,
        differentiable=False,
    ),
    OpSpec(
        "random_gamma",
        lambda x: tf.random_gamma(x.shape, 2.5, 1.5, "float32", 4),
        lambda x: np.reshape(_gamma(x.size, 2.5, 1.5, "float32", "4"), x.shape),
        (((20, 30), F32),),
        F32,
        differentiable=False,
    ),
    OpSpec(
        "random_gamma",
        lambda x: tf.random_gamma(x.shape, 0.4, 2, "float32", 4),
        lambda x: np.reshape(_gamma(x.size, 0.4, 2, "float32", "4"), x.shape),
        (((20, 30), F32),),
        F32,
        id_suffix="alpha_below_1",
        differentiable=False,
    ),
    OpSpec(
        "random_gamma",
        lambda x: tf.random_gamma(x.shape, 4, 0.25, "int32", 4),
        lambda x: np.reshape(_gamma(x.size, 4, 0.25, "int32", "4"), x.shape),
        (I23,),
        I32,
        id_suffix="int32",
    ),
    OpSpec(
        "rand",
        lambda x: tf.rand(x.shape, lambda: 2.5),
        lambda x: np.full(x.shape, 2.5),
        (M23,),
        F32,
        differentiable=False,
    ),
    OpSpec(
        "multinomial",
        lambda x: tf.multinomial(x, 50, 9),
        lambda x: _multinomial(x, 50, "9"),
        (((3, 6), F32),),
        I32,
    ),
    OpSpec(
        "dropout",
        lambda x: tf.dropout(x, 0.4, None, 21),
        lambda x: _dropout(x, 0.4, "21"),
        (((20, 15), F32),),
        F32,
    ),
]
