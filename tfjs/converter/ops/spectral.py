"""Fourier transform TF ops (TF.js's spectral executor). As in TF.js, RFFT's and IRFFT's
`fft_length` input is not read: the transform's length is the input's inner dimension
(IRFFT: 2 * (n - 1) samples)."""

from __future__ import annotations

from tfjs import ops
from tfjs.converter.op_registry import tf_op


@tf_op("FFT")
def fft(input):  # noqa: A002 (TF's input name)
    return ops.fft(input)


@tf_op("IFFT")
def ifft(input):  # noqa: A002
    return ops.ifft(input)


@tf_op("RFFT")
def rfft(input, fft_length=None):  # noqa: A002
    return ops.rfft(input)


@tf_op("IRFFT")
def irfft(input, fft_length=None):  # noqa: A002
    return ops.irfft(input)
