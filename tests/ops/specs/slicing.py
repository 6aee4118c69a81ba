"""Tensors / Slicing and Joining and Operations / Slicing and Joining."""

from __future__ import annotations

import tfjs as tf
from tests.ops.op_spec import F32, OpSpec

SPECS: list[OpSpec] = [
    OpSpec(
        "strided_slice",
        lambda x: tf.strided_slice(x, [0, 3], [2, 0], [1, -2]),
        lambda x: x[0:2, 3:0:-2],
        (((3, 5), F32),),
        F32,
    ),
]
