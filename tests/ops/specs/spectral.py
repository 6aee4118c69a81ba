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


def _of_complex(fn):
    """`fn` of the complex64 tensor made of two float32 inputs (real and imaginary parts)."""
    return lambda re, im: fn(tf.complex(re, im))


def _rows(prefix: str, ops: object) -> list[OpSpec]:
    def row(name, op, reference, inputs, suffix="", dtype=C64, rtol=1e-5) -> OpSpec:
        return OpSpec(prefix + name, op, reference, inputs, dtype, rtol=rtol, id_suffix=suffix)

    rows = []
    for suffix, inputs in PAIR.items():
        rows += [
            row("fft", _of_complex(ops.fft), lambda re, im: np.fft.fft(re + 1j * im), inputs, suffix),
            row("ifft", _of_complex(ops.ifft), lambda re, im: np.fft.ifft(re + 1j * im), inputs, suffix),
        ]
    x29 = (((2, 9), F32),)
    return [
        *rows,
        row("rfft", ops.rfft, np.fft.rfft, (((3, 8), F32),), "pow2"),
        row("rfft", ops.rfft, np.fft.rfft, (((2, 3, 7), F32),), "odd"),
        row("rfft", lambda x: ops.rfft(x, 12), lambda x: np.fft.rfft(x, 12), x29, "padded"),
        row("rfft", lambda x: ops.rfft(x, 4), lambda x: np.fft.rfft(x, 4), x29, "cropped"),
        row("irfft", _of_complex(ops.irfft), _irfft_reference, (((3, 5), F32),) * 2, dtype=F32, rtol=1e-4),
        row("irfft", _of_complex(ops.irfft), _irfft_reference, (((4, 2), F32),) * 2, "short", F32),
    ]


def _parts(z: tf.Tensor) -> tf.Tensor:
    """A float32 view of a complex result that both its parts reach."""
    return tf.add(tf.real(z), tf.mul(tf.imag(z), tf.scalar(0.5)))


def _parts_reference(z: np.ndarray) -> np.ndarray:
    return z.real + 0.5 * z.imag


def _gradient_rows() -> list[OpSpec]:
    """The complex results as float32, so that their gradients are checked."""

    def row(name, op, reference, inputs, suffix) -> OpSpec:
        return OpSpec(name, op, reference, inputs, F32, rtol=1e-5, id_suffix=suffix)

    x29 = (((2, 9), F32),)
    return [
        row(
            "fft",
            lambda re, im: _parts(tf.fft(tf.complex(re, im))),
            lambda re, im: _parts_reference(np.fft.fft(re + 1j * im)),
            PAIR["odd"],
            "parts",
        ),
        row(
            "ifft",
            lambda re, im: _parts(tf.ifft(tf.complex(re, im))),
            lambda re, im: _parts_reference(np.fft.ifft(re + 1j * im)),
            PAIR["rank3"],
            "parts",
        ),
        row("rfft", lambda x: _parts(tf.rfft(x)), lambda x: _parts_reference(np.fft.rfft(x)), x29, "parts"),
        row(
            "rfft",
            lambda x: tf.abs(tf.rfft(x, 12)),
            lambda x: np.abs(np.fft.rfft(x, 12)),
            x29,
            "padded-abs",
        ),
        row(
            "rfft",
            lambda x: _parts(tf.rfft(x, 4)),
            lambda x: _parts_reference(np.fft.rfft(x, 4)),
            x29,
            "cropped-parts",
        ),
    ]


SPECS: list[OpSpec] = _rows("", tf) + _rows("spectral.", tf.spectral) + _gradient_rows()
