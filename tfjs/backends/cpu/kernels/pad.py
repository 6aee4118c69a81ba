"""Padding kernels: with a constant (PadV2) and with mirrored values (MirrorPad)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend, to_storage
from tfjs.kernel_names import MIRROR_PAD, PAD_V2
from tfjs.kernel_registry import kernel


@kernel(PAD_V2, "cpu")
def pad_v2(
    backend: CpuBackend, x: Any, *, paddings: tuple[tuple[int, int], ...], constant_value: float
) -> TensorInfo:
    values = backend.values(x)
    fill = _stored_constant(constant_value, x.dtype)
    # a filled buffer with x copied in: np.pad's own bookkeeping costs more than the copy
    sizes = list(zip(values.shape, paddings, strict=True))
    shape = tuple(size + before + after for size, (before, after) in sizes)
    padded = np.zeros(shape, values.dtype) if fill == 0 else np.full(shape, fill, values.dtype)
    inside = tuple(slice(before, before + size) for size, (before, _) in sizes)
    padded[inside] = values
    return backend.make_output(padded, x.dtype)


@kernel(MIRROR_PAD, "cpu")
def mirror_pad(
    backend: CpuBackend, x: Any, *, paddings: tuple[tuple[int, int], ...], mode: str
) -> TensorInfo:
    values = backend.values(x)
    if not any(before or after for before, after in paddings):
        return backend.forward(x, x.shape)
    return backend.make_output(np.pad(values, paddings, mode=mode), x.dtype)


def _stored_constant(value: float, dtype: str) -> Any:
    """`value` as TF.js's typed array `fill` stores it: +0 for any zero (TF.js skips the
    fill), truncated and wrapped for int32, a byte (value mod 256) for bool."""
    if value == 0:
        return 0
    if dtype == "bool":
        return math.isfinite(value) and math.trunc(value) % 256 != 0
    return to_storage(np.array([value]), dtype)[0]
