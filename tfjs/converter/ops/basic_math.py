"""Mappers of TF.js's `basic_math` category: unary math, activations, complex parts."""

from __future__ import annotations

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops._values import HostInput, number


def _unary(tf_name, op):
    def mapper(x):
        return op(x)

    mapper.__name__ = mapper.__qualname__ = f"map_{tf_name}"
    mapper.__module__ = __name__
    tf_op(tf_name)(mapper)


# The TF ops TF.js runs as one op of the same input: TF name -> the op.
for _tf_name, _op in {
    "Abs": ops.abs,
    "ComplexAbs": ops.abs,
    "Acos": ops.acos,
    "Acosh": ops.acosh,
    "Asin": ops.asin,
    "Asinh": ops.asinh,
    "Atan": ops.atan,
    "Atanh": ops.atanh,
    "Ceil": ops.ceil,
    "Cos": ops.cos,
    "Cosh": ops.cosh,
    "Elu": ops.elu,
    "Erf": ops.erf,
    "Exp": ops.exp,
    "Expm1": ops.expm1,
    "Floor": ops.floor,
    "Log": ops.log,
    "Log1p": ops.log1p,
    "Imag": ops.imag,
    "Neg": ops.neg,
    "Reciprocal": ops.reciprocal,
    "Real": ops.real,
    "Relu": ops.relu,
    "Relu6": ops.relu6,
    "Round": ops.round,
    "Rsqrt": ops.rsqrt,
    "Selu": ops.selu,
    "Sigmoid": ops.sigmoid,
    "Sign": ops.sign,
    "Sin": ops.sin,
    "Sinh": ops.sinh,
    "Softplus": ops.softplus,
    "Sqrt": ops.sqrt,
    "Square": ops.square,
    "Tan": ops.tan,
    "Tanh": ops.tanh,
    "IsNan": ops.is_nan,
    "IsInf": ops.is_inf,
    "IsFinite": ops.is_finite,
}.items():
    _unary(_tf_name, _op)


@tf_op("Atan2")
def atan2(x, y):
    # TF's Atan2(y, x): the first input over the second, as ops.atan2(a, b) computes it.
    return ops.atan2(x, y)


@tf_op("Complex")
def complex_(real, imag):
    return ops.complex(real, imag)


@tf_op("ClipByValue")
def clip_by_value(x, clip_value_min: HostInput, clip_value_max: HostInput):
    return ops.clip_by_value(x, number(clip_value_min), number(clip_value_max))


@tf_op("LeakyRelu")
def leaky_relu(x, *, alpha=0.2):
    return ops.leaky_relu(x, alpha)


@tf_op("Prelu")
def prelu(x, alpha):
    return ops.prelu(x, alpha)
