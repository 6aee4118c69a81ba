"""Tensor creation and random TF ops (TF.js's creation executor).

Shapes, sizes and scalars that a node takes as inputs (Fill's shape and value, Range's
bounds, OneHot's depth...) are read from those tensors' values, as TF.js's
getParamValue reads its "number" and "number[]" inputs. Dtypes are the nodes'
attributes as TF.js reads them: Fill, OneHot, Ones and Zeros from `T`, the random ops
from `dtype`, Range from `Tidx`; OnesLike and ZerosLike keep the input's."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.converter.op_registry import tf_op


def scalar_value(t: Any) -> Any:
    """The first value of a tensor (TF.js's "number" input: `dataSync()[0]`)."""
    value = t.data_sync()[0]
    return value.item() if hasattr(value, "item") else value


def nested_values(t: Any) -> Any:
    """A tensor's values as nested lists (TF.js's "number[]" input: toNestedArray)."""
    return t.array_sync()


@tf_op("Fill")
def fill(shape, value, *, T=None):
    return ops.fill(nested_values(shape), scalar_value(value), T)


@tf_op("LinSpace")
def linspace(start, stop, num):
    return ops.linspace(scalar_value(start), scalar_value(stop), scalar_value(num))


# TF.js passes the seed (seed2 is ignored) and leaves `output_dtype`: samples are int32.
@tf_op("Multinomial")
def multinomial(logits, num_samples, *, seed=0):
    return ops.multinomial(logits, scalar_value(num_samples), seed)


# OneHot's `axis` is not read: the one-hot dimension is always the last, as in TF.js.
@tf_op("OneHot")
def one_hot(indices, depth, on_value, off_value, *, T="int32"):
    return ops.one_hot(indices, scalar_value(depth), scalar_value(on_value), scalar_value(off_value), T)


@tf_op("Ones")
def ones(shape, *, T="float32"):
    return ops.ones(nested_values(shape), T)


@tf_op("OnesLike")
def ones_like(x):
    return ops.ones_like(x)


@tf_op("Zeros")
def zeros(shape, *, T="float32"):
    return ops.zeros(nested_values(shape), T)


@tf_op("ZerosLike")
def zeros_like(x):
    return ops.zeros_like(x)


@tf_op("RandomStandardNormal")
def random_standard_normal(shape, *, dtype=None, seed=0):
    return ops.random_standard_normal(nested_values(shape), dtype, seed)


# TF.js reads RandomUniform's seed but does not pass it: each run draws new values.
@tf_op("RandomUniform")
def random_uniform(shape, *, minval=0, maxval=1, dtype="float32"):
    return ops.random_uniform(nested_values(shape), minval, maxval, dtype)


@tf_op("RandomUniformInt")
def random_uniform_int(shape, *, minval=0, maxval=0, seed=0):
    return ops.random_uniform_int(nested_values(shape), minval, maxval, seed)


# TF.js reads the mean from an attribute `means` that TF's op does not have: it is 0.
@tf_op("TruncatedNormal")
def truncated_normal(shape, *, means=0, stddev=1, dtype=None, seed=0):
    return ops.truncated_normal(nested_values(shape), means, stddev, dtype, seed)


@tf_op("Range")
def range_(start, limit, delta, *, Tidx="float32"):
    return ops.range(scalar_value(start), scalar_value(limit), scalar_value(delta), Tidx)
