"""Operations / Arithmetic."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import I32, OpSpec, binary_rows, wrap_int32


def _floor_div_ref(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.nan_to_num(np.floor(a / b), nan=0, posinf=0, neginf=0)


def _mod_ref(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.where(b == 0, np.nan, np.mod(a, b))


SPECS: list[OpSpec] = [
    *binary_rows("add", tf.add, np.add),
    *binary_rows("sub", tf.sub, np.subtract),
    *binary_rows("mul", tf.mul, np.multiply, int_ref=lambda a, b: wrap_int32(a * b)),
    *binary_rows("div", tf.div, np.divide, int_ref=_floor_div_ref, low=1, high=9),
    *binary_rows("floor_div", tf.floor_div, _floor_div_ref, f_dtype=I32, low=1, high=9),
    *binary_rows("mod", tf.mod, _mod_ref, low=1, high=9),
    *binary_rows("pow", tf.pow, np.power, low=0.5, high=3),
]
