"""TF.js's bilinear resize on torch: each output pixel's source rows and columns and
fractions (TF.js's formulas, in doubles), the blend in doubles rounded once into float32,
and two shortcuts for upsampling by powers of two: torch's own bilinear kernel for
half-pixel centres (within a rounding or two), and TF.js's own blend by slices for 2x
without them (bit for bit, without the gathers). In a compiled plan the blends run in
float32: the same formulas, within a rounding or two."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import torch
import torch.nn.functional as F

from tfjs.backends.torch.tracing import laid_out, traced


def positions(new_size: int, device: torch.device) -> torch.Tensor:
    return torch.arange(new_size, dtype=torch.float64, device=device)


def bilinear_sources(
    ratio: float, new_size: int, old_size: int, half_pixel_centers: bool, device: Any
) -> Any:
    """For each output row (or column): the source row below and above it and the
    fraction between them."""
    out = positions(new_size, device)
    frac = ratio * (out + 0.5) - 0.5 if half_pixel_centers else ratio * out
    floor = torch.clamp(torch.floor(frac), min=0.0)
    ceil = torch.clamp(torch.ceil(frac), max=old_size - 1)
    return floor.long(), ceil.long(), frac - floor


def lerp(a: torch.Tensor, b: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
    """`a + (b - a) * t`, TF.js's order of operations."""
    return a + (b - a) * t


def bilinear_resample(x: torch.Tensor, rows: Any, cols: Any) -> torch.Tensor:
    """TF.js interpolates in doubles and rounds once: `a + (b - a) * t` as one addcmul,
    the last one rounding into float32 as it stores (index_select gathers 1.5 to 3 times
    faster than indexing, in floats and doubles: rvm's 211 x 211 x 4 columns, 94 against
    287 µs). In a compiled plan (not bit for bit), in float32: the same formula, within
    a rounding or two."""
    blend_dtype = torch.float32 if traced() else torch.float64
    x = x.to(blend_dtype)
    left = x.index_select(2, cols[0])
    across = torch.addcmul(
        left, x.index_select(2, cols[1]) - left, cols[2].to(blend_dtype)[None, None, :, None]
    )
    top = across.index_select(1, rows[0])
    out = torch.empty(top.shape, dtype=torch.float32, device=x.device)
    bottom = across.index_select(1, rows[1])
    return torch.addcmul(top, bottom - top, rows[2].to(blend_dtype)[None, :, None, None], out=out)


def torch_upsampled(x: torch.Tensor, size: Sequence[int]) -> torch.Tensor:
    """NHWC `x` upsampled with half-pixel centres by torch's bilinear kernel
    (channels-last, float32; `doubles_each_axis`). An `x` held channels-first (a oneDNN
    Graph chain's output) is copied channels-last first: torch's channels-first kernel
    is 4 times slower (rvm's 32 x 107 x 107: 1.2 against 0.3 ms, the copy 0.05)."""
    nchw = laid_out(x.permute(0, 3, 1, 2), torch.channels_last)
    upsampled = F.interpolate(nchw, size=tuple(size), mode="bilinear", align_corners=False)
    return upsampled.permute(0, 2, 3, 1)


def doubled_asymmetric(x: torch.Tensor, size: Sequence[int]) -> torch.Tensor | None:
    """NHWC `x` resized to twice its height and width without half-pixel centres, by
    TF.js's blend (`a + (b - a) * t` in doubles, rounded once): output pixel 2i reads
    source i at fraction 0, 2i + 1 reads i and i + 1 (the last: itself) at 0.5; the
    sources are slices, not gathers, and each blend is written into its place in the
    interleaved result. None for other sizes. In a compiled plan (not bit for bit) the
    blends run in float32: the same formula, so the same non-finite places, within a
    rounding or two, and a third of the memory traffic."""
    if tuple(int(s) for s in size) != (2 * int(x.shape[1]), 2 * int(x.shape[2])):  # ints while traced
        return None
    batch, height, width, channels = (int(s) for s in x.shape)
    blend_dtype = torch.float32 if traced() else torch.float64
    across = torch.empty((batch, height, width, 2, channels), dtype=blend_dtype, device=x.device)
    _blend_into(across[:, :, :, 0], across[:, :, :, 1], x.to(blend_dtype), 2)
    across = across.view(batch, height, 2 * width, channels)
    out = torch.empty((batch, height, 2, 2 * width, channels), dtype=torch.float32, device=x.device)
    _blend_into(out[:, :, 0], out[:, :, 1], across, 1)
    return out.view(batch, 2 * height, 2 * width, channels)


def _blend_into(even: torch.Tensor, odd: torch.Tensor, values: torch.Tensor, axis: int) -> None:
    """Writes `values`' blends along `axis` (in their dtype) into `even` (`v + (v - v) * 0`:
    v, or NaN where v is not finite, as TF.js's) and `odd` (`v + (next - v) * 0.5`, the
    last slice's next itself), rounding once as it stores them."""
    zero = torch.zeros((), dtype=values.dtype, device=values.device)
    half = torch.full((), 0.5, dtype=values.dtype, device=values.device)
    last = int(values.shape[axis]) - 1
    torch.addcmul(values, values - values, zero, out=even)
    head = values.narrow(axis, 0, last)
    torch.addcmul(head, values.narrow(axis, 1, last) - head, half, out=odd.narrow(axis, 0, last))
    tail = values.narrow(axis, last, 1)
    torch.addcmul(tail, tail - tail, half, out=odd.narrow(axis, last, 1))


def doubles_each_axis(shape: Sequence[int], size: Sequence[int]) -> bool:
    """Whether a resize scales both axes up by a power of two: torch's bilinear kernel
    then takes TF.js's pixels and exact fractions, and differs from TF.js's blend (in
    doubles, rounded once) by a rounding or two."""
    if 0 in shape:
        return False
    for old, new in zip(shape[1:3], size, strict=True):
        factor, rest = divmod(int(new), int(old))  # sizes while traced are tensors
        if rest or factor < 2 or factor & (factor - 1):
            return False
    return True
