"""Mappers of TF.js's `arithmetic` category: element-wise binary ops with broadcasting."""

from __future__ import annotations

import tfjs as tf
from tfjs import ops
from tfjs.converter.op_registry import tf_op


@tf_op("Add", "AddV2")
def add(a, b):
    return ops.add(a, b)


_CHANNELS_LAST = ("NHWC", "NDHWC", "NWC", "NC")
_CHANNELS_FIRST = ("NCHW", "NCDHW", "NCW")


@tf_op("BiasAdd")
def bias_add(a, b, *, data_format="NHWC"):
    """TF.js adds the bias as is (broadcast on the last axis) and ignores `data_format`;
    a channels-first graph ("NCHW") gets its bias on axis 1, as TensorFlow adds it."""
    if data_format in _CHANNELS_FIRST and a.rank >= 3:
        return tf.tidy(lambda: ops.add(a, ops.reshape(b, [-1] + [1] * (a.rank - 2))))
    if data_format not in _CHANNELS_LAST + _CHANNELS_FIRST:
        raise ValueError(f"BiasAdd: unknown data_format {data_format!r} (expected 'NHWC' or 'NCHW')")
    return ops.add(a, b)


@tf_op("AddN")
def add_n(*tensors):
    return ops.add_n(list(tensors))


@tf_op("FloorMod", "Mod")
def mod(a, b):
    # TF.js runs both as its floor-mod `mod` (TF's `Mod` truncates for negative operands).
    return ops.mod(a, b)


@tf_op("Mul")
def mul(a, b):
    return ops.mul(a, b)


@tf_op("RealDiv", "Div")
def div(a, b):
    return ops.div(a, b)


@tf_op("DivNoNan")
def div_no_nan(a, b):
    return ops.div_no_nan(a, b)


@tf_op("FloorDiv")
def floor_div(a, b):
    # TF.js's FloorDiv answers int32 whatever the inputs' dtype.
    return ops.floor_div(a, b)


@tf_op("Sub")
def sub(a, b):
    return ops.sub(a, b)


@tf_op("Minimum")
def minimum(a, b):
    return ops.minimum(a, b)


@tf_op("Maximum")
def maximum(a, b):
    return ops.maximum(a, b)


@tf_op("Pow")
def pow_(a, b):
    return ops.pow(a, b)


@tf_op("SquaredDifference")
def squared_difference(a, b):
    return ops.squared_difference(a, b)
