"""Operations / Spectral: fft, ifft, rfft, irfft (also as tf.spectral.*)."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, OpSpec

C64 = "complex64"
PAIR = {
    "pow2": (((3, 8), F32), ((3, 8), F32)),
    "odd": (((2, 5), F32), ((2, 5), F32)),
    "rank3": (((2, 2, 6), F32), ((2, 2, 6), F32)),
}


def _irfft_reference(re: np.ndarray, im: np.ndarray) -> np.ndarray:
    spectrum = (re + 1j * im).reshape(-1, re.shape[-1])
    n = re.shape[-1]
    return np.fft.irfft(spectrum, 2 * (n - 1)) if n > 2 else np.fft.ifft(spectrum).real


def _rows(prefix: str, ops: object) -> list[OpSpec]:
    rows = []
    for suffix, inputs in PAIR.items():
        rows += [
            OpSpec(
                f"{prefix}fft",
                lambda re, im: ops.fft(tf.complex(re, im)),
                lambda re, im: np.fft.fft(re + 1j * im),
                inputs,
                C64,
                rtol=1e-5,
                id_suffix=suffix,
            ),
            OpSpec(
                f"{prefix}ifft",
                lambda re, im: ops.ifft(tf.complex(re, im)),
                lambda re, im: np.fft.ifft(re + 1j * im),
                inputs,
                C64,
                rtol=1e-5,
                id_suffix=suffix,
            ),
        ]
    rows += [
        OpSpec(f"{prefix}rfft", ops.rfft, np.fft.rfft, (((3, 8), F32),), C64, rtol=1e-5, id_suffix="pow2"),
        OpSpec(f"{prefix}rfft", ops.rfft, np.fft.rfft, (((2, 3, 7), F32),), C64, rtol=1e-5, id_suffix="odd"),
        OpSpec(
            f"{prefix}rfft",
            lambda x: ops.rfft(x, 12),
            lambda x: np.fft.rfft(x, 12),
            (((2, 9), F32),),
            C64,
            rtol=1e-5,
            id_suffix="padded",
        ),
        OpSpec(
            f"{prefix}rfft",
            lambda x: ops.rfft(x, 4),
            lambda x: np.fft.rfft(x, 4),
            (((2, 9), F32),),
            C64,
            rtol=1e-5,
            id_suffix="cropped",
        ),
        OpSpec(
            f"{prefix}irfft",
            lambda re, im: ops.irfft(tf.complex(re, im)),
            _irfft_reference,
            (((3, 5), F32), ((3, 5), F32)),
            F32,
            rtol=1e-4,
        ),
        OpSpec(
            f"{prefix}irfft",
            lambda re, im: ops.irfft(tf.complex(re, im)),
            _irfft_reference,
            (((4, 2), F32), ((4, 2), F32)),
            F32,
            rtol=1e-5,
            id_suffix="short",
        ),
    ]
    return rows


SPECS: list[OpSpec] = _rows("", tf) + _rows("spectral.", tf.spectral)
