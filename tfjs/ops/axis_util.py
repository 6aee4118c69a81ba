"""Axis arguments as TF.js parses them."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.tensor_format import js_list


def parse_first_axis(axis: int | Sequence[int] | None, shape: Sequence[int], op_name: str) -> int:
    """TF.js's `parseAxisParam(axis, shape)[0]`: the one axis of an op that takes one
    (the first named; for None, axis 0).

    >>> parse_first_axis(-1, [2, 3], "op")
    1
    """
    axes = parse_axis_param(axis, shape, op_name)
    if not axes:
        raise ValueError(f"{op_name}: axis {axis!r} names no axis of a tensor of shape {list(shape)}")
    return axes[0]


def parse_axis_param(axis: int | Sequence[int] | None, shape: Sequence[int], op_name: str) -> list[int]:
    """TF.js's parseAxisParam: `axis` (None for all, an int or a list) as non-negative axes
    of `shape`, in the order given (repeats kept).

    >>> parse_axis_param([-1, 0], [2, 3], "op")
    [1, 0]
    """
    rank = len(shape)
    if axis is None:
        return list(range(rank))
    if type(axis) is int and -rank <= axis < rank:  # the common case, quickly
        return [axis + rank if axis < 0 else axis]
    axes = list(axis) if isinstance(axis, (list, tuple, np.ndarray)) else [axis]
    numbers = all(
        isinstance(a, (int, float, np.integer, np.floating)) and not isinstance(a, (bool, np.bool_))
        for a in axes
    )
    if not numbers:
        raise TypeError(f"{op_name}: axis must be an integer or a list of integers, got {axis!r}")
    if not all(-rank <= a < rank for a in axes):
        raise ValueError(
            f"{op_name}: All values in axis param must be in range [-{rank}, {rank}) "
            f"but got axis {js_list(axes)}"
        )
    if not all(float(a).is_integer() for a in axes):
        raise TypeError(f"{op_name}: All values in axis param must be integers but got axis {js_list(axes)}")
    return [int(a) + rank if a < 0 else int(a) for a in axes]


def reduction_axes(axis: int | Sequence[int] | None, shape: Sequence[int], op_name: str) -> tuple[int, ...]:
    """The axes a reduction runs over: parsed as TF.js parses them, each named once, sorted."""
    axes = parse_axis_param(axis, shape, op_name)
    if len(set(axes)) != len(axes):
        given = list(axis) if isinstance(axis, (list, tuple, np.ndarray)) else axis
        raise ValueError(f"{op_name}: axis {given} names a dimension more than once")
    return tuple(sorted(axes))
