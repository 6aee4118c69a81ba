"""Fourier transforms over the innermost axis: FFT and IFFT, as TF.js's cpu backend
computes them.

TF.js takes each row of the batch on its own. A power-of-two length goes through a
recursive radix-2 Cooley-Tukey whose every stage stores float32 values (the twiddles
too), with the inverse divided by the length once at the end; any other length is a
plain DFT summed in doubles, column after column, then stored as float32. Both are
done here on the whole batch at once, with the same roundings in the same order and
V8's own sine and cosine (trig_util), so the numbers are TF.js's to the last bit.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.backends.cpu.kernels.trig_util import js_cos, js_sin
from tfjs.kernel_names import FFT, IFFT
from tfjs.kernel_registry import kernel


@kernel(FFT, "cpu")
def fft(backend: CpuBackend, input: Any) -> TensorInfo:  # noqa: A002
    return backend.make_output(fourier_transform(backend.values(input), inverse=False), "complex64")


@kernel(IFFT, "cpu")
def ifft(backend: CpuBackend, input: Any) -> TensorInfo:  # noqa: A002
    return backend.make_output(fourier_transform(backend.values(input), inverse=True), "complex64")


def fourier_transform(values: np.ndarray, inverse: bool) -> np.ndarray:
    """The (inverse) transform of each innermost row of complex64 `values`."""
    shape = values.shape
    n = shape[-1]
    rows = values.reshape(-1, n)
    real, imag = rows.real.astype(np.float32), rows.imag.astype(np.float32)
    if rows.shape[0] == 0 or n <= 1:  # a length-1 transform is the identity, either way
        out_real, out_imag = real, imag
    elif n & (n - 1) == 0:
        out_real, out_imag = _radix2(real, imag, inverse)
    else:
        out_real, out_imag = _dft(real, imag, inverse)
    out = np.empty(rows.shape, np.complex64)
    out.real, out.imag = out_real, out_imag
    return out.reshape(shape)


def _radix2(real: np.ndarray, imag: np.ndarray, inverse: bool) -> tuple[np.ndarray, np.ndarray]:
    """TF.js's recursion, bottom up. At sub-length m the row holds the n/m transforms of
    x[s::n/m] (s < n/m), shape (batch, n/m, m); the transform of x[s::n/(2m)] is made of
    the even half x[s::n/m] and the odd half x[s + n/(2m)::n/m]."""
    batch, n = real.shape
    a_real, a_imag = real.reshape(batch, n, 1), imag.reshape(batch, n, 1)
    m = 1
    while m < n:
        half = n // (2 * m)
        w_real, w_imag = _twiddles(2 * m, inverse)
        e_real, e_imag = a_real[:, :half], a_imag[:, :half]
        o_real, o_imag = a_real[:, half:].astype(np.float64), a_imag[:, half:].astype(np.float64)
        # the complex product is computed in doubles and stored as float32
        t_real = (w_real * o_real - w_imag * o_imag).astype(np.float32)
        t_imag = (w_real * o_imag + w_imag * o_real).astype(np.float32)
        a_real = np.concatenate([e_real + t_real, e_real - t_real], axis=-1)
        a_imag = np.concatenate([e_imag + t_imag, e_imag - t_imag], axis=-1)
        m *= 2
    a_real, a_imag = a_real.reshape(batch, n), a_imag.reshape(batch, n)
    if inverse:
        size = np.float32(n)
        a_real, a_imag = a_real / size, a_imag / size
    return a_real, a_imag


def _twiddles(n: int, inverse: bool) -> tuple[np.ndarray, np.ndarray]:
    """exp(∓2πi k/n) for k < n/2, stored as float32 (as doubles, for the products)."""
    x = (2.0 if inverse else -2.0) * math.pi * (np.arange(n // 2) / n)
    return js_cos(x).astype(np.float32).astype(np.float64), js_sin(x).astype(np.float32).astype(np.float64)


def _dft(real: np.ndarray, imag: np.ndarray, inverse: bool) -> tuple[np.ndarray, np.ndarray]:
    """Every output row at once; the sum over input columns stays sequential (c = 0, 1,
    ...) in doubles, as TF.js adds its terms, with double twiddles."""
    batch, n = real.shape
    real64, imag64 = real.astype(np.float64), imag.astype(np.float64)
    rows = np.arange(n)
    sign = 2.0 if inverse else -2.0
    acc_real = np.zeros((batch, n))
    acc_imag = np.zeros((batch, n))
    for c in range(n):
        x = sign * math.pi * ((rows * c) / n)
        w_real, w_imag = js_cos(x), js_sin(x)
        t_real, t_imag = real64[:, c : c + 1], imag64[:, c : c + 1]
        acc_real += t_real * w_real - t_imag * w_imag
        acc_imag += t_real * w_imag + t_imag * w_real
    if inverse:
        acc_real /= n
        acc_imag /= n
    return acc_real.astype(np.float32), acc_imag.astype(np.float32)
