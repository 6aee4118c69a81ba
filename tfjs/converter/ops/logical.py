"""Mappers of TF.js's `logical` category: comparisons, boolean logic, select."""

from __future__ import annotations

import tfjs as tf
from tfjs import ops
from tfjs.converter.op_registry import tf_op


@tf_op("Equal")
def equal(a, b):
    return ops.equal(a, b)


@tf_op("NotEqual")
def not_equal(a, b):
    return ops.not_equal(a, b)


@tf_op("Greater")
def greater(a, b):
    return ops.greater(a, b)


@tf_op("GreaterEqual")
def greater_equal(a, b):
    return ops.greater_equal(a, b)


@tf_op("Less")
def less(a, b):
    return ops.less(a, b)


@tf_op("LessEqual")
def less_equal(a, b):
    return ops.less_equal(a, b)


@tf_op("LogicalAnd")
def logical_and(a, b):
    return ops.logical_and(a, b)


@tf_op("LogicalNot")
def logical_not(a):
    return ops.logical_not(a)


@tf_op("LogicalOr")
def logical_or(a, b):
    return ops.logical_or(a, b)


@tf_op("Select")
def select(condition, a, b):
    """TF's Select (v1): a vector condition picks whole rows of `a` and `b` (TF.js
    broadcasts it against their last axis instead, or fails when the sizes differ)."""
    if condition.rank == 1 and a.rank > 1:
        return tf.tidy(lambda: ops.where(ops.reshape(condition, [-1] + [1] * (a.rank - 1)), a, b))
    return ops.where(condition, a, b)


@tf_op("SelectV2")
def select_v2(condition, a, b):
    return ops.where(condition, a, b)


@tf_op("BitwiseAnd")
def bitwise_and(x, y):
    return ops.bitwise_and(x, y)
