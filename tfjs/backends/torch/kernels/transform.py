"""Kernels that reshape, copy, convert, fill, slice, transpose and broadcast."""

from __future__ import annotations

from typing import Any

import numpy as np
import torch

from tfjs import dtypes
from tfjs.backend_util.value_checks import broadcast_error
from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TORCH_DTYPES, TorchBackend
from tfjs.backends.torch.registry import cpu_kernel_func, torch_kernel
from tfjs.kernel_names import (
    BROADCAST_ARGS,
    CAST,
    EXPAND_DIMS,
    FILL,
    IDENTITY,
    ONES_LIKE,
    RESHAPE,
    STRIDED_SLICE,
    STRIDED_SLICE_GRAD,
    TRANSPOSE,
    ZEROS_LIKE,
)
from tfjs.slice_util import resolve_strided_slice


@torch_kernel(RESHAPE)
def reshape(backend: TorchBackend, x: Any, *, shape: tuple[int, ...]) -> TensorInfo:
    return backend.forward(x, shape)


@torch_kernel(IDENTITY)
def identity(backend: TorchBackend, x: Any) -> TensorInfo:
    return backend.forward(x, x.shape)


@torch_kernel(CAST)
def cast(backend: TorchBackend, x: Any, *, dtype: str) -> TensorInfo:
    """TF.js's Cast: to int32 truncates and wraps (NaN is 0), to bool is `x != 0`."""
    if dtype == x.dtype:
        return backend.forward(x, x.shape)
    values = backend.tensor(x)
    if values.is_complex():
        values = values.real
    return backend.make_output(values, dtype)


def fill_value(value: Any, dtype: str) -> Any:
    """`value` as a typed array of `dtype` holds it (NumPy's conversion, as cpu's Fill)."""
    return np.full((), value, dtype=dtypes.NUMPY_DTYPES[dtype]).item()


@torch_kernel(FILL)
def fill(backend: TorchBackend, *, shape: tuple[int, ...], value: Any, dtype: str) -> TensorInfo:
    if dtype == "string":  # strings live on the host
        return backend.run_on_host(cpu_kernel_func(FILL), {"shape": shape, "value": value, "dtype": dtype})
    values = torch.full(
        tuple(shape), fill_value(value, dtype), dtype=TORCH_DTYPES[dtype], device=backend.device
    )
    return backend.make_output(values, dtype)


@torch_kernel(ZEROS_LIKE)
def zeros_like(backend: TorchBackend, x: Any) -> TensorInfo:
    return backend.make_output(
        torch.zeros(x.shape, dtype=TORCH_DTYPES[x.dtype], device=backend.device), x.dtype
    )


@torch_kernel(ONES_LIKE)
def ones_like(backend: TorchBackend, x: Any) -> TensorInfo:
    return backend.make_output(
        torch.ones(x.shape, dtype=TORCH_DTYPES[x.dtype], device=backend.device), x.dtype
    )


def apply_index(values: torch.Tensor, index: Any) -> torch.Tensor:
    """NumPy's basic indexing (ints, slices of any step, None) on a torch tensor: torch's
    own takes positive steps only, so a reversed slice becomes an index_select."""
    basic: list[Any] = []
    reversed_axes: list[tuple[int, slice, int]] = []
    in_axis = out_axis = 0
    for item in index:
        if item is None:
            basic.append(None)
            out_axis += 1
        elif isinstance(item, slice):
            if item.step is not None and item.step < 0:
                reversed_axes.append((out_axis, item, values.shape[in_axis]))
                basic.append(slice(None))
            else:
                basic.append(item)
            in_axis += 1
            out_axis += 1
        else:
            basic.append(item)
            in_axis += 1
    result = values[tuple(basic)]
    for axis, item, size in reversed_axes:
        steps = range(*item.indices(size))  # empty where the bounds and the step disagree
        positions = torch.arange(len(steps), device=values.device) * steps.step + steps.start
        result = result.index_select(axis, positions)
    return result


@torch_kernel(STRIDED_SLICE)
def strided_slice(backend: TorchBackend, x: Any, **spec: Any) -> TensorInfo:
    index, shape = resolve_strided_slice(x.shape, **spec)
    return backend.make_output(apply_index(backend.tensor(x), index).reshape(shape), x.dtype)


@torch_kernel(STRIDED_SLICE_GRAD)
def strided_slice_grad(backend: TorchBackend, dy: Any, *, shape: tuple[int, ...], **spec: Any) -> TensorInfo:
    """StridedSlice's backward pass: `dy` written into zeros of the input's `shape` where
    StridedSlice read its values."""
    index, _ = resolve_strided_slice(shape, **spec)
    size = int(np.prod(shape))
    positions = apply_index(torch.arange(size, device=backend.device).reshape(tuple(shape)), index).reshape(
        -1
    )
    out = torch.zeros(size, dtype=TORCH_DTYPES[dy.dtype], device=backend.device)
    out[positions] = backend.tensor(dy).reshape(-1)
    return backend.make_output(out.reshape(tuple(shape)), dy.dtype)


@torch_kernel(EXPAND_DIMS)
def expand_dims(backend: TorchBackend, input: Any, *, dim: int) -> TensorInfo:  # noqa: A002
    shape = list(input.shape)
    shape.insert(dim if dim >= 0 else len(shape) + dim + 1, 1)
    return backend.forward(input, tuple(shape))


@torch_kernel(TRANSPOSE)
def transpose(backend: TorchBackend, x: Any, *, perm: tuple[int, ...]) -> TensorInfo:
    return backend.make_output(backend.tensor(x).permute(*perm), x.dtype)


@torch_kernel(BROADCAST_ARGS)
def broadcast_args(backend: TorchBackend, s0: Any, s1: Any) -> TensorInfo:
    """The broadcast of two shapes: a size of 1 (or a missing one) takes the other's
    size; shapes that do not broadcast are an error (pending on a GPU)."""
    s0_values, s1_values = backend.tensor(s0).reshape(-1), backend.tensor(s1).reshape(-1)
    rank = max(s0_values.numel(), s1_values.numel())
    ones = torch.ones(rank, dtype=torch.int32, device=backend.device)
    a = torch.cat([ones[: rank - s0_values.numel()], s0_values])
    b = torch.cat([ones[: rank - s1_values.numel()], s1_values])
    bad = (a != b) & (a != 1) & (b != 1)
    backend.checks.check(
        bad, lambda _: broadcast_error("broadcast_args", s0_values.tolist(), s1_values.tolist())
    )
    return backend.make_output(torch.where(a == 1, b, a), "int32")
