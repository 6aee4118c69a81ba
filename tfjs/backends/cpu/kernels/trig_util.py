"""JavaScript's Math.sin and Math.cos as V8 computes them (fdlibm's s_sin.c / s_cos.c,
k_sin.c, k_cos.c and e_rem_pio2.c), vectorised, so kernels that work in doubles (the
DFT of the FFT kernels) get V8's last bits, which the C library's sin and cos do not
always give.

Arguments beyond 2**19 * pi/2 (fdlibm's multi-precision reduction) fall back to NumPy.
"""

from __future__ import annotations

import numpy as np

_INVPIO2 = 6.36619772367581382433e-01
_PIO2_1 = 1.57079632673412561417e00
_PIO2_1T = 6.07710050650619224932e-11
_PIO2_2 = 6.07710050630396597660e-11
_PIO2_2T = 2.02226624879595063154e-21
_PIO2_3 = 2.02226624871116645580e-21
_PIO2_3T = 8.47842766036889956997e-32
_NPIO2_HW = np.array(
    [
        0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C,
        0x4025FDBB, 0x402921FB, 0x402C463A, 0x402F6A7A, 0x4031475C, 0x4032D97C,
        0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB, 0x403AB41B, 0x403C463A,
        0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C,
        0x4043A28C, 0x40446B9C, 0x404534AC, 0x4045FDBB, 0x4046C6CB, 0x40478FDB,
        0x404858EB, 0x404921FB,
    ],
    dtype=np.int64,
)  # fmt: skip
_S = (
    -1.66666666666666324348e-01,
    8.33333333332248946124e-03,
    -1.98412698298579493134e-04,
    2.75573137070700676789e-06,
    -2.50507602534068634195e-08,
    1.58969099521155010221e-10,
)
_C = (
    4.16666666666666019037e-02,
    -1.38888888888741095749e-03,
    2.48015872894767294178e-05,
    -2.75573143513906633035e-07,
    2.08757232129817482790e-09,
    -1.13596475577881948265e-11,
)


def js_sin(x: np.ndarray) -> np.ndarray:
    """Math.sin of each double of `x`."""
    return _trig(np.asarray(x, np.float64), cosine=False)


def js_cos(x: np.ndarray) -> np.ndarray:
    """Math.cos of each double of `x`."""
    return _trig(np.asarray(x, np.float64), cosine=True)


def _high_word(x: np.ndarray) -> np.ndarray:
    """The signed high 32 bits of each double, as int64."""
    return (x.view(np.int64) >> 32).astype(np.int64)


def _trig(values: np.ndarray, cosine: bool) -> np.ndarray:
    x = np.ascontiguousarray(values).reshape(-1)
    hx = _high_word(x)
    ix = hx & 0x7FFFFFFF
    n, y0, y1 = _rem_pio2(x, hx, ix)
    small = ix <= 0x3FE921FB  # no reduction: the kernel sine without a tail
    quadrant = n & 3
    sin_part = _kernel_sin(y0, y1, tail=~small)
    cos_part = _kernel_cos(y0, y1)
    if cosine:
        choices = [cos_part, -sin_part, -cos_part, sin_part]
    else:
        choices = [sin_part, cos_part, -sin_part, -cos_part]
    result = np.choose(quadrant, choices)
    result = np.where(ix >= 0x7FF00000, x - x, result)  # NaN for NaN and ±Infinity
    large = (ix > 0x413921FB) & (ix < 0x7FF00000)
    if large.any():
        result[large] = (np.cos if cosine else np.sin)(x[large])
    return result.reshape(values.shape)


def _rem_pio2(x: np.ndarray, hx: np.ndarray, ix: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """x = n pi/2 + (y0 + y1) for |x| up to 2**19 pi/2 (fdlibm's __ieee754_rem_pio2)."""
    n = np.zeros(x.shape, np.int64)
    y0 = x.copy()
    y1 = np.zeros(x.shape)
    with np.errstate(invalid="ignore", over="ignore"):
        # |x| < 3pi/4: n = ±1, with more bits of pi/2 next to pi/2 itself
        near = (ix > 0x3FE921FB) & (ix < 0x4002D97C)
        if near.any():
            sign = np.where(hx[near] > 0, 1.0, -1.0)
            xs = x[near]
            at_pio2 = ix[near] == 0x3FF921FB
            z = xs - sign * _PIO2_1
            tail = np.where(at_pio2, _PIO2_2T, _PIO2_1T)
            z = np.where(at_pio2, z - sign * _PIO2_2, z)
            r0 = z - sign * tail
            y0[near] = r0
            y1[near] = (z - r0) - sign * tail
            n[near] = sign.astype(np.int64)
        medium = (ix >= 0x4002D97C) & (ix <= 0x413921FB)
        if medium.any():
            y0[medium], y1[medium], n[medium] = _medium(x[medium], hx[medium], ix[medium])
    return n, y0, y1


def _medium(x: np.ndarray, hx: np.ndarray, ix: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    t = np.abs(x)
    n = (t * _INVPIO2 + 0.5).astype(np.int64)
    fn = n.astype(np.float64)
    r = t - fn * _PIO2_1
    w = fn * _PIO2_1T
    y0 = r - w
    quick = (n < 32) & (ix != _NPIO2_HW[np.clip(n - 1, 0, 31)])
    j = ix >> 20
    second = ~quick & (j - ((_high_word(y0) >> 20) & 0x7FF) > 16)
    if second.any():  # 2nd iteration, good to 118 bits
        t2 = r[second]
        w2 = fn[second] * _PIO2_2
        r2 = t2 - w2
        w2 = fn[second] * _PIO2_2T - ((t2 - r2) - w2)
        y02 = r2 - w2
        third = j[second] - ((_high_word(y02) >> 20) & 0x7FF) > 49
        if third.any():  # 3rd iteration, 151 bits
            t3 = r2[third]
            w3 = fn[second][third] * _PIO2_3
            r3 = t3 - w3
            w3 = fn[second][third] * _PIO2_3T - ((t3 - r3) - w3)
            r2[third], w2[third], y02[third] = r3, w3, r3 - w3
        r[second], w[second], y0[second] = r2, w2, y02
    y1 = (r - y0) - w
    negative = hx < 0
    return np.where(negative, -y0, y0), np.where(negative, -y1, y1), np.where(negative, -n, n)


def _kernel_sin(x: np.ndarray, y: np.ndarray, tail: np.ndarray) -> np.ndarray:
    s1, s2, s3, s4, s5, s6 = _S
    with np.errstate(invalid="ignore", over="ignore"):
        z = x * x
        v = z * x
        r = s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)))
        without = x + v * (s1 + z * r)
        with_tail = x - ((z * (0.5 * y - v * r) - y) - v * s1)
    result = np.where(tail, with_tail, without)
    tiny = (_high_word(x) & 0x7FFFFFFF) < 0x3E400000  # |x| < 2**-27
    return np.where(tiny, x, result)


def _kernel_cos(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    c1, c2, c3, c4, c5, c6 = _C
    ix = _high_word(x) & 0x7FFFFFFF
    with np.errstate(invalid="ignore", over="ignore"):
        z = x * x
        r = z * (c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * c6)))))
        small = 1.0 - (0.5 * z - (z * r - x * y))
        # |x| >= 0.3: 1 - qx and x*x/2 - qx exact, qx about x/4 (0.28125 past 0.78125)
        quarter = ((np.clip(ix - 0x00200000, 0, None)) << 32).view(np.float64)
        qx = np.where(ix > 0x3FE90000, 0.28125, quarter)
        large = (1.0 - qx) - ((0.5 * z - qx) - (z * r - x * y))
    result = np.where(ix < 0x3FD33333, small, large)
    return np.where(ix < 0x3E400000, 1.0, result)
