"""Operations / Reduction."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import BOOL, F32, I23, I32, OpSpec

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
    OpSpec(
        "mean",
        lambda x: tf.mean(x, [0, 2], True),
        lambda x: np.mean(x, (0, 2), keepdims=True),
        (((3, 4, 5), F32),),
        F32,
        id_suffix="keep_dims",
    ),
]

X345 = (((3, 4, 5), F32),)
B23 = (((2, 3), BOOL),)
SPECS += [
    OpSpec("max", tf.max, np.max, X345, F32, id_suffix="all"),
    OpSpec("max", lambda x: tf.max(x, [0, 2], True), lambda x: np.max(x, (0, 2), keepdims=True), X345, F32),
    OpSpec("max", lambda x: tf.max(x, -1), lambda x: np.max(x, -1), (I23,), I32, id_suffix="int32"),
    OpSpec("min", tf.min, np.min, X345, F32, id_suffix="all"),
    OpSpec("min", lambda x: tf.min(x, 1), lambda x: np.min(x, 1), (I23,), I32, id_suffix="int32"),
    OpSpec("min", lambda x: tf.min(x, [1, 2]), lambda x: np.min(x, (1, 2)), X345, F32, id_suffix="axes"),
    OpSpec("prod", lambda x: tf.prod(x, 1), lambda x: np.prod(x, 1), X345, F32, low=0.5, high=1.5),
    OpSpec("prod", tf.prod, np.prod, (((2, 3, 2), F32),), F32, id_suffix="all", low=0.6, high=1.4),
    OpSpec(
        "prod",
        lambda x: tf.prod(x, [0, 2], True),
        lambda x: np.prod(x, (0, 2), keepdims=True),
        X345,
        F32,
        id_suffix="axes-keep_dims",
        low=0.5,
        high=1.5,
    ),
    OpSpec(
        "prod",
        lambda x: tf.prod(x, -1),
        lambda x: np.prod(x, -1),
        X345,
        F32,
        id_suffix="negative",
        low=-1.5,
        high=1.5,
    ),
    OpSpec("prod", lambda x: tf.prod(x, 0), lambda x: np.prod(x, 0), (I23,), I32, id_suffix="int32"),
    OpSpec("all", lambda x: tf.all(x, 1), lambda x: np.all(x, 1), B23, BOOL),
    OpSpec("any", lambda x: tf.any(x, 0, True), lambda x: np.any(x, 0, keepdims=True), B23, BOOL),
    OpSpec("arg_max", lambda x: tf.arg_max(x, 1), lambda x: np.argmax(x, 1), X345, I32),
    OpSpec("arg_max", tf.arg_max, lambda x: np.argmax(x, 0), (I23,), I32, id_suffix="int32", low=-2, high=2),
    OpSpec("arg_min", lambda x: tf.arg_min(x, -1), lambda x: np.argmin(x, -1), X345, I32),
    OpSpec("log_sum_exp", tf.log_sum_exp, lambda x: np.log(np.sum(np.exp(x))), X345, F32, rtol=1e-5),
    OpSpec(
        "log_sum_exp",
        lambda x: tf.log_sum_exp(x, 1, True),
        lambda x: np.log(np.sum(np.exp(x), 1, keepdims=True)),
        (I23,),
        F32,
        id_suffix="int32",
        rtol=1e-5,
    ),
    OpSpec(
        "log_sum_exp",
        lambda x: tf.log_sum_exp(x, [0, 2]),
        lambda x: np.log(np.sum(np.exp(x), (0, 2))),
        X345,
        F32,
        id_suffix="axes",
        rtol=1e-5,
    ),
]
