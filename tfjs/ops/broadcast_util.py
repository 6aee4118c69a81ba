"""TF.js's broadcasting rules (the same as NumPy's), with TF.js's error."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs.backend_util.value_checks import broadcast_error


def assert_and_get_broadcast_shape(a: Sequence[int], b: Sequence[int], op_name: str) -> tuple[int, ...]:
    """The shape `a` and `b` broadcast to, or a ValueError naming both shapes."""
    rank = max(len(a), len(b))
    padded_a = (1,) * (rank - len(a)) + tuple(a)
    padded_b = (1,) * (rank - len(b)) + tuple(b)
    result = []
    for dim_a, dim_b in zip(padded_a, padded_b, strict=True):
        if dim_a == dim_b or dim_b == 1:
            result.append(dim_a)
        elif dim_a == 1:
            result.append(dim_b)
        else:
            raise broadcast_error(op_name, a, b)
    return tuple(result)


def reduction_axes(in_shape: Sequence[int], out_shape: Sequence[int]) -> list[int]:
    """The axes of `out_shape` that broadcasting `in_shape` to it stretched (TF.js's
    getReductionAxes): a gradient is summed over them to get back to `in_shape`."""
    offset = len(out_shape) - len(in_shape)
    return [
        axis
        for axis, out_dim in enumerate(out_shape)
        if axis < offset or (in_shape[axis - offset] == 1 and out_dim > 1)
    ]


def sum_to_shape(dy: Any, shape: Sequence[int]) -> Any:
    """`dy` (of a broadcast result's shape) summed back to an input's `shape`."""
    from tfjs import ops

    axes = reduction_axes(shape, dy.shape)
    return ops.reshape(ops.sum(dy, axes) if axes else dy, list(shape))
