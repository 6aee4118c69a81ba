"""Argument checks that space_to_batch_nd and batch_to_space_nd share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


def check_block_shape(block_shape: Sequence[int], op_name: str) -> tuple[int, ...]:
    """`block_shape` as a tuple of positive ints."""
    if not isinstance(block_shape, (list, tuple, np.ndarray)) or any(
        isinstance(b, bool) or not isinstance(b, (int, np.integer)) or b < 1 for b in block_shape
    ):
        raise ValueError(f"{op_name}: block_shape must be a list of positive integers, got {block_shape!r}")
    return tuple(int(b) for b in block_shape)


def check_pairs(pairs: Any, count: int, arg_name: str, op_name: str) -> tuple[tuple[int, int], ...]:
    """`pairs` (crops or paddings) as `count` (start, end) pairs of non-negative ints;
    the caller has checked there are `count` of them."""
    result = []
    for i, pair in enumerate(pairs[:count]):
        if (
            not isinstance(pair, (list, tuple, np.ndarray))
            or len(pair) != 2
            or any(isinstance(p, bool) or not isinstance(p, (int, np.integer)) or p < 0 for p in pair)
        ):
            raise ValueError(
                f"{op_name}: {arg_name}[{i}] must be a pair of non-negative integers, got {_list(pair)}"
            )
        result.append((int(pair[0]), int(pair[1])))
    return tuple(result)


def js_join(values: Any) -> str:
    """A (nested) list as JavaScript's `String(array)` writes it: `1,2,3,4`."""
    if isinstance(values, (list, tuple, np.ndarray)):
        return ",".join(js_join(v) for v in values)
    return str(values.item() if isinstance(values, np.generic) else values)


def _list(value: Any) -> str:
    return repr(value.tolist() if isinstance(value, np.ndarray) else value)
