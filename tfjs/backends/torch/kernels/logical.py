"""Logical kernels: and, or, not of bool tensors, and Select (the kernel of `where`)."""

from __future__ import annotations

from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TORCH_DTYPES, TorchBackend
from tfjs.backends.torch.kernels.binary import binary_kernel
from tfjs.backends.torch.registry import register_torch_kernel, torch_kernel
from tfjs.dtypes import upcast_type
from tfjs.kernel_names import LOGICAL_AND, LOGICAL_NOT, LOGICAL_OR, SELECT

_BOOL = frozenset({"bool"})

register_torch_kernel(LOGICAL_AND, binary_kernel(torch.logical_and, _BOOL, "bool"))
register_torch_kernel(LOGICAL_OR, binary_kernel(torch.logical_or, _BOOL, "bool"))


@torch_kernel(LOGICAL_NOT)
def logical_not(backend: TorchBackend, x: Any) -> TensorInfo:
    return backend.make_output(backend.tensor(x) == 0, "bool")


@torch_kernel(SELECT)
def select(backend: TorchBackend, condition: Any, t: Any, e: Any) -> TensorInfo:
    """`t` where `condition` is true, else `e`, in the dtype both meet in; a rank-1
    condition with a higher-rank `t` picks whole rows (TensorFlow's Select)."""
    cond = backend.tensor(condition).to(torch.bool)
    dtype = upcast_type(t.dtype, e.dtype)
    t_values = backend.tensor(t).to(TORCH_DTYPES[dtype])
    e_values = backend.tensor(e).to(TORCH_DTYPES[dtype])
    if cond.dim() == 1 and t_values.dim() > 1:
        cond = cond.reshape(cond.shape + (1,) * (t_values.dim() - 1))
    return backend.make_output(torch.where(cond, t_values, e_values), dtype)
