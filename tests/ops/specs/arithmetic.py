"""Operations / Arithmetic."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

import tfjs as tf
from tests.ops.op_spec import BOOL, C41, F32, I32, M23, OpSpec, binary_rows, wrap_int32


def _floor_div_ref(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.nan_to_num(np.floor(a / b), nan=0, posinf=0, neginf=0)


def _mod_ref(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.where(b == 0, np.nan, np.mod(a, b))


def _div_no_nan_ref(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.where(b == 0, 0.0, a / b)


def _div_no_nan_int_ref(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.where(b == 0, 0, _floor_div_ref(a, b))


SPECS: list[OpSpec] = [
    *binary_rows("add", tf.add, np.add),
    *binary_rows("sub", tf.sub, np.subtract),
    *binary_rows("mul", tf.mul, np.multiply, int_ref=lambda a, b: wrap_int32(a * b)),
    *binary_rows("div", tf.div, np.divide, int_ref=_floor_div_ref, low=1, high=9),
    *binary_rows("floor_div", tf.floor_div, _floor_div_ref, f_dtype=I32, low=1, high=9),
    *binary_rows("mod", tf.mod, _mod_ref, low=1, high=9),
    *binary_rows("pow", tf.pow, np.power, low=0.5, high=3),
    OpSpec(
        "add_n", lambda a, b, c: tf.add_n([a, b, c]), lambda a, b, c: a + b + c, (((2, 3), F32),) * 3, F32
    ),
    OpSpec(
        "add_n",
        lambda a, b: tf.add_n([a, b]),
        lambda a, b: wrap_int32(a + b),
        (((2, 3), I32),) * 2,
        I32,
        id_suffix="int32",
    ),
    OpSpec("add_n", lambda a: tf.add_n([a]), lambda a: a, (((4,), F32),), F32, id_suffix="one"),
    *binary_rows("atan2", tf.atan2, np.arctan2),
    # TF.js's div_no_nan has no gradient: its equal(b, zeros_like(a / b)) reaches Equal.
    *(
        replace(row, differentiable=False)
        for row in binary_rows(
            "div_no_nan", tf.div_no_nan, _div_no_nan_ref, int_ref=_div_no_nan_int_ref, low=-2, high=3
        )
    ),
    *binary_rows("maximum", tf.maximum, np.maximum),
    OpSpec("maximum", tf.maximum, np.maximum, (((2, 3), BOOL), ((3,), BOOL)), I32, id_suffix="bool"),
    *binary_rows("minimum", tf.minimum, np.minimum),
    OpSpec("minimum", tf.minimum, np.minimum, (((2, 3), BOOL), ((3,), BOOL)), I32, id_suffix="bool"),
    *binary_rows("squared_difference", tf.squared_difference, lambda a, b: np.square(a - b)),
    # Gradients of a scalar operand sum over every element.
    OpSpec("div", tf.div, np.divide, (((), F32), M23), F32, low=1, high=9, id_suffix="scalar-a"),
    OpSpec("pow", tf.pow, np.power, (M23, ((), F32)), F32, low=0.5, high=3, id_suffix="scalar-exp"),
    OpSpec("atan2", tf.atan2, np.arctan2, (((), F32), C41), F32, id_suffix="scalar-a"),
    OpSpec("maximum", tf.maximum, np.maximum, (M23, ((), F32)), F32, id_suffix="scalar-b"),
    OpSpec("minimum", tf.minimum, np.minimum, (((), F32), M23), F32, id_suffix="scalar-a"),
    OpSpec("mod", tf.mod, _mod_ref, (M23, ((), F32)), F32, low=1, high=9, id_suffix="scalar-b"),
    OpSpec(
        "squared_difference",
        tf.squared_difference,
        lambda a, b: np.square(a - b),
        (((), F32), C41),
        F32,
        id_suffix="scalar-a",
    ),
]
