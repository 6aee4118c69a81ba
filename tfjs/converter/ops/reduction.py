"""Mappers of TF.js's `reduction` category: reductions over an axis input, arg max/min,
cumulative sums and products, bincounts."""

from __future__ import annotations

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops.basic_math import scalar_input
from tfjs.tensor import Tensor


def axes_input(value):
    """A `number[]` input of TF.js's op list (a reduction's axes): a scalar tensor as one
    int, a 1-D tensor as a list of ints (an empty one: reduce over no axis)."""
    if isinstance(value, Tensor):
        array = value.array_sync()
        return [int(a) for a in array] if isinstance(array, list) else int(array)
    return value


def int_input(value):
    """A `number` input that must be an integer (an axis, a size)."""
    number = scalar_input(value)
    if isinstance(number, float) and not number.is_integer():
        raise ValueError(f"expected an integer input, got {number}")
    return int(number)


@tf_op("Max")
def max_(x, axis, *, keep_dims=False):
    return ops.max(x, axes_input(axis), keep_dims)


@tf_op("Mean")
def mean(x, axis, *, keep_dims=False):
    return ops.mean(x, axes_input(axis), keep_dims)


@tf_op("Min")
def min_(x, axis, *, keep_dims=False):
    return ops.min(x, axes_input(axis), keep_dims)


@tf_op("Sum")
def sum_(x, axis, *, keep_dims=False):
    return ops.sum(x, axes_input(axis), keep_dims)


@tf_op("All")
def all_(x, axis, *, keep_dims=False):
    return ops.all(x, axes_input(axis), keep_dims)


@tf_op("Any")
def any_(x, axis, *, keep_dims=False):
    return ops.any(x, axes_input(axis), keep_dims)


@tf_op("Prod")
def prod(x, axis, *, keep_dims=False):
    return ops.prod(x, axes_input(axis), keep_dims)


@tf_op("ArgMax")
def arg_max(x, axis):
    return ops.arg_max(x, int_input(axis))


@tf_op("ArgMin")
def arg_min(x, axis):
    return ops.arg_min(x, int_input(axis))


@tf_op("Cumprod")
def cumprod(x, axis, *, exclusive=False, reverse=False):
    return ops.cumprod(x, int_input(axis), exclusive, reverse)


@tf_op("Cumsum")
def cumsum(x, axis, *, exclusive=False, reverse=False):
    return ops.cumsum(x, int_input(axis), exclusive, reverse)


@tf_op("Bincount")
def bincount(x, size, weights):
    # TF's input order is (arr, size, weights); an empty `weights` counts ones.
    return ops.bincount(x, weights, int_input(size))


@tf_op("DenseBincount")
def dense_bincount(x, size, weights, *, binary_output=False):
    return ops.dense_bincount(x, weights, int_input(size), binary_output)
