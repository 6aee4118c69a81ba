"""Matrix products."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import BATCH_MAT_MUL
from tfjs.kernel_registry import kernel


@kernel(BATCH_MAT_MUL, "cpu")
def batch_mat_mul(backend: CpuBackend, a: Any, b: Any, *, transpose_a: bool, transpose_b: bool) -> TensorInfo:
    """Products of the inner two dimensions, batch dimensions broadcast (float32 BLAS)."""
    a_values, b_values = backend.values(a), backend.values(b)
    if transpose_a:
        a_values = np.swapaxes(a_values, -1, -2)
    if transpose_b:
        b_values = np.swapaxes(b_values, -1, -2)
    if a.dtype == "bool":
        a_values, b_values = a_values.astype(np.int32), b_values.astype(np.int32)
    return backend.make_output(np.matmul(a_values, b_values), a.dtype)
