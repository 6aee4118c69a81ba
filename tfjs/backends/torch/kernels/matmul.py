"""Matrix products: float32 in float32 (no TF32); int32 as TF.js sums, blockwise in
doubles; bool as the count of true products modulo 256."""

from __future__ import annotations

from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.kernels.matmul import BLOCK_SIZE
from tfjs.backends.torch.backend_torch import TorchBackend, to_int32
from tfjs.backends.torch.kernels.unary import positive_zero
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import BATCH_MAT_MUL


def int32_matmul(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """TF.js's int32 product: each block of `BLOCK_SIZE` terms summed in doubles, then
    added into the Int32Array result (which wraps)."""
    shared = a.shape[-1]
    a64, b64 = a.double(), b.double()
    result = to_int32(torch.matmul(a64[..., :BLOCK_SIZE], b64[..., :BLOCK_SIZE, :]))
    for start in range(BLOCK_SIZE, shared, BLOCK_SIZE):
        block = torch.matmul(a64[..., start : start + BLOCK_SIZE], b64[..., start : start + BLOCK_SIZE, :])
        result = to_int32(result.double() + block)
    return result


def matmul_values(a: torch.Tensor, b: torch.Tensor, dtype: str) -> torch.Tensor:
    """`a @ b` (batch dimensions broadcast) in `dtype`'s arithmetic."""
    if dtype == "bool":
        return (torch.matmul(a.double(), b.double()) % 256) != 0
    if dtype == "int32":
        return int32_matmul(a, b)
    return positive_zero(torch.matmul(a, b))  # TF.js's sums start from +0


@torch_kernel(BATCH_MAT_MUL)
def batch_mat_mul(
    backend: TorchBackend, a: Any, b: Any, *, transpose_a: bool, transpose_b: bool
) -> TensorInfo:
    """Products of the inner two dimensions, batch dimensions broadcast."""
    a_values, b_values = backend.tensor(a), backend.tensor(b)
    if transpose_a:
        a_values = a_values.transpose(-1, -2)
    if transpose_b:
        b_values = b_values.transpose(-1, -2)
    return backend.make_output(matmul_values(a_values, b_values, a.dtype), a.dtype)
