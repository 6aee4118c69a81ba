"""Operations / Basic math."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I23, I32, M23, OpSpec

SPECS: list[OpSpec] = [
    OpSpec("neg", tf.neg, np.negative, (M23,), F32),
    OpSpec("neg", tf.neg, np.negative, (I23,), I32, id_suffix="int32"),
    OpSpec("abs", tf.abs, np.abs, (M23,), F32),
    OpSpec("abs", tf.abs, np.abs, (I23,), I32, id_suffix="int32"),
    OpSpec("square", tf.square, np.square, (M23,), F32),
    OpSpec("square", tf.square, np.square, (I23,), I32, id_suffix="int32"),
    OpSpec("sqrt", tf.sqrt, np.sqrt, (M23,), F32, low=0, high=100),
    OpSpec("exp", tf.exp, np.exp, (M23,), F32),
    OpSpec("exp", tf.exp, np.exp, (I23,), F32, id_suffix="int32"),
    OpSpec("log", tf.log, np.log, (M23,), F32, low=0.01, high=100),
    OpSpec("relu", tf.relu, lambda x: np.maximum(x, 0), (M23,), F32),
    OpSpec("relu", tf.relu, lambda x: np.maximum(x, 0), (I23,), I32, id_suffix="int32"),
]
