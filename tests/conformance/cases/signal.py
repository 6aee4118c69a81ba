"""Operations / Signal: tf.signal.frame, stft, hann_window, hamming_window."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan

S = tf.signal


def ramp(n: int) -> tf.Tensor:
    return tf.range(1, n + 1)


def tone(n: int) -> tf.Tensor:
    return tf.sin(tf.mul(tf.range(0, n), 0.3))


CASES = {
    # frame: whole frames while they fit; pad_end adds those that start inside
    "frame/basic": lambda: S.frame(ramp(10), 4, 3),
    "frame/step_1": lambda: S.frame(ramp(5), 2, 1),
    "frame/step_past_length": lambda: S.frame(ramp(10), 2, 4),
    "frame/exact_fit": lambda: S.frame(ramp(6), 3, 3),
    "frame/length_is_size": lambda: S.frame(ramp(4), 4, 1),
    "frame/pad_end": lambda: S.frame(ramp(10), 4, 3, True),
    "frame/pad_end_value": lambda: S.frame(ramp(7), 3, 2, True, -5.5),
    "frame/pad_end_short_signal": lambda: S.frame(ramp(2), 4, 1, True, 9),
    "frame/pad_end_exact_fit": lambda: S.frame(ramp(6), 3, 3, True, 1),
    "frame/int32": lambda: S.frame(i32([2147483647, -2147483648, 3, 4, 5]), 3, 2),
    "frame/int32_pad": lambda: S.frame(i32([1, 2, 3, 4, 5]), 3, 2, True, 7),
    "frame/int32_pad_fraction": lambda: S.frame(i32([1, 2, 3, 4, 5]), 3, 2, True, 7.5),
    "frame/bool_pad": lambda: S.frame(tf.tensor1d([True, False, True], "bool"), 2, 1, True),
    "frame/string_pad": lambda: S.frame(tf.tensor1d(["a", "b", "c"]), 2, 1, True, "z"),
    "frame/special_values": lambda: S.frame(tf.tensor1d([nan, inf, -inf, -0.0, 1e-45, 3e38]), 2, 2),
    "frame/no_frames": lambda: S.frame(ramp(3), 4, 1),
    "frame/no_frames_int32": lambda: S.frame(i32([1, 2]), 3, 2),
    "frame/empty_signal": lambda: S.frame(tf.zeros([0]), 2, 1, True),
    "frame/zero_length": lambda: S.frame(ramp(3), 0, 1),
    # windows: a - b cos(2 pi n / (N - 1)), N made odd; a length-1 window is [NaN]
    "hann_window/1": lambda: S.hann_window(1),
    "hann_window/0": lambda: S.hann_window(0),
    "hann_window/2": lambda: S.hann_window(2),
    "hann_window/5": lambda: S.hann_window(5),
    "hann_window/8": lambda: S.hann_window(8),
    "hann_window/64": lambda: S.hann_window(64),
    "hann_window/101": lambda: S.hann_window(101),
    "hamming_window/1": lambda: S.hamming_window(1),
    "hamming_window/3": lambda: S.hamming_window(3),
    "hamming_window/10": lambda: S.hamming_window(10),
    "hamming_window/64": lambda: S.hamming_window(64),
    "hamming_window/99": lambda: S.hamming_window(99),
    # stft: rfft of hann-windowed frames, fft_length the enclosing power of 2
    "stft/basic": lambda: S.stft(ramp(8), 4, 2),
    "stft/tone": lambda: S.stft(tone(64), 16, 8),
    "stft/odd_frame": lambda: S.stft(tone(40), 5, 3),
    "stft/fft_length_given": lambda: S.stft(tone(20), 6, 4, 6),
    "stft/fft_length_larger": lambda: S.stft(tone(20), 6, 4, 16),
    "stft/fft_length_smaller": lambda: S.stft(tone(20), 8, 4, 5),
    "stft/hamming": lambda: S.stft(ramp(5), 3, 1, 3, S.hamming_window),
    "stft/custom_window": lambda: S.stft(ramp(6), 3, 3, 4, lambda n: tf.ones([n])),
    "stft/int32_signal": lambda: S.stft(i32([1, 2, 3, 4, 5]), 3, 1),
    "stft/no_frames": lambda: S.stft(ramp(2), 4, 2),
}
