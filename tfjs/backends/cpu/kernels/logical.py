"""Logical kernels: and, or, not of bool tensors, and Select (the kernel of `where`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.backends.cpu.kernels.binary import binary_kernel
from tfjs.dtypes import upcast_type
from tfjs.kernel_names import LOGICAL_AND, LOGICAL_NOT, LOGICAL_OR, SELECT
from tfjs.kernel_registry import kernel, register_kernel

_BOOL = frozenset({"bool"})

register_kernel(LOGICAL_AND, "cpu", binary_kernel(np.logical_and, _BOOL, "bool"))
register_kernel(LOGICAL_OR, "cpu", binary_kernel(np.logical_or, _BOOL, "bool"))


@kernel(LOGICAL_NOT, "cpu")
def logical_not(backend: CpuBackend, x: Any) -> TensorInfo:
    return backend.make_output(backend.values(x) == 0, "bool")


@kernel(SELECT, "cpu")
def select(backend: CpuBackend, condition: Any, t: Any, e: Any) -> TensorInfo:
    """`t` where `condition` is true, else `e`, in the dtype both meet in.

    A rank-1 condition with a higher-rank `t` picks whole rows (TensorFlow's Select);
    otherwise the three broadcast together (`where` gives them one rank first).
    """
    cond = backend.values(condition)
    t_values, e_values = backend.values(t), backend.values(e)
    if cond.ndim == 1 and t_values.ndim > 1:
        cond = cond.reshape(cond.shape + (1,) * (t_values.ndim - 1))
    return backend.make_output(np.where(cond, t_values, e_values), upcast_type(t.dtype, e.dtype))
