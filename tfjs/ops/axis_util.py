"""Axis arguments as TF.js parses them."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def parse_axis_param(axis: int | Sequence[int] | None, shape: Sequence[int], op_name: str) -> tuple[int, ...]:
    """`axis` (None for all, an int, or a list) as sorted non-negative axes of `shape`."""
    rank = len(shape)
    if axis is None:
        return tuple(range(rank))
    axes = [axis] if isinstance(axis, (int, np.integer)) else axis
    if not isinstance(axes, (list, tuple)) or any(
        isinstance(a, bool) or not isinstance(a, (int, np.integer)) for a in axes
    ):
        raise TypeError(f"{op_name}: axis must be an int, a list of ints or None, got {axis!r}")
    for a in axes:
        if not -rank <= a < rank:
            raise ValueError(
                f"{op_name}: All values in axis param must be in range [-{rank}, {rank}) but got axis {a}"
            )
    resolved = [int(a) % rank if rank else 0 for a in axes]
    if len(set(resolved)) != len(resolved):
        raise ValueError(f"{op_name}: axis {list(axes)} names a dimension more than once")
    return tuple(sorted(resolved))
