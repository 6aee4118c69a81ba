"""Operations / Signal: tf.signal.frame, stft, hann_window, hamming_window."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec


def _frames(x: np.ndarray, length: int, step: int) -> np.ndarray:
    starts = range(0, len(x) - length + 1, step)
    return np.stack([x[s : s + length] for s in starts])


def _window(n: int, a: float, b: float) -> np.ndarray:
    even = 1 - n % 2
    return a - b * np.cos(2 * np.pi * np.arange(n) / (n + even - 1))


SPECS: list[OpSpec] = [
    OpSpec(
        "signal.frame", lambda x: tf.signal.frame(x, 4, 3), lambda x: _frames(x, 4, 3), (((20,), F32),), F32
    ),
    OpSpec(
        "signal.frame",
        lambda x: tf.signal.frame(x, 4, 3, True, -1),
        lambda x: _frames(np.concatenate([x, [-1, -1]]), 4, 3),
        (((11,), I32),),
        I32,
        id_suffix="pad_end-int32",
    ),
    OpSpec("signal.hann_window", lambda: tf.signal.hann_window(9), lambda: _window(9, 0.5, 0.5), (), F32),
    OpSpec(
        "signal.hann_window",
        lambda: tf.signal.hann_window(10),
        lambda: _window(10, 0.5, 0.5),
        (),
        F32,
        id_suffix="even",
    ),
    OpSpec(
        "signal.hamming_window", lambda: tf.signal.hamming_window(8), lambda: _window(8, 0.54, 0.46), (), F32
    ),
    OpSpec(
        "signal.stft",
        lambda x: tf.signal.stft(x, 6, 2),
        lambda x: np.fft.rfft(_frames(x, 6, 2) * _window(6, 0.5, 0.5), 8),
        (((30,), F32),),
        "complex64",
        rtol=1e-4,
    ),
    OpSpec(
        "signal.stft",
        lambda x: tf.signal.stft(x, 5, 5, 5, tf.signal.hamming_window),
        lambda x: np.fft.rfft(_frames(x, 5, 5) * _window(5, 0.54, 0.46), 5),
        (((25,), F32),),
        "complex64",
        rtol=1e-4,
        id_suffix="hamming",
    ),
    OpSpec(
        "signal.stft",
        lambda x: tf.abs(tf.signal.stft(x, 6, 2)),
        lambda x: np.abs(np.fft.rfft(_frames(x, 6, 2) * _window(6, 0.5, 0.5), 8)),
        (((30,), F32),),
        F32,
        rtol=1e-4,
        id_suffix="abs",
    ),
]
