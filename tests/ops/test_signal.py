"""tf.signal (frame, stft, hann_window, hamming_window): what the spec table and the
conformance cases do not say (keywords, long signals, memory), and one test per kind of
bad input, each checking the exception type and that the text names the op, the
argument and the value."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import no_new_buffers, raises_with, tidy_numpy


def test_keyword_arguments(backend):
    frames = tidy_numpy(
        lambda: tf.signal.frame(signal=[1, 2, 3], frame_length=2, frame_step=2, pad_end=True, pad_value=-1)
    )
    np.testing.assert_array_equal(frames, [[1, 2], [3, -1]])
    spectrum = tidy_numpy(
        lambda: tf.signal.stft(
            signal=tf.ones([8]),
            frame_length=4,
            frame_step=4,
            fft_length=4,
            window_fn=tf.signal.hamming_window,
        )
    )
    assert spectrum.shape == (2, 3)
    assert tidy_numpy(lambda: tf.signal.hann_window(window_length=3)).tolist() == [0, 1, 0]


def test_frame_takes_a_list(backend):
    # TF.js reads signal.size of an array (undefined) and gives no frames
    frames = tidy_numpy(lambda: tf.signal.frame([1, 2, 3, 4], 2, 1))
    np.testing.assert_array_equal(frames, [[1, 2], [2, 3], [3, 4]])


def test_long_signal_stft_matches_numpy(backend):
    signal = np.sin(np.arange(16000) * 0.05).astype(np.float32)
    result = tidy_numpy(lambda: tf.signal.stft(tf.tensor1d(signal), 400, 160))
    starts = range(0, len(signal) - 400 + 1, 160)
    window = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(400) / 400)
    expected = np.fft.rfft(np.stack([signal[s : s + 400] for s in starts]) * window, 512)
    assert result.shape == expected.shape == (98, 257)
    np.testing.assert_allclose(result, expected, rtol=1e-3, atol=1e-3)


def test_stft_frees_its_frames(backend):
    x = tf.tensor1d(np.arange(64, dtype=np.float32))
    try:
        no_new_buffers(lambda: tf.dispose(tf.signal.stft(x, 8, 4)))
    finally:
        x.dispose()


# ---- bad input ---------------------------------------------------------------------


def test_frame_wrong_rank(backend):
    x = tf.ones([2, 3])
    try:
        with raises_with(ValueError, "frame", "signal must be a 1D tensor", "rank 2", "[2,3]"):
            no_new_buffers(lambda: tf.signal.frame(x, 2, 1))
    finally:
        x.dispose()


@pytest.mark.parametrize(
    ("length", "step", "fragments"),
    [
        (-2, 1, ("frame_length", "non-negative integer", "-2")),
        (2.5, 1, ("frame_length", "non-negative integer", "2.5")),
        (2, 0, ("frame_step", "positive integer", "0")),  # TF.js loops forever
        (2, -1, ("frame_step", "positive integer", "-1")),
        (2, 1.5, ("frame_step", "positive integer", "1.5")),
    ],
)
def test_frame_bad_sizes(backend, length, step, fragments):
    x = tf.ones([5])
    try:
        with raises_with(ValueError, "frame:", *fragments):
            no_new_buffers(lambda: tf.signal.frame(x, length, step))
    finally:
        x.dispose()


def test_frame_pad_value_of_another_kind(backend):
    x, s = tf.ones([3]), tf.tensor1d(["a", "b", "c"])
    try:
        with raises_with(TypeError, "frame", "pad_value 'z'", "float32 signal"):
            tf.signal.frame(x, 2, 1, True, "z")
        with raises_with(TypeError, "frame", "pad_value 0", "string signal"):
            tf.signal.frame(s, 2, 1, True)
    finally:
        tf.dispose([x, s])


@pytest.mark.parametrize("window", ["hann_window", "hamming_window"])
@pytest.mark.parametrize("length", [-1, 2.5, float("nan"), "3"])
def test_window_bad_length(backend, window, length):
    with raises_with(ValueError, f"{window}:", "window_length", "non-negative integer"):
        no_new_buffers(lambda: getattr(tf.signal, window)(length))


def test_stft_bad_frame_length(backend):
    x = tf.ones([8])
    try:
        with raises_with(ValueError, "stft:", "frame_length", "positive integer", "0"):
            no_new_buffers(lambda: tf.signal.stft(x, 0, 1))
        with raises_with(ValueError, "stft:", "frame_step", "positive integer"):
            no_new_buffers(lambda: tf.signal.stft(x, 4, 0))
    finally:
        x.dispose()
