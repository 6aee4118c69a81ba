"""Element-wise kernels of one input.

float32 inputs are computed in float32, except where a float32 formula cancels (TF.js's
erf) or overflows before the result would (cosh, sinh, clipping to huge bounds): those run
in float64 as JavaScript's Math does. int32 and bool
inputs are computed in float64 and stored as an Int32Array or Uint8Array would store
JavaScript's result. complex64 stays complex64.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.kernels.unary import ERF_A, ERF_P
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.registry import register_torch_kernel
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

Fn = Callable[..., torch.Tensor]


def unary_kernel(fn: Fn, out_dtype: str | None = None, in_float64: bool = False) -> Callable[..., TensorInfo]:
    """A kernel applying `fn` (with the kernel's attrs as keywords); its result has
    `out_dtype` (default: the input's dtype). float32 inputs are computed in float64
    when `in_float64`."""

    def run(backend: TorchBackend, x: Any, **attrs: Any) -> TensorInfo:
        values = backend.tensor(x)
        if not values.is_complex() and (not values.is_floating_point() or in_float64):
            values = values.double()
        dtype = out_dtype or x.dtype
        result = fn(values, **attrs)
        if dtype == "bool" and result.is_floating_point():
            result = to_uint8_truth(result)
        return backend.make_output(result, dtype)

    return run


def to_uint8_truth(values: torch.Tensor) -> torch.Tensor:
    """A Uint8Array's truth after numbers are stored into it: truncated, modulo 256
    (NaN and ±Infinity store 0), non-zero."""
    values = values.double()
    finite = torch.isfinite(values)
    return finite & (torch.fmod(torch.trunc(torch.where(finite, values, 0.0)), 256.0) != 0)


def positive_zero(values: torch.Tensor) -> torch.Tensor:
    """`values` (a fresh result) with -0 as +0, in place: -0 + 0 is +0."""
    return values.add_(0) if values.is_floating_point() else values


# Past these bounds float32 exp is 0 or infinite; halved, they keep torch's float32 exp
# on its vector path, which it leaves (10 to 30 times slower) for inputs whose result is
# subnormal, zero or infinite.
_EXP_BOUNDS = (-110.0, 100.0)


def exp(x: torch.Tensor) -> torch.Tensor:
    """e^x. On a CPU, float32 as exp(x / 2)² of x clamped to where the result is finite
    and not zero: within 3 float32 ulps of Math.exp, subnormal results included, in a
    tenth of the time of exp in float64 (multipose's 320 000 values, 40% of them past -87:
    0.13 against 1.45 ms; torch's float32 exp 0.89)."""
    if x.dtype != torch.float32 or x.is_cuda:
        return torch.exp(x)
    return x.clamp(*_EXP_BOUNDS).mul_(0.5).exp_().square_()


def relu(x: torch.Tensor) -> torch.Tensor:
    """Math.max(0, x): NaN stays NaN, relu(-0) is +0."""
    return positive_zero(torch.relu(x))


def js_sign(x: torch.Tensor) -> torch.Tensor:
    """-1 below zero, 1 above, else 0: ±0 and NaN give +0."""
    return (x > 0).to(x.dtype) - (x < 0).to(x.dtype)


def js_round(x: torch.Tensor) -> torch.Tensor:
    """Half to even, as TF.js's Round; its odd-base branch makes round(-0.5) +0."""
    return torch.where(x == -0.5, 0.0, torch.round(x)).to(x.dtype)


def js_erf(x: torch.Tensor) -> torch.Tensor:
    """TF.js's erf: sign(x) * (1 - poly(t) * t * exp(-x²)), t = 1 / (1 + p|x|)."""
    v = torch.abs(x)
    t = 1.0 / (1.0 + ERF_P * v)
    a1, a2, a3, a4, a5 = ERF_A
    poly = (((a5 * t + a4) * t + a3) * t + a2) * t + a1
    sign = torch.where(x == 0, x, torch.sign(x))  # Math.sign keeps -0
    return sign * (1.0 - poly * t * torch.exp(-v * v))


def clip_by_value(x: torch.Tensor, *, clip_value_min: float, clip_value_max: float) -> torch.Tensor:
    """max if x > max, else min if x < min, else x: NaN and -0 pass through."""
    high = torch.where(x > clip_value_max, clip_value_max, x)
    return torch.where(x < clip_value_min, clip_value_min, high)


def to_float32(fn: Fn) -> Fn:
    """`fn`'s result stored in a Float32Array first (TF.js's Abs and Square do)."""
    return lambda x: fn(x).to(torch.float32)


UNARY: dict[str, Callable[..., TensorInfo]] = {
    ABS: unary_kernel(to_float32(torch.abs)),
    ACOS: unary_kernel(torch.acos),
    ACOSH: unary_kernel(torch.acosh),
    ASIN: unary_kernel(torch.asin),
    ASINH: unary_kernel(torch.asinh),
    ATAN: unary_kernel(torch.atan),
    ATANH: unary_kernel(torch.atanh),
    CEIL: unary_kernel(torch.ceil),
    CLIP_BY_VALUE: unary_kernel(clip_by_value, in_float64=True),
    COMPLEX_ABS: unary_kernel(torch.abs, "float32"),
    COS: unary_kernel(torch.cos),
    COSH: unary_kernel(torch.cosh, in_float64=True),
    ERF: unary_kernel(js_erf, in_float64=True),
    EXP: unary_kernel(exp, "float32"),
    EXPM1: unary_kernel(torch.expm1),
    FLOOR: unary_kernel(torch.floor),
    IS_FINITE: unary_kernel(torch.isfinite, "bool"),
    IS_INF: unary_kernel(torch.isinf, "bool"),
    IS_NAN: unary_kernel(torch.isnan, "bool"),
    LOG: unary_kernel(torch.log),
    LOG1P: unary_kernel(torch.log1p),
    NEG: unary_kernel(torch.neg),
    RECIPROCAL: unary_kernel(torch.reciprocal),
    RELU: unary_kernel(relu),
    ROUND: unary_kernel(js_round),
    RSQRT: unary_kernel(torch.rsqrt),
    SIGN: unary_kernel(js_sign),
    SIN: unary_kernel(torch.sin),
    SINH: unary_kernel(torch.sinh, in_float64=True),
    SQRT: unary_kernel(torch.sqrt),
    SQUARE: unary_kernel(to_float32(torch.square)),
    TAN: unary_kernel(torch.tan),
    TANH: unary_kernel(torch.tanh),
}

for _name, _kernel in UNARY.items():
    register_torch_kernel(_name, _kernel)
