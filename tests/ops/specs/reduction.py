"""Operations / Reduction."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I23, I32, OpSpec

SPECS: list[OpSpec] = [
    OpSpec("sum", tf.sum, np.sum, (((3, 4, 5), F32),), F32, id_suffix="all"),
    OpSpec(
        "sum", lambda x: tf.sum(x, 1), lambda x: np.sum(x, 1), (((3, 4, 5), F32),), F32, id_suffix="axis1"
    ),
    OpSpec(
        "sum",
        lambda x: tf.sum(x, [0, -1], True),
        lambda x: np.sum(x, (0, 2), keepdims=True),
        (((3, 4, 5), F32),),
        F32,
        id_suffix="keep_dims",
    ),
    OpSpec("sum", lambda x: tf.sum(x, 0), lambda x: np.sum(x, 0), (I23,), I32, id_suffix="int32"),
    OpSpec("mean", tf.mean, np.mean, (((3, 4, 5), F32),), F32, id_suffix="all"),
    OpSpec("mean", lambda x: tf.mean(x, -1), lambda x: np.mean(x, -1), (I23,), F32, id_suffix="int32"),
]
