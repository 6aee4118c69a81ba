"""Operations / Basic math."""

from __future__ import annotations

import math

import numpy as np

import tfjs as tf
from tests.ops.op_spec import BOOL, F32, I23, I32, M23, V3, OpSpec

B23 = ((2, 3), BOOL)
SELU_SCALE, SELU_ALPHA = 1.0507009873554805, 1.6732632423543772


def _selu(x: np.ndarray) -> np.ndarray:
    return SELU_SCALE * np.where(x >= 0, x, SELU_ALPHA * np.expm1(x))


def _softplus(x: np.ndarray) -> np.ndarray:
    return np.logaddexp(0, x)


def _leaky(x: np.ndarray, alpha: float | np.ndarray) -> np.ndarray:
    return np.where(x < 0, alpha * x, x)


def _clip(x: tf.Tensor) -> tf.Tensor:
    return tf.clip_by_value(x, -1.5, 2.5)


def _float_and_int(name: str, fn, ref, low: float = -5.0, high: float = 5.0, **kw) -> list[OpSpec]:
    """A float32 row and an int32 row (the int32 result truncates what JavaScript computes)."""
    return [
        OpSpec(name, fn, ref, (M23,), F32, low=low, high=high, **kw),
        OpSpec(name, fn, ref, (I23,), I32, low=low, high=high, id_suffix="int32"),
    ]


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
    *_float_and_int("acos", tf.acos, np.arccos, low=-1, high=1),
    *_float_and_int("acosh", tf.acosh, np.arccosh, low=1, high=10),
    *_float_and_int("asin", tf.asin, np.arcsin, low=-1, high=1),
    *_float_and_int("asinh", tf.asinh, np.arcsinh),
    *_float_and_int("atan", tf.atan, np.arctan),
    *_float_and_int("atanh", tf.atanh, np.arctanh, low=0, high=0.99),  # int32 -1 would give -Infinity
    OpSpec("ceil", tf.ceil, np.ceil, (M23,), F32),
    *_float_and_int("clip_by_value", _clip, lambda x: np.clip(x, -1.5, 2.5)),
    OpSpec(
        "clip_by_value",
        lambda x: tf.clip_by_value(x, 0.5, 0.75),
        lambda x: np.clip(x, 0.5, 0.75),
        (((3, 4), F32),),
        F32,
        low=0,
        high=1.2,
        id_suffix="narrow",
    ),
    OpSpec("cos", tf.cos, np.cos, (M23,), F32, low=-10, high=10),
    OpSpec("cosh", tf.cosh, np.cosh, (M23,), F32),
    OpSpec("elu", tf.elu, lambda x: np.where(x >= 0, x, np.expm1(x)), (M23,), F32),
    OpSpec("erf", tf.erf, np.vectorize(math.erf), (M23,), F32, low=-3, high=3),
    OpSpec("erf", tf.erf, np.vectorize(math.erf), (I23,), F32, low=-3, high=3, id_suffix="int32"),
    *_float_and_int("expm1", tf.expm1, np.expm1),
    OpSpec("floor", tf.floor, np.floor, (M23,), F32),
    OpSpec("is_finite", tf.is_finite, np.isfinite, (M23,), BOOL),
    OpSpec("is_finite", tf.is_finite, np.isfinite, (I23,), BOOL, id_suffix="int32"),
    OpSpec("is_inf", tf.is_inf, np.isinf, (M23,), BOOL),
    OpSpec("is_inf", tf.is_inf, np.isinf, (I23,), BOOL, id_suffix="int32"),
    OpSpec("is_nan", tf.is_nan, np.isnan, (M23,), BOOL),
    OpSpec("is_nan", tf.is_nan, np.isnan, (B23,), BOOL, id_suffix="bool"),
    OpSpec("leaky_relu", tf.leaky_relu, lambda x: _leaky(x, 0.2), (M23,), F32),
    OpSpec(
        "leaky_relu",
        lambda x: tf.leaky_relu(x, 0.5),
        lambda x: _leaky(x, 0.5),
        (I23,),
        F32,
        id_suffix="int32-alpha",
    ),
    OpSpec(
        "leaky_relu",
        lambda x: tf.leaky_relu(x, 0.5),
        lambda x: _leaky(x, 0.5),
        (M23,),
        F32,
        id_suffix="alpha",
    ),
    *_float_and_int("log1p", tf.log1p, np.log1p, low=0, high=100),
    OpSpec("log_sigmoid", tf.log_sigmoid, lambda x: -_softplus(-x), (M23,), F32, low=-20, high=20),
    # TF.js's -softplus(-x) on int32 truncates softplus into an Int32Array.
    OpSpec("log_sigmoid", tf.log_sigmoid, lambda x: -np.trunc(_softplus(-x)), (I23,), I32, id_suffix="int32"),
    OpSpec("prelu", tf.prelu, _leaky, (M23, V3), F32, id_suffix="broadcast"),
    OpSpec("prelu", tf.prelu, _leaky, (I23, V3), F32, id_suffix="int32"),
    # alpha's gradient is summed over the axes it broadcasts along.
    OpSpec("prelu", tf.prelu, _leaky, (M23, M23), F32, id_suffix="same-shape"),
    OpSpec("prelu", tf.prelu, _leaky, (M23, ((), F32)), F32, id_suffix="scalar-alpha"),
    OpSpec("prelu", tf.prelu, _leaky, (M23, ((2, 1), F32)), F32, id_suffix="column-alpha"),
    OpSpec("reciprocal", tf.reciprocal, np.reciprocal, (M23,), F32),
    OpSpec("reciprocal", tf.reciprocal, np.reciprocal, (I23,), I32, low=1, high=5, id_suffix="int32"),
    *_float_and_int("relu6", tf.relu6, lambda x: np.clip(x, 0, 6), low=-10, high=10),
    *_float_and_int("round", tf.round, np.round),
    OpSpec("rsqrt", tf.rsqrt, lambda x: 1 / np.sqrt(x), (M23,), F32, low=0.01, high=100),
    *_float_and_int("selu", tf.selu, _selu),
    OpSpec("sigmoid", tf.sigmoid, lambda x: 1 / (1 + np.exp(-x)), (M23,), F32, low=-20, high=20),
    *_float_and_int("sign", tf.sign, np.sign),
    OpSpec("sign", tf.sign, np.sign, (B23,), BOOL, id_suffix="bool"),
    OpSpec("sin", tf.sin, np.sin, (M23,), F32, low=-10, high=10),
    *_float_and_int("sinh", tf.sinh, np.sinh),
    *_float_and_int("softplus", tf.softplus, _softplus, low=-20, high=20),
    *_float_and_int("step", tf.step, lambda x: np.where(x > 0, 1, 0)),
    OpSpec(
        "step",
        lambda x: tf.step(x, -0.5),
        lambda x: np.where(x > 0, 1, -0.5),
        (M23,),
        F32,
        id_suffix="alpha",
    ),
    OpSpec("tan", tf.tan, np.tan, (M23,), F32, low=-1.5, high=1.5),
    OpSpec("tanh", tf.tanh, np.tanh, (M23,), F32),
]
