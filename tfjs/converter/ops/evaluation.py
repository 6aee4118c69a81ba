"""Search, top-k and unique TF ops (TF.js's evaluation executor). TopKV2, Unique and
UniqueV2 have two outputs (values, indices)."""

from __future__ import annotations

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops._values import HostInput, number


@tf_op("LowerBound")
def lower_bound(sorted_inputs, values):
    return ops.lower_bound(sorted_inputs, values)


@tf_op("UpperBound")
def upper_bound(sorted_inputs, values):
    return ops.upper_bound(sorted_inputs, values)


@tf_op("TopKV2")
def top_k(input, k: HostInput, *, sorted=True):  # noqa: A002
    values, indices = ops.topk(input, number(k), sorted)
    return [values, indices]


@tf_op("Unique")
def unique(x):
    values, indices = ops.unique(x)
    return [values, indices]


@tf_op("UniqueV2")
def unique_v2(x, axis: HostInput):
    values, indices = ops.unique(x, number(axis))
    return [values, indices]
