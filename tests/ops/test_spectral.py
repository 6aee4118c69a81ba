"""Spectral ops (fft, ifft, rfft, irfft): what the spec table and the conformance cases
do not say (chained methods, keywords, namespaces, large transforms, memory), and one
test per kind of bad input, each checking the exception type and that the text names
the op, the argument and the value."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import i32, no_new_buffers, raises_with, tidy_numpy


def test_chained_methods_match_the_ops(backend):
    def run():
        x = tf.complex([1, 2, 3, 4], [0, -1, 2, 0.5])
        np.testing.assert_array_equal(x.fft().numpy(), tf.fft(x).numpy())
        np.testing.assert_array_equal(x.ifft().numpy(), tf.ifft(x).numpy())
        np.testing.assert_array_equal(x.irfft().numpy(), tf.irfft(x).numpy())
        signal = tf.tensor1d([1, 0, -1, 2])
        np.testing.assert_array_equal(signal.rfft().numpy(), tf.rfft(signal).numpy())

    tf.tidy(run)


def test_spectral_namespace_holds_the_same_ops(backend):
    assert tf.spectral.fft is tf.fft
    assert tf.spectral.ifft is tf.ifft
    assert tf.spectral.rfft is tf.rfft
    assert tf.spectral.irfft is tf.irfft


def test_keyword_arguments(backend):
    result = tidy_numpy(lambda: tf.rfft(input=tf.tensor1d([1, 2, 3, 4, 5]), fft_length=8))
    np.testing.assert_allclose(result, np.fft.rfft([1, 2, 3, 4, 5], 8), rtol=1e-6, atol=1e-6)
    result = tidy_numpy(lambda: tf.fft(input=tf.complex([1, 2], [0, 0])))
    np.testing.assert_array_equal(result, [3, -1])


@pytest.mark.parametrize("n", [1024, 1000])
def test_large_transforms_match_numpy(backend, n):
    rng = np.random.default_rng(n)
    values = (rng.standard_normal((4, n)) + 1j * rng.standard_normal((4, n))).astype(np.complex64)

    def run(op):
        return tf.tidy(lambda: op(tf.complex(values.real, values.imag)))

    forward, inverse = run(tf.fft), run(tf.ifft)
    try:
        np.testing.assert_allclose(forward.numpy(), np.fft.fft(values), rtol=1e-4, atol=1e-3)
        np.testing.assert_allclose(inverse.numpy(), np.fft.ifft(values), rtol=1e-4, atol=1e-6)
    finally:
        tf.dispose([forward, inverse])


def test_irfft_inverts_rfft(backend):
    signal = np.sin(np.arange(32) * 0.7).astype(np.float32)
    result = tidy_numpy(lambda: tf.irfft(tf.rfft(tf.tensor1d(signal))))
    assert result.shape == (1, 32)  # TF.js's irfft gives a rank-1 input a batch of one
    np.testing.assert_allclose(result[0], signal, rtol=1e-5, atol=1e-6)


def test_transforms_keep_the_input(backend):
    x = tf.complex([1, 2, 3], [4, 5, 6])
    try:
        tf.dispose(tf.fft(x))
        np.testing.assert_array_equal(x.numpy(), [1 + 4j, 2 + 5j, 3 + 6j])
    finally:
        x.dispose()


# ---- bad input ---------------------------------------------------------------------


@pytest.mark.parametrize("op", ["fft", "ifft"])
def test_a_real_input_is_refused(backend, op):
    x = tf.tensor1d([1, 2])
    try:
        with raises_with(TypeError, f"{op}:", f"tf.spectral.{op}()", "must be complex64 but got float32"):
            no_new_buffers(lambda: getattr(tf, op)(x))
    finally:
        x.dispose()


@pytest.mark.parametrize("op", ["fft", "ifft", "irfft"])
def test_a_scalar_is_refused(backend, op):
    x = tf.complex(1, 2)
    try:
        with raises_with(ValueError, f"{op}:", "rank >= 1", "scalar"):
            no_new_buffers(lambda: getattr(tf, op)(x))
    finally:
        x.dispose()


@pytest.mark.parametrize("op", ["fft", "ifft", "irfft"])
def test_an_empty_inner_dimension_is_refused(backend, op):
    # TF.js divides by the inner size and fails reshaping to (NaN, 0)
    x = tf.tidy(lambda: tf.complex(tf.zeros([3, 0]), tf.zeros([3, 0])))
    try:
        with raises_with(ValueError, f"{op}:", "innermost dimension", "[3,0]"):
            no_new_buffers(lambda: getattr(tf, op)(x))
    finally:
        x.dispose()


def test_rfft_refuses_a_non_float32_input(backend):
    x, c, empty = i32([1, 2]), tf.complex([1, 2], [0, 0]), tf.zeros([2, 0])
    try:
        with raises_with(TypeError, "rfft()", "must be real value but got int32"):
            tf.rfft(x)
        with raises_with(TypeError, "rfft()", "must be real value but got complex64"):
            tf.rfft(c)
        with raises_with(ValueError, "rfft:", "innermost dimension", "[2,0]"):
            tf.rfft(empty)
    finally:
        tf.dispose([x, c, empty])


@pytest.mark.parametrize("length", [0, -1, 2.5, True, "4"])
def test_rfft_refuses_a_bad_fft_length(backend, length):
    # TF.js: 0 fails a reshape, -1 slices nothing, 2.5 recurses without end
    x = tf.tensor1d([1, 2, 3])
    try:
        with raises_with(ValueError, "rfft:", "fft_length", "positive integer", repr(length)):
            no_new_buffers(lambda: tf.rfft(x, length))
    finally:
        x.dispose()


def test_irfft_refuses_a_real_input(backend):
    # TF.js fails inside its own code ("Cannot read properties of undefined") for more
    # than two components, and with ifft's message for up to two
    x = tf.tensor1d([1, 2, 3, 4])
    try:
        with raises_with(TypeError, "irfft:", "must be complex64 but got float32"):
            no_new_buffers(lambda: tf.irfft(x))
    finally:
        x.dispose()


def test_a_string_input_is_refused(backend):
    with raises_with(TypeError, "fft:", "must be complex64 but got string"):
        tf.fft(["a", "b"])
