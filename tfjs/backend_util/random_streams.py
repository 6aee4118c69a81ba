"""TF.js's seeded random streams (tfjs-core/src/ops/rand_util.ts), drawn bit for bit.

TF.js seeds seedrandom's Alea generator with the seed's JavaScript string (`String(seed)`)
and builds on it the Marsaglia polar Gaussian (`MPRandGauss`, optionally truncated at two
standard deviations), Marsaglia and Tsang's gamma sampler (`RandGamma`) and the uniform
draw (`UniformRandom`). The same seed gives the same numbers here.

Alea is a lag-3 multiply-with-carry generator on 32-bit words: its doubles are exact
multiples of 2**-32, so it runs on integers. A lag-r multiply-with-carry generator is a
multiplicative congruential generator modulo a·b**r - 1 in disguise, which lets a stream
start anywhere in one modular power: the draws are made in many lanes at once.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from tfjs.tensor_format import js_number_to_string

_A = 2091639  # Alea's multiplier
_B = 1 << 32
_MASK = _B - 1
_MODULUS = _A * _B**3 - 1
_B_INVERSE = pow(_B, -1, _MODULUS)  # one step of the stream, as a modular product
_TWO_POW_32 = float(_B)
_TWO_POW_MINUS_32 = 2.0**-32
_SYSTEM_RANDOM = random.SystemRandom()


# ---- seeds ------------------------------------------------------------------------------


def check_seed(seed: Any, op_name: str) -> None:
    """A seed is None, a number or a string, as in TF.js."""
    if seed is None or isinstance(seed, str):
        return
    if isinstance(seed, bool) or not isinstance(seed, (int, float, np.integer, np.floating)):
        raise TypeError(f"{op_name}: seed must be a number or a string, got {seed!r}")
    try:
        float(seed)
    except OverflowError:
        raise ValueError(f"{op_name}: seed {seed} is too large for a JavaScript number") from None


def seed_string(seed: Any, zero_is_random: bool) -> str:
    """The string TF.js seeds Alea with: `String(seed)`, or a fresh `Math.random()` when
    the seed is missing (None; also 0, NaN and "" where TF.js tests `seed ? ...`)."""
    if seed is None or (zero_is_random and not _js_truthy(seed)):
        return js_number_to_string(_SYSTEM_RANDOM.random())
    return seed if isinstance(seed, str) else js_number_to_string(float(seed))


def _js_truthy(seed: Any) -> bool:
    if isinstance(seed, str):
        return seed != ""
    value = float(seed)
    return value == value and value != 0


# ---- seedrandom's Alea --------------------------------------------------------------------


def _mash_uniforms(seed: str) -> tuple[int, int, int]:
    """Alea's initial three words: Baagøe's Mash hash of " " three times, minus the hash
    of the seed three times (UTF-16 code units, as JavaScript's charCodeAt)."""
    n = float(0xEFC8249D)

    def mash(data: str) -> int:
        nonlocal n
        units = data.encode("utf-16-le")
        for i in range(0, len(units), 2):
            n += units[i] | (units[i + 1] << 8)
            h = 0.02519603282416938 * n
            n = float(int(h) & _MASK)
            h = (h - n) * n
            n = float(int(h) & _MASK)
            h -= n
            n += h * _TWO_POW_32
        return int(n) & _MASK

    spaces = [mash(" ") for _ in range(3)]
    # s - mash(seed), plus 1 when negative: a difference of multiples of 2**-32, exact.
    return tuple((s - mash(seed)) % _B for s in spaces)  # type: ignore[return-value]


class Alea:
    """seedrandom's `alea(seed)`: uniform doubles in [0, 1), each a multiple of 2**-32.

    The state (three words x0, x1, x2 and the carry c) is held as one integer
    x0 + x1·b + x2·b² + c·b³ (b = 2**32), which each draw multiplies by b⁻¹ modulo
    a·b³ - 1.
    """

    def __init__(self, seed: str) -> None:
        x0, x1, x2 = _mash_uniforms(seed)
        self._state = x0 + (x1 << 32) + (x2 << 64) + (1 << 96)

    def next(self) -> float:
        return float(self.uniforms(1)[0])

    def uniforms(self, count: int) -> np.ndarray:
        """The next `count` draws as a float64 array."""
        return self.words(count) * _TWO_POW_MINUS_32

    def words(self, count: int) -> np.ndarray:
        """The next `count` 32-bit words (each draw is word / 2**32), as uint64."""
        count = int(count)
        if count <= 0:
            return np.zeros(0, np.uint64)
        lanes = max(1, math.isqrt(count))
        length = -(-count // lanes)
        lanes = -(-count // length)
        jump = pow(_B_INVERSE, length, _MODULUS)
        starts, state = [], self._state
        for _ in range(lanes):
            starts.append(state)
            state = state * jump % _MODULUS
        x0 = np.array([s & _MASK for s in starts], np.uint64)
        x1 = np.array([(s >> 32) & _MASK for s in starts], np.uint64)
        x2 = np.array([(s >> 64) & _MASK for s in starts], np.uint64)
        carry = np.array([s >> 96 for s in starts], np.uint64)
        out = np.empty((length, lanes), np.uint64)
        a, shift, mask = np.uint64(_A), np.uint64(32), np.uint64(_MASK)
        for i in range(length):  # a·x0 + c < 2**53: exact in uint64
            t = x0 * a
            t += carry
            carry = t >> shift
            x0, x1, x2 = x1, x2, t & mask
            out[i] = x2
        self._state = self._state * pow(_B_INVERSE, count, _MODULUS) % _MODULUS
        return out.T.reshape(-1)[:count]


# ---- TF.js's samplers ---------------------------------------------------------------------


def js_round(values: np.ndarray) -> np.ndarray:
    """JavaScript's Math.round: the nearest integer, halves toward +Infinity."""
    floor = np.floor(values)
    return floor + (values - floor >= 0.5)


def uniform_values(count: int, minval: float, maxval: float, seed: Any) -> np.ndarray:
    """`UniformRandom(minval, maxval, null, seed)`: min + (max - min) · u, as doubles
    (a seed of 0 is the seed "0"; only a missing seed is random)."""
    minval = float(minval)
    span = float(maxval) - minval
    return minval + span * Alea(seed_string(seed, zero_is_random=False)).uniforms(count)


def gauss_values(
    count: int, mean: float, std_dev: float, dtype: str, truncated: bool, seed: Any, op_name: str
) -> np.ndarray:
    """`MPRandGauss`: the polar method's pairs (x, y), x first and y on the next call;
    truncated, a pair whose x is beyond two standard deviations is drawn again and a y
    beyond them is skipped. int32 rounds each value (Math.round)."""
    return _Gauss(mean, std_dev, dtype, truncated, seed, op_name).values(count)


class _Gauss:
    def __init__(self, mean: float, std_dev: float, dtype: str, truncated: bool, seed: Any, op_name: str):
        self.mean, self.std_dev = float(mean), float(std_dev)
        self.round = dtype == "int32"
        self.truncated = truncated
        self.upper = self.mean + self.std_dev * 2
        self.lower = self.mean - self.std_dev * 2
        if truncated and not self.lower <= self.upper:
            # TF.js would draw forever: no value is within two standard deviations.
            raise ValueError(
                f"{op_name}: no value can lie within two standard deviations of the mean "
                f"{js_number_to_string(self.mean)} for stdDev {js_number_to_string(self.std_dev)}"
            )
        self.seed = seed_string(seed, zero_is_random=True)
        self.op_name = op_name

    def values(self, count: int) -> np.ndarray:
        budget = 2 * count + 16  # uniforms to draw; doubled (and redrawn) until enough
        while True:
            drawn = self._from_stream(Alea(self.seed).uniforms(budget))
            if drawn.size >= count:
                return drawn[:count]
            if budget > 64 * count + 4096 and drawn.size == 0:
                raise ValueError(f"{self.op_name}: no value within two standard deviations was drawn")
            budget *= 2

    def _from_stream(self, u: np.ndarray) -> np.ndarray:
        v1 = 2 * u[0::2] - 1
        v2 = 2 * u[1::2] - 1
        s = v1 * v1 + v2 * v2
        accepted = (s < 1) & (s != 0)
        v1, v2, s = v1[accepted], v2[accepted], s[accepted]
        mul = np.sqrt(-2.0 * np.log(s) / s)
        x = self.mean + self.std_dev * v1 * mul
        y = self.mean + self.std_dev * v2 * mul
        if self.truncated:
            keep = self._valid(x)
            x, y = x[keep], y[keep]
            keep_y = self._valid(y)
        else:
            keep_y = np.ones(y.shape, bool)
        if self.round:
            x, y = js_round(x), js_round(y)
        keep_y &= ~np.isnan(y)  # a NaN y is not kept for the next call
        pairs = np.stack([x, y], axis=1)
        mask = np.stack([np.ones(x.shape, bool), keep_y], axis=1)
        return pairs[mask]

    def _valid(self, values: np.ndarray) -> np.ndarray:
        return (values <= self.upper) & (values >= self.lower)


def gamma_values(count: int, alpha: float, beta: float, dtype: str, seed: Any) -> np.ndarray:
    """`RandGamma` (Marsaglia and Tsang): a uniform stream, whose first draw seeds the
    Gaussian stream; int32 rounds the Gaussian draws and the results (Math.round)."""
    alpha = float(alpha)
    with np.errstate(all="ignore"):  # JavaScript's 1/0 and sqrt(-1)
        scale = float(1 / (1 / np.float64(beta)))
        d = alpha + 2 / 3 if alpha < 1 else alpha - 1 / 3
        c = float(1 / np.sqrt(np.float64(9 * d)))
        inverse_alpha = float(1 / np.float64(alpha))
    stream = seed_string(seed, zero_is_random=True)
    gauss = _Gauss(0.0, 1.0, dtype, False, Alea(stream).next(), "random_gamma")
    normals = count + count // 8 + 64  # Marsaglia-Tsang accepts over 95% of the draws
    while True:
        x = gauss.values(normals)
        v = 1 + c * x
        x, v = x[~(v <= 0)], v[~(v <= 0)]  # a NaN goes on, as `while (v <= 0)` lets it
        v = v * (v * v)
        x2 = x * x
        v0 = 1 - 0.331 * x2 * x2
        with np.errstate(all="ignore"):
            v1 = 0.5 * x2 + d * (1 - v + np.log(v))
        u = Alea(stream).uniforms(1 + 2 * v.size)[1:]  # the first draw seeded the Gaussians
        accepted = _gamma_accept(u, v, v0, v1, alpha < 1, count)
        if accepted is not None:
            picked, u = accepted
            result = scale * d * picked
            if alpha < 1:
                result = result * u**inverse_alpha
            return js_round(result) if dtype == "int32" else result
        if normals > 64 * count + 4096:  # TF.js would draw (nearly) forever
            raise ValueError(
                f"random_gamma: too few draws are accepted for alpha {js_number_to_string(alpha)}"
            )
        normals *= 2


def _gamma_accept(
    u: np.ndarray, v: np.ndarray, v0: np.ndarray, v1: np.ndarray, extra_draw: bool, count: int
) -> tuple[np.ndarray, np.ndarray] | None:
    """The first `count` accepted attempts' v, and the uniform each accepted one draws
    after (`extra_draw`, alpha < 1); None when the attempts run out first. Each attempt
    takes one uniform, so with the extra draws the uniforms an attempt sees depend on the
    earlier outcomes: that case walks the attempts in order."""
    with np.errstate(divide="ignore"):
        log_u = np.log(u)
    if not extra_draw:
        accepted = (u[: v.size] < v0) | (log_u[: v.size] < v1)
        picked = v[accepted]
        return (picked[:count], picked[:0]) if picked.size >= count else None
    u_list, log_list = u.tolist(), log_u.tolist()
    picked, extra, j = [], [], 0
    for vi, v0i, v1i in zip(v.tolist(), v0.tolist(), v1.tolist(), strict=True):
        if len(picked) == count:
            break
        if u_list[j] < v0i or log_list[j] < v1i:
            picked.append(vi)
            extra.append(u_list[j + 1])
            j += 1
        j += 1
    if len(picked) < count:
        return None
    return np.array(picked, np.float64), np.array(extra, np.float64)
