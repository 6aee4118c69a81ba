"""FFT and IFFT of each innermost row of a complex64 tensor (torch's transforms; IFFT
divides by the length, as TF.js's does)."""

from __future__ import annotations

from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import FFT, IFFT


def fourier_transform(values: torch.Tensor, inverse: bool) -> torch.Tensor:
    if values.numel() == 0 or values.shape[-1] <= 1:  # a length-1 transform is the identity
        return values
    return torch.fft.ifft(values, dim=-1) if inverse else torch.fft.fft(values, dim=-1)


@torch_kernel(FFT)
def fft(backend: TorchBackend, input: Any) -> TensorInfo:  # noqa: A002
    return backend.make_output(fourier_transform(backend.tensor(input), inverse=False), "complex64")


@torch_kernel(IFFT)
def ifft(backend: TorchBackend, input: Any) -> TensorInfo:  # noqa: A002
    return backend.make_output(fourier_transform(backend.tensor(input), inverse=True), "complex64")
