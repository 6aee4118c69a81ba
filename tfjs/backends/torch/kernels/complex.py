"""Kernels that build complex64 tensors and take them apart: Complex, Real, Imag."""

from __future__ import annotations

from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import COMPLEX, IMAG, REAL


@torch_kernel(COMPLEX)
def complex_kernel(backend: TorchBackend, real: Any, imag: Any) -> TensorInfo:
    """Each part is stored as float32 first, as TF.js keeps the parts as float32 tensors."""
    parts = [backend.tensor(part).to(torch.float32) for part in (real, imag)]
    return backend.make_output(torch.complex(*parts), "complex64")


@torch_kernel(REAL)
def real(backend: TorchBackend, input: Any) -> TensorInfo:  # noqa: A002
    """The real part; of a real tensor, its values as float32."""
    values = backend.tensor(input)
    return backend.make_output(values.real if values.is_complex() else values, "float32")


@torch_kernel(IMAG)
def imag(backend: TorchBackend, input: Any) -> TensorInfo:  # noqa: A002
    """The imaginary part; of a real tensor, zeros."""
    values = backend.tensor(input)
    if values.is_complex():
        return backend.make_output(values.imag, "float32")
    return backend.make_output(torch.zeros(values.shape, device=backend.device), "float32")
