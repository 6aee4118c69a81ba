"""Activation kernels: TF.js's cpu formulas; those that cancel (exp(x) - 1, log(1 + e^x))
are computed in float64 as JavaScript computes them."""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import torch
import torch.nn.functional as F

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.kernels.activation import SELU_SCALE, SELU_SCALE_ALPHA, SOFTPLUS_THRESHOLD
from tfjs.backends.torch.backend_torch import NO_NEGATIVE_ZERO, TorchBackend
from tfjs.backends.torch.kernels.unary import positive_zero, unary_kernel
from tfjs.backends.torch.registry import register_torch_kernel, torch_kernel
from tfjs.backends.torch.tracing import traced
from tfjs.kernel_names import ELU, ELU_GRAD, LEAKY_RELU, PRELU, RELU6, SELU, SIGMOID, SOFTPLUS, STEP


def exp_minus_one_below_zero(x: torch.Tensor) -> torch.Tensor:
    """exp(x) - 1 where x < 0, else x."""
    return torch.where(x < 0, torch.exp(x) - 1, x)


def selu(x: torch.Tensor) -> torch.Tensor:
    return torch.where(x >= 0, SELU_SCALE * x, SELU_SCALE_ALPHA * exp_minus_one_below_zero(x))


def softplus(x: torch.Tensor) -> torch.Tensor:
    exp = torch.exp(x)
    middle = torch.log(1.0 + exp)
    return torch.where(x < SOFTPLUS_THRESHOLD, exp, torch.where(x > -SOFTPLUS_THRESHOLD, x, middle))


def relu6(x: torch.Tensor) -> torch.Tensor:
    """Math.min(Math.max(0, x), 6): NaN stays NaN and -0 becomes +0."""
    return positive_zero(torch.clamp(x, 0, 6))


def step(x: torch.Tensor, *, alpha: float) -> torch.Tensor:
    return torch.where(torch.isnan(x), x, torch.where(x > 0, 1.0, alpha).to(x.dtype))


def leaky_relu_values(x: torch.Tensor, alpha: Any) -> torch.Tensor:
    """alpha * x below zero, else x (NaN and -0 pass through). A finite number `alpha`
    with its sign bit clear goes through torch's leaky_relu (`x > 0 ? x : x * alpha`,
    the same values, ±0 included) in one pass."""
    if isinstance(alpha, float | int) and math.isfinite(alpha) and math.copysign(1.0, alpha) > 0:
        return F.leaky_relu(x, alpha)
    return torch.where(x < 0, x * alpha, x)


def _as_float32(values: torch.Tensor) -> torch.Tensor:
    return values if values.dtype == torch.float32 else values.double()


@torch_kernel(LEAKY_RELU)
def leaky_relu(backend: TorchBackend, x: Any, *, alpha: float) -> TensorInfo:
    return backend.make_output(leaky_relu_values(_as_float32(backend.tensor(x)), alpha), "float32")


@torch_kernel(PRELU)
def prelu(backend: TorchBackend, x: Any, alpha: Any) -> TensorInfo:
    """Leaky relu with a broadcast tensor of slopes; a float32 result whatever the dtypes."""
    values = backend.tensor(x)
    weight = channel_slopes(backend, alpha, x.shape, x.dtype)
    if weight is not None:
        no_negative_zero = backend.marked(x, NO_NEGATIVE_ZERO)
        return backend.make_output(prelu_values(values, weight, no_negative_zero), "float32")
    slopes = backend.tensor(alpha)
    if values.dtype != torch.float32 or slopes.dtype != torch.float32:
        values, slopes = values.double(), slopes.double()
    return backend.make_output(leaky_relu_values(values, slopes), "float32")


class PreluWeight(NamedTuple):
    """float32 slopes as torch's prelu weight (one, or one per channel), whether torch's
    prelu (`x > 0 ? x : w * x`) keeps ±0 inputs as they are, which TF.js's
    `x < 0 ? w * x : x` does (only when every slope is finite with its sign bit clear),
    and whether every slope is finite (w * +0 is then ±0, never NaN)."""

    weight: torch.Tensor
    keeps_zeros: bool
    finite: bool


def channel_slopes(backend: TorchBackend, alpha: Any, shape: Any, dtype: str) -> PreluWeight | None:
    """float32 slopes `alpha` as torch's prelu weight for values of `shape` and `dtype`:
    float32 values, one slope or one per channel of their last dimension (no broadcast
    past them); else None. Worked out once per buffer of slopes."""
    if dtype != "float32" or alpha.dtype != "float32" or len(alpha.shape) > len(shape):
        return None
    count = math.prod(alpha.shape)
    if count != 1 and not (len(shape) >= 2 and count == shape[-1] == alpha.shape[-1]):
        return None
    return backend.derived(alpha, "prelu weight", _prelu_weight)


def _prelu_weight(slopes: torch.Tensor) -> PreluWeight:
    finite = torch.isfinite(slopes)
    keeps_zeros = bool((finite & ~torch.signbit(slopes)).all())
    return PreluWeight(slopes.reshape(-1), keeps_zeros, bool(finite.all()))


# Elements below which one compare/multiply/where costs less than torch's prelu plus a
# search for zeros (torch's where and compares are slow per element on the CPU).
_SMALL_PRELU = 4096


def prelu_values(x: torch.Tensor, slopes: PreluWeight, no_negative_zero: bool = False) -> torch.Tensor:
    """TF.js's prelu of float32 `x` (channels last) with `slopes` (`channel_slopes`).
    torch's prelu gives TF.js's values everywhere but at ±0 inputs (where w * ±0 may be
    ∓0 or NaN), so those are put back, and only when `x` holds a zero. Where `x` holds
    no -0 (`no_negative_zero`: a convolution's sums, which start at +0) and the slopes
    are finite, `+ 0` does it: w * +0 is ±0, made +0, as TF.js keeps the +0."""
    weight = slopes.weight
    plus_zero = no_negative_zero and slopes.finite and not slopes.keeps_zeros
    if not (slopes.keeps_zeros or plus_zero) and x.device.type == "cpu" and x.numel() < _SMALL_PRELU:
        return torch.where(x < 0, x * weight, x)
    y = F.prelu(x, weight) if x.dim() < 2 else F.prelu(x.movedim(-1, 1), weight).movedim(1, -1)
    if slopes.keeps_zeros or x.numel() == 0:
        return y
    if plus_zero:
        return y + 0.0
    if x.device.type == "cpu" and not traced() and bool(x.abs().amin() > 0):  # no zero
        return y
    return torch.where(x == 0, x, y)


@torch_kernel(ELU_GRAD)
def elu_grad(backend: TorchBackend, dy: Any, y: Any) -> TensorInfo:
    """Elu's backward pass from its output y: dy where y >= 0, else dy * (y + 1)."""
    outputs, dys = _as_float32(backend.tensor(y)), _as_float32(backend.tensor(dy))
    return backend.make_output(torch.where(outputs >= 0, dys, dys * (outputs + 1)), "float32")


ACTIVATIONS = {
    ELU: unary_kernel(exp_minus_one_below_zero, in_float64=True),
    RELU6: unary_kernel(relu6),
    SELU: unary_kernel(selu, in_float64=True),
    SIGMOID: unary_kernel(torch.sigmoid),
    SOFTPLUS: unary_kernel(softplus, in_float64=True),
    STEP: unary_kernel(step),
}

for _name, _kernel in ACTIVATIONS.items():
    register_torch_kernel(_name, _kernel)
