"""FFT and IFFT of each innermost row of a complex64 tensor, as TF.js's cpu kernel
computes them: its radix-2 recursion (bottom up) for power-of-two lengths, a direct sum
in doubles otherwise; TF.js's float32 twiddles come from V8's cos and sin (computed once
on the host, uploaded)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.kernels.trig_util import js_cos, js_sin
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import FFT, IFFT


def twiddles(n: int, inverse: bool, device: torch.device) -> tuple[torch.Tensor, torch.Tensor]:
    """exp(∓2πi k/n) for k < n/2, stored as float32 (as doubles, for the products)."""
    x = (2.0 if inverse else -2.0) * math.pi * (np.arange(n // 2) / n)
    parts = (js_cos(x).astype(np.float32), js_sin(x).astype(np.float32))
    cos, sin = (torch.as_tensor(p, device=device).double() for p in parts)
    return cos, sin


def radix2(real: torch.Tensor, imag: torch.Tensor, inverse: bool) -> tuple[torch.Tensor, torch.Tensor]:
    """TF.js's recursion, bottom up: at sub-length m a row holds the n/m transforms of
    x[s::n/m], shape (batch, n/m, m), made of the even and odd halves of the next."""
    batch, n = real.shape
    a_real, a_imag = real.reshape(batch, n, 1), imag.reshape(batch, n, 1)
    m = 1
    while m < n:
        half = n // (2 * m)
        w_real, w_imag = twiddles(2 * m, inverse, real.device)
        e_real, e_imag = a_real[:, :half], a_imag[:, :half]
        o_real, o_imag = a_real[:, half:].double(), a_imag[:, half:].double()
        # the complex product is computed in doubles and stored as float32
        t_real = (w_real * o_real - w_imag * o_imag).to(torch.float32)
        t_imag = (w_real * o_imag + w_imag * o_real).to(torch.float32)
        a_real = torch.cat([e_real + t_real, e_real - t_real], -1)
        a_imag = torch.cat([e_imag + t_imag, e_imag - t_imag], -1)
        m *= 2
    a_real, a_imag = a_real.reshape(batch, n), a_imag.reshape(batch, n)
    if inverse:
        a_real, a_imag = a_real / float(n), a_imag / float(n)
    return a_real, a_imag


def dft(real: torch.Tensor, imag: torch.Tensor, inverse: bool) -> tuple[torch.Tensor, torch.Tensor]:
    """Every output at once; the sum over the input columns in order, in doubles."""
    batch, n = real.shape
    real64, imag64 = real.double(), imag.double()
    rows = np.arange(n)
    sign = 2.0 if inverse else -2.0
    acc_real = torch.zeros((batch, n), dtype=torch.float64, device=real.device)
    acc_imag = torch.zeros_like(acc_real)
    for c in range(n):
        x = sign * math.pi * ((rows * c) / n)
        w_real = torch.as_tensor(js_cos(x), device=real.device)
        w_imag = torch.as_tensor(js_sin(x), device=real.device)
        t_real, t_imag = real64[:, c : c + 1], imag64[:, c : c + 1]
        acc_real = acc_real + (t_real * w_real - t_imag * w_imag)
        acc_imag = acc_imag + (t_real * w_imag + t_imag * w_real)
    if inverse:
        acc_real, acc_imag = acc_real / n, acc_imag / n
    return acc_real.to(torch.float32), acc_imag.to(torch.float32)


def fourier_transform(values: torch.Tensor, inverse: bool) -> torch.Tensor:
    """The (inverse) transform of each innermost row of complex64 `values`."""
    shape = values.shape
    n = shape[-1]
    rows = values.reshape(-1, n)
    if rows.shape[0] == 0 or n <= 1:  # a length-1 transform is the identity, either way
        return values
    transform = radix2 if n & (n - 1) == 0 else dft
    out_real, out_imag = transform(rows.real.to(torch.float32), rows.imag.to(torch.float32), inverse)
    return torch.complex(out_real, out_imag).reshape(shape)


@torch_kernel(FFT)
def fft(backend: TorchBackend, input: Any) -> TensorInfo:  # noqa: A002
    return backend.make_output(fourier_transform(backend.tensor(input), inverse=False), "complex64")


@torch_kernel(IFFT)
def ifft(backend: TorchBackend, input: Any) -> TensorInfo:  # noqa: A002
    return backend.make_output(fourier_transform(backend.tensor(input), inverse=True), "complex64")
