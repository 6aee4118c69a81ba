"""Mappers of TF.js's `reduction` category: reductions over an axis input, arg max/min,
cumulative sums and products, bincounts."""

from __future__ import annotations

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops._values import HostInput, integer, nested_ints


@tf_op("Max")
def max_(x, axis: HostInput, *, keep_dims=False):
    return ops.max(x, nested_ints(axis), keep_dims)


@tf_op("Mean")
def mean(x, axis: HostInput, *, keep_dims=False):
    return ops.mean(x, nested_ints(axis), keep_dims)


@tf_op("Min")
def min_(x, axis: HostInput, *, keep_dims=False):
    return ops.min(x, nested_ints(axis), keep_dims)


@tf_op("Sum")
def sum_(x, axis: HostInput, *, keep_dims=False):
    return ops.sum(x, nested_ints(axis), keep_dims)


@tf_op("All")
def all_(x, axis: HostInput, *, keep_dims=False):
    return ops.all(x, nested_ints(axis), keep_dims)


@tf_op("Any")
def any_(x, axis: HostInput, *, keep_dims=False):
    return ops.any(x, nested_ints(axis), keep_dims)


@tf_op("Prod")
def prod(x, axis: HostInput, *, keep_dims=False):
    return ops.prod(x, nested_ints(axis), keep_dims)


@tf_op("ArgMax")
def arg_max(x, axis: HostInput):
    return ops.arg_max(x, integer(axis))


@tf_op("ArgMin")
def arg_min(x, axis: HostInput):
    return ops.arg_min(x, integer(axis))


@tf_op("Cumprod")
def cumprod(x, axis: HostInput, *, exclusive=False, reverse=False):
    return ops.cumprod(x, integer(axis), exclusive, reverse)


@tf_op("Cumsum")
def cumsum(x, axis: HostInput, *, exclusive=False, reverse=False):
    return ops.cumsum(x, integer(axis), exclusive, reverse)


@tf_op("Bincount")
def bincount(x, size: HostInput, weights):
    # TF's input order is (arr, size, weights); an empty `weights` counts ones.
    return ops.bincount(x, weights, integer(size))


@tf_op("DenseBincount")
def dense_bincount(x, size: HostInput, weights, *, binary_output=False):
    return ops.dense_bincount(x, weights, integer(size), binary_output)
