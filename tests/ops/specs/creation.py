"""Tensors / Creation."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I23, I32, M23, OpSpec

SPECS: list[OpSpec] = [
    OpSpec("clone", tf.clone, lambda x: x, (M23,), F32),
    OpSpec("zeros_like", tf.zeros_like, np.zeros_like, (I23,), I32),
    OpSpec("ones_like", tf.ones_like, np.ones_like, (M23,), F32),
]
