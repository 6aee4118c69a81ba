"""Tensor creation and random TF ops (TF.js's creation executor).

Shapes, sizes and scalars that a node takes as inputs (Fill's shape and value, Range's
bounds, OneHot's depth...) are read from those tensors' values, as TF.js's
getParamValue reads its "number" and "number[]" inputs. Dtypes are the nodes'
attributes as TF.js reads them: Fill, OneHot, Ones and Zeros from `T`, the random ops
from `dtype`, Range from `Tidx`; OnesLike and ZerosLike keep the input's."""

from __future__ import annotations

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops._values import HostInput, nested, number


@tf_op("Fill")
def fill(shape: HostInput, value: HostInput, *, T=None):
    return ops.fill(nested(shape), number(value), T)


@tf_op("LinSpace")
def linspace(start: HostInput, stop: HostInput, num: HostInput):
    return ops.linspace(number(start), number(stop), number(num))


# TF.js passes the seed (seed2 is ignored) and leaves `output_dtype`: samples are int32.
@tf_op("Multinomial")
def multinomial(logits, num_samples: HostInput, *, seed=0):
    return ops.multinomial(logits, number(num_samples), seed)


# OneHot's `axis` is not read: the one-hot dimension is always the last, as in TF.js.
@tf_op("OneHot")
def one_hot(indices, depth: HostInput, on_value: HostInput, off_value: HostInput, *, T="int32"):
    return ops.one_hot(indices, number(depth), number(on_value), number(off_value), T)


@tf_op("Ones")
def ones(shape: HostInput, *, T="float32"):
    return ops.ones(nested(shape), T)


@tf_op("OnesLike")
def ones_like(x):
    return ops.ones_like(x)


@tf_op("Zeros")
def zeros(shape: HostInput, *, T="float32"):
    return ops.zeros(nested(shape), T)


@tf_op("ZerosLike")
def zeros_like(x):
    return ops.zeros_like(x)


@tf_op("RandomStandardNormal")
def random_standard_normal(shape: HostInput, *, dtype=None, seed=0):
    return ops.random_standard_normal(nested(shape), dtype, seed)


# TF.js reads RandomUniform's seed but does not pass it: each run draws new values.
@tf_op("RandomUniform")
def random_uniform(shape: HostInput, *, minval=0, maxval=1, dtype="float32"):
    return ops.random_uniform(nested(shape), minval, maxval, dtype)


@tf_op("RandomUniformInt")
def random_uniform_int(shape: HostInput, *, minval=0, maxval=0, seed=0):
    return ops.random_uniform_int(nested(shape), minval, maxval, seed)


# TF.js reads the mean from an attribute `means` that TF's op does not have: it is 0.
@tf_op("TruncatedNormal")
def truncated_normal(shape: HostInput, *, means=0, stddev=1, dtype=None, seed=0):
    return ops.truncated_normal(nested(shape), means, stddev, dtype, seed)


@tf_op("Range")
def range_(start: HostInput, limit: HostInput, delta: HostInput, *, Tidx="float32"):
    return ops.range(number(start), number(limit), number(delta), Tidx)
