"""Kernels that make tensors from a few numbers: Diag, LinSpace, OneHot, Range. Range
and LinSpace follow TF.js's recurrence (each value the stored previous one plus the
step), computed once on the host by cpu's `accumulate` and uploaded."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch

from tfjs import dtypes
from tfjs.backend_util.range_length import range_length
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.kernels.creation import accumulate
from tfjs.backends.torch.backend_torch import TORCH_DTYPES, TorchBackend
from tfjs.backends.torch.kernels.slicing import as_typed_array
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import DIAG, LIN_SPACE, ONE_HOT, RANGE


def _float32(values: Any) -> np.ndarray:
    with np.errstate(all="ignore"):  # beyond float32's range: Infinity, as a Float32Array
        return np.asarray(values, np.float64).astype(np.float32)


@torch_kernel(DIAG)
def diag(backend: TorchBackend, x: Any) -> TensorInfo:
    values = backend.tensor(x).reshape(-1)
    return backend.make_output(torch.diag(values).reshape(x.shape + x.shape), x.dtype)


@torch_kernel(LIN_SPACE)
def lin_space(backend: TorchBackend, *, start: float, stop: float, num: float) -> TensorInfo:
    """TF.js adds the step to each stored (float32) value in turn."""
    with np.errstate(all="ignore"):
        step = float(np.float64(stop - start) / np.float64(num - 1))
    values = accumulate(start, step, int(num), _float32)
    return backend.make_output(backend.upload(values, "float32"), "float32")


@torch_kernel(RANGE)
def range_kernel(backend: TorchBackend, *, start: float, stop: float, step: float, dtype: str) -> TensorInfo:
    """TF.js's rangeImpl, quirks included: a decreasing range keeps a positive step of at
    most 1 (and counts up)."""
    count = range_length(start, stop, step)
    if stop < start and step == 1:
        step = -1
    if _exact_on_device(start, step, count):
        steps = torch.arange(count, dtype=torch.int64, device=backend.device)
        return backend.make_output((steps * int(step) + int(start)).to(TORCH_DTYPES[dtype]), dtype)
    # TF.js adds the step to each stored value in turn: its float32 roundings are drawn on
    # the host, as the random streams are, and uploaded once
    store = _float32 if dtype == "float32" else dtypes.to_int32
    return backend.make_output(backend.upload(accumulate(start, step, count, store), dtype), dtype)


def _exact_on_device(start: float, step: float, count: int) -> bool:
    """Whether every value of the range is an integer that float32 and int32 hold
    exactly, so that start + i * step on the device equals TF.js's running sum."""
    negative_zero = start == 0 and math.copysign(1, start) < 0
    if negative_zero or not (float(start).is_integer() and float(step).is_integer()):
        return False  # fractions, and -0 (kept as the first value)
    return max(abs(start), abs(step), abs(start + count * step)) < 2**24  # (an empty range's step too)


@torch_kernel(ONE_HOT)
def one_hot(
    backend: TorchBackend, indices: Any, *, depth: int, on_value: float, off_value: float, dtype: str
) -> TensorInfo:
    """Filled as a Float32Array, then stored as `dtype` (int32 truncates; bool keeps the
    truncated value's low byte being non-zero)."""
    index = backend.tensor(indices).reshape(-1).long()
    if index.numel() == 0:  # no row: nothing of `depth` (up to 2**31 - 1) is made
        empty = torch.zeros((*indices.shape, depth), dtype=TORCH_DTYPES[dtype], device=backend.device)
        return backend.make_output(empty, dtype)
    on, off = (float(v) for v in _float32(np.array([on_value, off_value], np.float64)))
    inside = (index >= 0) & (index < depth)
    columns = torch.arange(depth, device=backend.device)
    hot = inside[:, None] & (index[:, None] == columns)
    out = torch.where(hot, on, off).to(torch.float32).reshape((*indices.shape, depth))
    return backend.make_output(as_typed_array(out, dtype) if dtype != "float32" else out, dtype)
