"""Operations / Logical."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

import tfjs as tf
from tests.ops.op_spec import BOOL, F32, I32, OpSpec, binary_rows


def _logical_rows(name: str, fn: Callable, ref: Callable) -> list[OpSpec]:
    return [
        OpSpec(name, fn, ref, (((2, 3), BOOL), ((2, 3), BOOL)), BOOL),
        OpSpec(name, fn, ref, (((4, 1), BOOL), ((1, 5), BOOL)), BOOL, id_suffix="outer"),
    ]


SPECS: list[OpSpec] = [
    *binary_rows("greater", tf.greater, np.greater, f_dtype=BOOL, i_dtype=BOOL),
    *binary_rows("greater_equal", tf.greater_equal, np.greater_equal, f_dtype=BOOL, i_dtype=BOOL),
    *binary_rows("less", tf.less, np.less, f_dtype=BOOL, i_dtype=BOOL),
    *binary_rows("less_equal", tf.less_equal, np.less_equal, f_dtype=BOOL, i_dtype=BOOL),
    *binary_rows("equal", tf.equal, np.equal, f_dtype=BOOL, i_dtype=BOOL, low=-2, high=2),
    *binary_rows("not_equal", tf.not_equal, np.not_equal, f_dtype=BOOL, i_dtype=BOOL, low=-2, high=2),
    OpSpec("bitwise_and", tf.bitwise_and, np.bitwise_and, (((2, 3), I32),) * 2, I32, low=-100, high=100),
    *_logical_rows("logical_and", tf.logical_and, np.logical_and),
    *_logical_rows("logical_or", tf.logical_or, np.logical_or),
    *_logical_rows("logical_xor", tf.logical_xor, np.logical_xor),
    OpSpec("logical_not", tf.logical_not, np.logical_not, (((2, 3), BOOL),), BOOL),
    OpSpec("where", tf.where, np.where, (((2, 3), BOOL), ((2, 3), F32), ((2, 3), F32)), F32),
    OpSpec(
        "where",
        tf.where,
        np.where,
        (((3,), BOOL), ((2, 1), I32), ((2, 3), F32)),
        F32,
        id_suffix="broadcast",
    ),
    OpSpec("where", tf.where, np.where, (((2, 1), BOOL), ((3,), I32), ((), I32)), I32, id_suffix="int32"),
    # Both branches broadcast: their gradients are summed back to their shapes.
    OpSpec(
        "where",
        tf.where,
        np.where,
        (((3,), BOOL), ((2, 1), F32), ((), F32)),
        F32,
        id_suffix="broadcast-float32",
    ),
]
