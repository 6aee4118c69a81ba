"""Tensors / Transformations."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import BOOL, F32, I23, I32, M23, OpSpec

SPECS: list[OpSpec] = [
    OpSpec("reshape", lambda x: tf.reshape(x, [3, -1]), lambda x: x.reshape(3, -1), (((2, 6), F32),), F32),
    OpSpec("cast", lambda x: tf.cast(x, "int32"), np.trunc, (M23,), I32),
    OpSpec(
        "cast", lambda x: tf.cast(x, "bool"), lambda x: x != 0, (I23,), BOOL, low=-1, high=2, id_suffix="bool"
    ),
]
