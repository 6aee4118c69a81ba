"""Tensors / Creation."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import BOOL, F32, I23, I32, M23, V3, OpSpec

C64 = "complex64"


def _one_hot(indices: np.ndarray, depth: int, on: float = 1, off: float = 0) -> np.ndarray:
    """Indices outside [0, depth) give a row of `off`."""
    return np.where(indices[..., None] == np.arange(depth), on, off)


def _diag(x: np.ndarray) -> np.ndarray:
    return np.diag(x.reshape(-1)).reshape(x.shape + x.shape)


def _real_and_imag(z: tf.Tensor) -> tf.Tensor:
    return tf.add(tf.real(z), tf.mul(tf.imag(z), tf.scalar(0.5)))


SPECS: list[OpSpec] = [
    OpSpec("clone", tf.clone, lambda x: x, (M23,), F32),
    OpSpec("zeros_like", tf.zeros_like, np.zeros_like, (I23,), I32),
    OpSpec("zeros_like", tf.zeros_like, np.zeros_like, (M23,), F32, id_suffix="float32"),
    OpSpec("ones_like", tf.ones_like, np.ones_like, (M23,), F32),
    OpSpec("complex", tf.complex, lambda re, im: re + 1j * im, (M23, M23), C64),
    OpSpec("complex", tf.complex, lambda re, im: re + 1j * im, (I23, I23), C64, id_suffix="int32"),
    OpSpec("real", lambda x, y: tf.real(tf.complex(x, y)), lambda x, y: x, (M23, M23), F32),
    OpSpec("real", tf.real, lambda x: x, (I23,), F32, id_suffix="of_real"),
    OpSpec("imag", lambda x, y: tf.imag(tf.complex(x, y)), lambda x, y: y, (M23, M23), F32),
    OpSpec("imag", tf.imag, np.zeros_like, (M23,), F32, id_suffix="of_real"),
    # Complex gradients (dL/d(real part) + i dL/d(imaginary part)) summed from two uses.
    OpSpec(
        "complex",
        lambda x, y: _real_and_imag(tf.complex(x, y)),
        lambda x, y: x + 0.5 * y,
        (M23, M23),
        F32,
        id_suffix="parts",
    ),
    OpSpec(
        "abs",
        lambda x, y: tf.abs(tf.complex(x, y)),
        lambda x, y: np.abs(x + 1j * y),
        (M23, M23),
        F32,
        id_suffix="complex",
    ),
    OpSpec("diag", tf.diag, np.diag, (V3,), F32),
    OpSpec("diag", tf.diag, _diag, (M23,), F32, id_suffix="2d"),
    OpSpec("diag", tf.diag, _diag, (I23,), I32, id_suffix="int32-2d"),
    OpSpec("diag", tf.diag, _diag, (((2, 2), BOOL),), BOOL, id_suffix="bool"),
    OpSpec("eye", lambda: tf.eye(3, 4), lambda: np.eye(3, 4), (), F32),
    OpSpec(
        "eye",
        lambda: tf.eye(2, None, [3, 2], "int32"),
        lambda: np.broadcast_to(np.eye(2), (3, 2, 2, 2)),
        (),
        I32,
        id_suffix="batch",
    ),
    OpSpec("linspace", lambda: tf.linspace(-3, 5, 9), lambda: np.linspace(-3, 5, 9), (), F32),
    OpSpec(
        "linspace", lambda: tf.linspace(0, 1, 101), lambda: np.linspace(0, 1, 101), (), F32, id_suffix="101"
    ),
    OpSpec("one_hot", lambda x: tf.one_hot(x, 4), lambda x: _one_hot(x, 4), (I23,), I32, low=-1, high=5),
    OpSpec(
        "one_hot",
        lambda x: tf.one_hot(x, 3, 2.5, -1, "float32"),
        lambda x: _one_hot(x, 3, 2.5, -1),
        (I23,),
        F32,
        low=-1,
        high=4,
        id_suffix="float32",
    ),
    OpSpec("range", lambda: tf.range(-3, 8, 2), lambda: np.arange(-3, 8, 2), (), F32),
    OpSpec(
        "range",
        lambda: tf.range(9, -4, -3, "int32"),
        lambda: np.arange(9, -4, -3),
        (),
        I32,
        id_suffix="int32",
    ),
    OpSpec(
        "range", lambda: tf.range(0, 1, 0.125), lambda: np.arange(0, 1, 0.125), (), F32, id_suffix="fraction"
    ),
]
