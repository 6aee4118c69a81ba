"""Matrix products."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend, to_storage
from tfjs.kernel_names import BATCH_MAT_MUL
from tfjs.kernel_registry import kernel

# TF.js's cpu backend sums a product's terms in doubles over blocks of this many, adding
# each block's sum into the (float32 or int32) result.
BLOCK_SIZE = 48


def blocked_matmul(a: np.ndarray, b: np.ndarray, dtype: str) -> np.ndarray:
    """`a @ b` (batch dimensions broadcast) as TF.js's BatchMatMul computes it: each block
    of `BLOCK_SIZE` terms summed in double, then added into the result stored as `dtype`
    (float32 rounds, int32 wraps) — one BLAS product per block, not a loop per element."""
    shared = a.shape[-1]
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    if shared <= BLOCK_SIZE:
        return to_storage(np.matmul(a64, b64), dtype)
    result = to_storage(np.matmul(a64[..., :BLOCK_SIZE], b64[..., :BLOCK_SIZE, :]), dtype)
    for start in range(BLOCK_SIZE, shared, BLOCK_SIZE):
        block = np.matmul(a64[..., start : start + BLOCK_SIZE], b64[..., start : start + BLOCK_SIZE, :])
        result = to_storage(result.astype(np.float64) + block, dtype)
    return result


@kernel(BATCH_MAT_MUL, "cpu")
def batch_mat_mul(backend: CpuBackend, a: Any, b: Any, *, transpose_a: bool, transpose_b: bool) -> TensorInfo:
    """Products of the inner two dimensions, batch dimensions broadcast."""
    a_values, b_values = backend.values(a), backend.values(b)
    if transpose_a:
        a_values = np.swapaxes(a_values, -1, -2)
    if transpose_b:
        b_values = np.swapaxes(b_values, -1, -2)
    if a.dtype == "bool":  # TF.js counts the true products into a Uint8Array
        product = np.matmul(a_values.astype(np.int32), b_values.astype(np.int32))
        return backend.make_output(product % 256 != 0, "bool")
    return backend.make_output(blocked_matmul(a_values, b_values, a.dtype), a.dtype)
