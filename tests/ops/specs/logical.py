"""Operations / Logical."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import BOOL, OpSpec, binary_rows

SPECS: list[OpSpec] = [
    *binary_rows("greater", tf.greater, np.greater, f_dtype=BOOL, i_dtype=BOOL),
    *binary_rows("greater_equal", tf.greater_equal, np.greater_equal, f_dtype=BOOL, i_dtype=BOOL),
    *binary_rows("less", tf.less, np.less, f_dtype=BOOL, i_dtype=BOOL),
    *binary_rows("less_equal", tf.less_equal, np.less_equal, f_dtype=BOOL, i_dtype=BOOL),
]
