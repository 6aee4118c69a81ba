"""Kernels that build complex64 tensors and take them apart: Complex, Real, Imag."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import COMPLEX, IMAG, REAL
from tfjs.kernel_registry import kernel


@kernel(COMPLEX, "cpu")
def complex_kernel(backend: CpuBackend, real: Any, imag: Any) -> TensorInfo:
    """Each part is stored as float32 first, as TF.js keeps the parts as float32 tensors."""
    out = np.empty(real.shape, np.complex64)
    out.real = backend.values(real)
    out.imag = backend.values(imag)
    return backend.make_output(out, "complex64")


@kernel(REAL, "cpu")
def real(backend: CpuBackend, input: Any) -> TensorInfo:  # noqa: A002
    """The real part; of a real tensor, its values as float32."""
    values = backend.values(input)
    return backend.make_output(values.real if input.dtype == "complex64" else values, "float32")


@kernel(IMAG, "cpu")
def imag(backend: CpuBackend, input: Any) -> TensorInfo:  # noqa: A002
    """The imaginary part; of a real tensor, zeros."""
    if input.dtype == "complex64":
        return backend.make_output(backend.values(input).imag, "float32")
    return backend.make_output(np.zeros(input.shape, np.float32), "float32")
