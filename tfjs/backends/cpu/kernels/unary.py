"""Element-wise kernels of one input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.dtypes import to_uint8_truth
from tfjs.kernel_names import (
    ABS,
    ACOS,
    ACOSH,
    ASIN,
    ASINH,
    ATAN,
    ATANH,
    CEIL,
    CLIP_BY_VALUE,
    COMPLEX_ABS,
    COS,
    COSH,
    ERF,
    EXP,
    EXPM1,
    FLOOR,
    IS_FINITE,
    IS_INF,
    IS_NAN,
    LOG,
    LOG1P,
    NEG,
    RECIPROCAL,
    RELU,
    ROUND,
    RSQRT,
    SIGN,
    SIN,
    SINH,
    SQRT,
    SQUARE,
    TAN,
    TANH,
)
from tfjs.kernel_registry import register_kernel

Ufunc = Callable[..., Any]

# Abramowitz and Stegun's formula 7.1.26, the approximation TF.js's cpu Erf computes.
ERF_P = 0.3275911
ERF_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)

# fdlibm's e_exp.c (which V8 ports for Math.exp) without argument reduction: its
# polynomial for |x| <= ln2 / 2, where exp(x) - 1 cancels.
EXP_P = (
    1.66666666666666019037e-01,
    -2.77777777770155933842e-03,
    6.61375632143793436117e-05,
    -1.65339022054652515390e-06,
    4.13813679705723846039e-08,
)


def unary_kernel(
    fn: Ufunc, out_dtype: str | None = None, exact_in_float32: bool = True
) -> Callable[..., TensorInfo]:
    """A kernel applying `fn` (and the kernel's attrs, as keywords); its result has
    `out_dtype` (default: the input's dtype).

    float32 inputs are computed in float32 when `exact_in_float32` (the float32 result
    is what JavaScript's double result rounds to), else in float64 like JavaScript's
    Math functions; int32 and bool inputs in float64, then stored as an Int32Array or a
    Uint8Array would store JavaScript's result. complex64 stays complex64.
    """

    def run(backend: CpuBackend, x: Any, **attrs: Any) -> TensorInfo:
        values = backend.values(x)
        if values.dtype.kind != "c" and (values.dtype.kind != "f" or not exact_in_float32):
            values = values.astype(np.float64)
        dtype = out_dtype or x.dtype
        result = np.asarray(fn(values, **attrs))
        if dtype == "bool" and result.dtype.kind == "f":
            result = to_uint8_truth(result)
        return backend.make_output(result, dtype)

    return run


def _maximum_gives_positive_zero() -> bool:
    """Whether np.maximum(-0, 0) is +0 here, as Math.max(0, -0) is, for every length and
    alignment of array tried (NumPy's SIMD max returns its second operand on a tie)."""
    for dtype in (np.float32, np.float64):
        for size in (1, 3, 8, 17, 64, 1001):
            zeros = np.full(size + 1, -0.0, dtype)
            for part in (zeros[:size], zeros[1:]):
                if np.signbit(np.maximum(part, 0)).any():
                    return False
    return True


MAXIMUM_GIVES_POSITIVE_ZERO = _maximum_gives_positive_zero()


def positive_zeros(values: Any) -> Any:
    """`values` (just made by np.maximum(x, 0)) with -0 as +0, in place."""
    if not MAXIMUM_GIVES_POSITIVE_ZERO:
        values += 0
    return values


def relu(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Math.max(0, x): NaN stays NaN, and relu(-0) is +0 (into `out` when given)."""
    return positive_zeros(np.maximum(x, 0, out=out))


def js_exp(x: np.ndarray) -> np.ndarray:
    """Math.exp of float64 `x` as V8 computes it where the last bit can matter.

    NumPy's exp is often an ulp away from V8's; rounding to float32 hides that, except
    where a result cancels: exp(x) - 1 for x near 0 (elu, selu, erf). There, for
    |x| <= ln2 / 2, this is fdlibm's formula bit for bit; elsewhere NumPy's exp.
    """
    shape = np.shape(x)
    x = np.ascontiguousarray(x, dtype=np.float64).reshape(-1)
    result = np.exp(x)
    high = (x.view(np.int64) >> 32) & 0x7FFFFFFF
    near_zero = high <= 0x3FD62E42
    r = x[near_zero]
    t = r * r
    p1, p2, p3, p4, p5 = EXP_P
    c = r - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))))
    y = 1.0 - ((r * c) / (c - 2.0) - r)
    result[near_zero] = np.where(high[near_zero] < 0x3E300000, 1.0 + r, y)  # 1 + x below 2**-28
    return result.reshape(shape)


def js_sign(x: np.ndarray) -> np.ndarray:
    """-1 below zero, 1 above, else 0: ±0 and NaN give +0."""
    return (x > 0).astype(x.dtype) - (x < 0).astype(x.dtype)


def js_round(x: np.ndarray) -> np.ndarray:
    """Half to even, as TF.js's Round; its odd-base branch makes round(-0.5) +0."""
    return np.where(x == -0.5, 0.0, np.rint(x)).astype(x.dtype, copy=False)


def js_erf(x: np.ndarray) -> np.ndarray:
    """TF.js's erf: sign(x) * (1 - poly(t) * t * exp(-x²)), t = 1 / (1 + p|x|), in the
    same order of double operations."""
    v = np.abs(x)
    t = 1.0 / (1.0 + ERF_P * v)
    a1, a2, a3, a4, a5 = ERF_A
    poly = (((a5 * t + a4) * t + a3) * t + a2) * t + a1
    sign = np.where(x == 0, x, np.sign(x))  # Math.sign keeps -0
    return sign * (1.0 - poly * t * js_exp(-v * v))


def clip_by_value(x: np.ndarray, *, clip_value_min: float, clip_value_max: float) -> np.ndarray:
    """max if x > max, else min if x < min, else x: NaN and -0 pass through."""
    return np.where(x > clip_value_max, clip_value_max, np.where(x < clip_value_min, clip_value_min, x))


# Kernels computed in float64 (JavaScript's Math functions) unless marked exact.
UNARY: dict[str, Callable[..., TensorInfo]] = {
    # TF.js's Abs and Square store into a Float32Array, whatever the dtype.
    ABS: unary_kernel(lambda x: np.abs(x).astype(np.float32, copy=False)),
    ACOS: unary_kernel(np.arccos, exact_in_float32=False),
    ACOSH: unary_kernel(np.arccosh, exact_in_float32=False),
    ASIN: unary_kernel(np.arcsin, exact_in_float32=False),
    ASINH: unary_kernel(np.arcsinh, exact_in_float32=False),
    ATAN: unary_kernel(np.arctan, exact_in_float32=False),
    ATANH: unary_kernel(np.arctanh, exact_in_float32=False),
    CEIL: unary_kernel(np.ceil),
    CLIP_BY_VALUE: unary_kernel(clip_by_value, exact_in_float32=False),
    COMPLEX_ABS: unary_kernel(np.abs, "float32"),
    COS: unary_kernel(np.cos, exact_in_float32=False),
    COSH: unary_kernel(np.cosh, exact_in_float32=False),
    ERF: unary_kernel(js_erf, exact_in_float32=False),
    EXP: unary_kernel(np.exp, "float32", exact_in_float32=False),
    EXPM1: unary_kernel(np.expm1, exact_in_float32=False),
    FLOOR: unary_kernel(np.floor),
    IS_FINITE: unary_kernel(np.isfinite, "bool"),
    IS_INF: unary_kernel(np.isinf, "bool"),
    IS_NAN: unary_kernel(np.isnan, "bool"),
    LOG: unary_kernel(np.log, exact_in_float32=False),
    LOG1P: unary_kernel(np.log1p, exact_in_float32=False),
    NEG: unary_kernel(np.negative),
    RECIPROCAL: unary_kernel(lambda x: 1.0 / x, exact_in_float32=False),
    RELU: unary_kernel(relu),
    ROUND: unary_kernel(js_round),
    RSQRT: unary_kernel(lambda x: 1.0 / np.sqrt(x), exact_in_float32=False),
    SIGN: unary_kernel(js_sign),
    SIN: unary_kernel(np.sin, exact_in_float32=False),
    SINH: unary_kernel(np.sinh, exact_in_float32=False),
    SQRT: unary_kernel(np.sqrt),
    SQUARE: unary_kernel(lambda x: np.square(x).astype(np.float32, copy=False)),
    TAN: unary_kernel(np.tan, exact_in_float32=False),
    TANH: unary_kernel(np.tanh, exact_in_float32=False),
}

for _name, _kernel in UNARY.items():
    register_kernel(_name, "cpu", _kernel)
