"""The `spectral` TF op mappers (TF.js's spectral_executor), on every backend; as in
TF.js, RFFT's and IRFFT's fft_length input is not read."""

from __future__ import annotations

import numpy as np

import tfjs as tf
import tfjs.converter.ops
from tests.helpers import scope
from tfjs.converter.op_registry import call_mapper, get_mapper

SIGNAL = np.array([[1.0, 2.0, -1.0, 0.5], [0.0, 3.0, 1.0, -2.0]], np.float32)


def run(op, make_inputs):
    with scope():
        result = call_mapper(get_mapper(op), make_inputs(), {})
        return result.numpy()


def complex_signal():
    return tf.complex(SIGNAL, SIGNAL[::-1].copy())


def test_fft_and_ifft(backend):
    z = SIGNAL + 1j * SIGNAL[::-1]
    np.testing.assert_allclose(run("FFT", lambda: [complex_signal()]), np.fft.fft(z), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(run("IFFT", lambda: [complex_signal()]), np.fft.ifft(z), rtol=1e-5, atol=1e-6)


def test_rfft_and_irfft_ignore_fft_length(backend):
    length = lambda: tf.tensor([2], dtype="int32")  # noqa: E731
    got = run("RFFT", lambda: [tf.tensor(SIGNAL), length()])
    np.testing.assert_allclose(got, np.fft.rfft(SIGNAL), rtol=1e-5, atol=1e-5)
    spectrum = np.fft.rfft(SIGNAL).astype(np.complex64)
    got = run("IRFFT", lambda: [tf.complex(spectrum.real.copy(), spectrum.imag.copy()), length()])
    np.testing.assert_allclose(got, SIGNAL, rtol=1e-5, atol=1e-5)


def test_every_spectral_op_is_mapped():
    ops = ["FFT", "IFFT", "RFFT", "IRFFT"]
    assert {op: get_mapper(op) and get_mapper(op).category for op in ops} == dict.fromkeys(ops, "spectral")
