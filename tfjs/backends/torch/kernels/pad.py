"""Padding kernels: with a constant (PadV2) and with mirrored values (MirrorPad)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import to_storage
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import MIRROR_PAD, PAD_V2


def stored_constant(value: float, dtype: str) -> Any:
    """`value` as TF.js's typed array `fill` stores it: +0 for any zero (TF.js skips the
    fill), truncated and wrapped for int32, a byte (value mod 256) for bool."""
    if value == 0:
        return 0
    if dtype == "bool":
        return math.isfinite(value) and math.trunc(value) % 256 != 0
    return to_storage(np.array([value]), dtype)[0].item()


@torch_kernel(PAD_V2)
def pad_v2(
    backend: TorchBackend, x: Any, *, paddings: tuple[tuple[int, int], ...], constant_value: float
) -> TensorInfo:
    values = backend.tensor(x)
    padded = constant_padded(values, paddings, stored_constant(constant_value, x.dtype))
    return backend.make_output(padded, x.dtype)


def constant_padded(values: torch.Tensor, paddings: Sequence[tuple[int, int]], fill: Any) -> torch.Tensor:
    """`values` with `paddings` ((before, after) per axis, none negative) of `fill`
    around it, its axes laid out in memory in the order of `values`' (a transposed
    buffer stays transposed: the copy into it is a straight one, about 3 times faster
    than one that transposes). Only the border is filled: a fill of the whole tensor
    before the copy writes it twice."""
    sizes = list(zip((int(size) for size in values.shape), paddings, strict=True))
    order = sorted(range(values.dim()), key=lambda axis: -values.stride(axis))
    shape = [size + before + after for size, (before, after) in sizes]
    padded = torch.empty([shape[axis] for axis in order], dtype=values.dtype, device=values.device)
    padded = padded.permute([order.index(axis) for axis in range(values.dim())])
    padded[tuple(slice(before, before + size) for size, (before, _) in sizes)] = values
    for axis, (size, (before, after)) in enumerate(sizes):
        if before:
            padded.narrow(axis, 0, before).fill_(fill)
        if after:
            padded.narrow(axis, before + size, after).fill_(fill)
    return padded


def border_padded(values: torch.Tensor, pads: Sequence[int], fill: Any = 0.0) -> torch.Tensor:
    """F.pad's constant padding (`pads`: before and after for each axis, the last axis
    first; a negative one crops), as `constant_padded`: only the border is filled."""
    crop = [slice(None)] * values.dim()
    pairs = [(0, 0)] * values.dim()
    for index in range(0, len(pads), 2):
        axis = values.dim() - 1 - index // 2
        before, after = pads[index], pads[index + 1]
        crop[axis] = slice(max(0, -before), int(values.shape[axis]) - max(0, -after))
        pairs[axis] = (max(0, before), max(0, after))
    return constant_padded(values[tuple(crop)], pairs, fill)


def mirrored_positions(size: int, before: int, after: int, mode: str, device: torch.device) -> torch.Tensor:
    """The input position each output position of a padded axis reads: `reflect` leaves
    the edge out of the mirror, `symmetric` repeats it."""
    position = torch.arange(-before, size + after, device=device)
    edge = 0 if mode == "reflect" else 1
    position = torch.where(position < 0, -position - edge, position)
    return torch.where(position >= size, 2 * size - 2 + edge - position, position)


@torch_kernel(MIRROR_PAD)
def mirror_pad(
    backend: TorchBackend, x: Any, *, paddings: tuple[tuple[int, int], ...], mode: str
) -> TensorInfo:
    if not any(before or after for before, after in paddings):
        return backend.forward(x, x.shape)
    values = backend.tensor(x)
    for axis, (before, after) in enumerate(paddings):
        if before or after:
            positions = mirrored_positions(values.shape[axis], before, after, mode, values.device)
            values = values.index_select(axis, positions)
    return backend.make_output(values, x.dtype)
