"""Operations / Matrices and Tensors / Matrices."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec

SPECS: list[OpSpec] = [
    OpSpec("mat_mul", tf.mat_mul, np.matmul, (((2, 3), F32), ((3, 4), F32)), F32, rtol=1e-5),
    OpSpec(
        "mat_mul",
        lambda a, b: tf.mat_mul(a, b, True, True),
        lambda a, b: a.T @ b.T,
        (((3, 2), F32), ((4, 3), F32)),
        F32,
        rtol=1e-5,
        id_suffix="transposed",
    ),
    OpSpec(
        "mat_mul", tf.mat_mul, np.matmul, (((2, 2, 3), F32), ((3, 2), F32)), F32, rtol=1e-5, id_suffix="batch"
    ),
    OpSpec("mat_mul", tf.mat_mul, np.matmul, (((2, 3), I32), ((3, 2), I32)), I32, id_suffix="int32"),
]
