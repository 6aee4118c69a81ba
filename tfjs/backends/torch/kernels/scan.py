"""Scans along one axis: cumsum and cumprod, optionally exclusive and reversed.

TF.js stores each running value before the next step: float32 scans round at every
step, int32 scans wrap at every step. An int32 product of two steps can pass 2**53,
where JavaScript's double rounds it before it wraps: those scans go one step at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TORCH_DTYPES, TorchBackend, to_int32
from tfjs.backends.torch.registry import register_torch_kernel
from tfjs.dtypes import sum_out_type
from tfjs.kernel_names import CUMPROD, CUMSUM

_EXACT = 2.0**53


def running_sum(values: torch.Tensor, axis: int, dtype: str) -> torch.Tensor:
    return torch.cumsum(values, axis, dtype=TORCH_DTYPES[dtype])


def running_product(values: torch.Tensor, axis: int, dtype: str) -> torch.Tensor:
    if dtype == "float32":
        return float32_running_product(values, axis)
    wide = values.long()
    wrapped = torch.cumprod(wide, axis).to(torch.int32)  # modulo 2**64, then 2**32
    length = values.shape[axis]
    if length < 2:
        return wrapped
    later = wide.narrow(axis, 1, length - 1).double()
    earlier = wrapped.narrow(axis, 0, length - 1).double()
    if not bool(torch.any(torch.abs(later * earlier) > _EXACT)):
        return wrapped  # every step was exact in double, so wrapping once is the same
    moved = wide.movedim(axis, 0)
    steps = [moved[0].to(torch.int32)]
    for i in range(1, length):  # a double rounding at some step: JavaScript's steps
        steps.append(to_int32(moved[i].double() * steps[-1].double()))
    return torch.stack(steps).movedim(0, axis)


def float32_running_product(values: torch.Tensor, axis: int) -> torch.Tensor:
    """float32's running product as TF.js's steps store it, from one double scan (torch's
    float32 scan takes doubles on the CPU, floats in a tree order on a GPU): once a step
    passes float32's range its ±Infinity stays (NaN once a 0 follows), and once a step
    falls below it its ±0 stays (NaN once an Infinity follows)."""
    exact = torch.cumprod(values.double(), axis)
    rounded = exact.float()
    overflow = torch.isinf(rounded) & torch.isfinite(exact)
    underflow = (rounded == 0) & (exact != 0)
    length = values.shape[axis]
    shape = [1] * values.dim()
    shape[axis] = length
    position = torch.arange(length, device=values.device).view(shape)
    first = torch.cummin(torch.where(overflow | underflow, position, length), axis).values
    passed = first < length
    overflowed = torch.gather(overflow, axis, first.clamp(max=max(length - 1, 0))) & passed
    nan = torch.full_like(rounded, float("nan"))
    infinity = torch.copysign(torch.full_like(rounded, float("inf")), rounded)
    stays_infinite = torch.where(exact == 0, nan, infinity)
    stays_zero = torch.where(torch.isinf(exact), nan, torch.copysign(torch.zeros_like(rounded), rounded))
    sticky = torch.where(overflowed, stays_infinite, stays_zero)
    return torch.where(passed & ~torch.isnan(exact), sticky, rounded)


def _scan_kernel(
    running: Callable[[torch.Tensor, int, str], torch.Tensor], start: int
) -> Callable[..., TensorInfo]:
    """A scan from `start` (shifted by one when exclusive, from the end when reversed)."""

    def scan(backend: TorchBackend, x: Any, *, axis: int, exclusive: bool, reverse: bool) -> TensorInfo:
        dtype = sum_out_type(x.dtype)
        values = backend.tensor(x)
        if reverse:
            values = values.flip(axis)
        if exclusive:
            first = torch.full_like(
                values.narrow(axis, 0, min(1, values.shape[axis])), start, dtype=TORCH_DTYPES[dtype]
            )
            head = values.narrow(axis, 0, max(values.shape[axis] - 1, 0))
            out = torch.cat([first, running(head, axis, dtype)], axis)
            if start == 0 and out.is_floating_point():
                out = out + 0.0  # TF.js's sums start from +0, so none of them is -0
        else:
            out = running(values, axis, dtype)
        return backend.make_output(out.flip(axis) if reverse else out, dtype)

    return scan


register_torch_kernel(CUMSUM, _scan_kernel(running_sum, 0))
register_torch_kernel(CUMPROD, _scan_kernel(running_product, 1))
