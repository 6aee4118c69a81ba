"""Shorthands the Python cases share (the JavaScript cases get the same from record_tfjs.js)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import tfjs as tf

nan, inf = math.nan, math.inf
r = range


def i32(values: Sequence, shape: Sequence[int] | None = None) -> tf.Tensor:
    """An int32 tensor (1-D unless `shape` says otherwise)."""
    return tf.tensor(values, shape if shape is not None else [len(values)], "int32")
