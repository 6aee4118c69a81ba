"""Operations / Spectral: fft, ifft, rfft, irfft (tf.spectral.*; tf.fft is the same op)."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan


def c(re: object, im: object) -> tf.Tensor:
    return tf.complex(re, im)


def wave(n: int) -> tf.Tensor:
    """A deterministic complex signal of n samples: sin / cos of 1.37 k."""
    k = tf.mul(tf.range(0, n), 1.37)
    return tf.complex(tf.sin(k), tf.cos(tf.mul(k, 0.5)))


def wave_rows(rows: int, n: int) -> tf.Tensor:
    return tf.reshape(wave(rows * n), [rows, n])


def real_wave(n: int) -> tf.Tensor:
    return tf.sin(tf.mul(tf.range(0, n), 0.91))


S = tf.spectral

CASES = {
    # fft: powers of two (TF.js's radix-2 recursion) and other lengths (its DFT)
    "fft/len1": lambda: S.fft(c([2.5], [-1.5])),
    "fft/len2": lambda: S.fft(c([1, 2], [3, -4])),
    "fft/len3": lambda: S.fft(c([1, 2, 3], [0, 0, 0])),
    "fft/len4": lambda: S.fft(c([1, 2, 3, 4], [0, -1, 2, 0.5])),
    "fft/len5": lambda: S.fft(c([1, -2, 3, 0.25, 5], [0.5, 1, -1, 2, 0])),
    "fft/len6": lambda: S.fft(wave(6)),
    "fft/len8": lambda: S.fft(wave(8)),
    "fft/len12": lambda: S.fft(wave(12)),
    "fft/len64": lambda: S.fft(wave(64)),
    "fft/len100": lambda: S.fft(wave(100)),
    "fft/len256": lambda: S.fft(wave(256)),
    "fft/len255": lambda: S.fft(wave(255)),
    "fft/batch_2d": lambda: S.fft(wave_rows(3, 16)),
    "fft/batch_2d_odd": lambda: S.fft(wave_rows(4, 7)),
    "fft/batch_3d": lambda: S.fft(tf.reshape(wave(24), [2, 3, 4])),
    "fft/nan_inf": lambda: S.fft(c([1, nan, 3, 4], [0, 0, 0, 0])),
    "fft/inf": lambda: S.fft(c([inf, 1, 2, 3, 4], [0, 0, 0, -inf, 0])),
    "fft/negative_zero": lambda: S.fft(c([-0.0, -0.0, -0.0, -0.0], [-0.0, -0.0, -0.0, -0.0])),
    "fft/negative_zero_odd": lambda: S.fft(c([-0.0, -0.0, -0.0], [-0.0, -0.0, -0.0])),
    "fft/large": lambda: S.fft(c([3e38, 3e38, -1e30, 2e38], [1e38, -3e38, 0, 1])),
    "fft/small": lambda: S.fft(c([1e-40, 2e-42, -1e-45, 1e-38, 3e-39, 1e-44], [0, 1e-45, 0, 0, 0, 0])),
    "fft/empty_batch": lambda: S.fft(c(tf.zeros([0, 4]), tf.zeros([0, 4]))),
    "fft/top_level": lambda: tf.fft(c([1, 2, 3, 4], [4, 3, 2, 1])),
    "fft/float32_input": lambda: S.fft(tf.tensor1d([1, 2])),
    "fft/int32_input": lambda: S.fft(i32([1, 2])),
    # ifft
    "ifft/len1": lambda: S.ifft(c([2.5], [-1.5])),
    "ifft/len2": lambda: S.ifft(c([1, 2], [3, -4])),
    "ifft/len3": lambda: S.ifft(c([6, -1.5, -1.5], [0, 0.8660254, -0.8660254])),
    "ifft/len4": lambda: S.ifft(c([1, 2, 3, 4], [0, -1, 2, 0.5])),
    "ifft/len10": lambda: S.ifft(wave(10)),
    "ifft/len32": lambda: S.ifft(wave(32)),
    "ifft/len100": lambda: S.ifft(wave(100)),
    "ifft/batch_3d": lambda: S.ifft(tf.reshape(wave(48), [2, 3, 8])),
    "ifft/of_fft": lambda: S.ifft(S.fft(wave(16))),
    "ifft/nan_inf": lambda: S.ifft(c([1, nan, inf], [0, 0, 0])),
    "ifft/negative_zero": lambda: S.ifft(c([-0.0, -0.0], [-0.0, -0.0])),
    "ifft/large": lambda: S.ifft(c([3e38, 3e38, 3e38, 3e38], [0, 0, 0, 0])),
    "ifft/empty_batch": lambda: S.ifft(c(tf.zeros([0, 3]), tf.zeros([0, 3]))),
    "ifft/top_level": lambda: tf.ifft(c([1, 2, 3], [4, 3, 2])),
    "ifft/float32_input": lambda: S.ifft(tf.tensor1d([1, 2])),
    # rfft: fft_length crops or pads with zeros
    "rfft/len1": lambda: S.rfft(tf.tensor1d([2.5])),
    "rfft/len2": lambda: S.rfft(tf.tensor1d([1, 2])),
    "rfft/len3": lambda: S.rfft(tf.tensor1d([1, 2, 3])),
    "rfft/len8": lambda: S.rfft(real_wave(8)),
    "rfft/len9": lambda: S.rfft(real_wave(9)),
    "rfft/len128": lambda: S.rfft(real_wave(128)),
    "rfft/batch_2d": lambda: S.rfft(tf.reshape(real_wave(24), [3, 8])),
    "rfft/batch_3d": lambda: S.rfft(tf.reshape(real_wave(30), [2, 3, 5])),
    "rfft/crop": lambda: S.rfft(tf.reshape(real_wave(18), [2, 9]), 4),
    "rfft/pad": lambda: S.rfft(tf.reshape(real_wave(10), [2, 5]), 8),
    "rfft/same_length": lambda: S.rfft(real_wave(6), 6),
    "rfft/length_1": lambda: S.rfft(real_wave(6), 1),
    "rfft/nan_inf": lambda: S.rfft(tf.tensor1d([nan, 1, inf, -0.0])),
    "rfft/negative_zero": lambda: S.rfft(tf.tensor1d([-0.0, -0.0, -0.0])),
    "rfft/empty_batch": lambda: S.rfft(tf.zeros([0, 4])),
    "rfft/top_level": lambda: tf.rfft(tf.tensor1d([1, 0, -1, 0])),
    "rfft/int32_input": lambda: S.rfft(i32([1, 2])),
    "rfft/complex_input": lambda: S.rfft(c([1, 2], [0, 0])),
    # irfft: a rank-1 or rank-4 input gives a 2-D result, a rank-3 one keeps its shape
    "irfft/len1": lambda: S.irfft(c([2.5], [-1.5])),
    "irfft/len2": lambda: S.irfft(c([1, 2], [0, 0])),
    "irfft/len3": lambda: S.irfft(c([1, 2, 3], [0, 1, 0])),
    "irfft/len5": lambda: S.irfft(wave(5)),
    "irfft/len9": lambda: S.irfft(wave(9)),
    "irfft/batch_2d": lambda: S.irfft(wave_rows(3, 4)),
    "irfft/batch_3d": lambda: S.irfft(tf.reshape(wave(24), [2, 3, 4])),
    "irfft/batch_4d": lambda: S.irfft(tf.reshape(wave(24), [2, 1, 3, 4])),
    "irfft/of_rfft": lambda: S.irfft(S.rfft(real_wave(16))),
    "irfft/nan_inf": lambda: S.irfft(c([1, nan, 3, inf], [0, 0, 0, 0])),
    "irfft/empty_batch": lambda: S.irfft(c(tf.zeros([0, 4]), tf.zeros([0, 4]))),
    "irfft/empty_batch_3d": lambda: S.irfft(c(tf.zeros([0, 2, 3]), tf.zeros([0, 2, 3]))),
    "irfft/top_level": lambda: tf.irfft(c([4, 0, -2], [0, 1, 0])),
    "irfft/float32_input_short": lambda: S.irfft(tf.tensor1d([1, 2])),
}
