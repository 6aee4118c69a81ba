"""Operations / Convolution (pooling): avg_pool, max_pool, avg_pool3d, max_pool3d,
max_pool_with_argmax, pool. The reference pools one output position at a time."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec


def _geometry(
    spatial: Sequence[int], window: Sequence[int], strides: Sequence[int], dilation: Sequence[int], pad: str
) -> tuple[list[int], list[int]]:
    """Each spatial dimension's output size and pad before, for 'valid' or 'same'."""
    out, before = [], []
    for n, f, s, d in zip(spatial, window, strides, dilation, strict=True):
        extent = (f - 1) * d + 1
        if pad == "valid":
            out.append(math.ceil((n - extent + 1) / s))
            before.append(0)
        else:
            size = math.ceil(n / s)
            out.append(size)
            before.append(max(0, (size - 1) * s + extent - n) // 2)
    return out, before


def _window_ids(
    o: Sequence[int],
    spatial: Sequence[int],
    window: Sequence[int],
    strides: Sequence[int],
    dilation: Sequence[int],
    before: Sequence[int],
) -> list[list[int]]:
    """The input positions a window covers, per spatial dimension (pads left out)."""
    ids = []
    for i, n, f, s, d, p in zip(o, spatial, window, strides, dilation, before, strict=True):
        ids.append([i * s - p + k * d for k in range(f) if 0 <= i * s - p + k * d < n])
    return ids


def pool_reference(
    x: np.ndarray,
    window: Sequence[int],
    strides: Sequence[int],
    pad: str,
    mode: str,
    dilation: Sequence[int] | None = None,
) -> np.ndarray:
    """Average (over the positions inside the input) or NaN-ignoring maximum of each window
    of `x` ([batch, *spatial, channels])."""
    dilation = dilation or [1] * len(window)
    spatial = x.shape[1:-1]
    out, before = _geometry(spatial, window, strides, dilation, pad)
    result = np.empty((x.shape[0], *out, x.shape[-1]))
    for o in np.ndindex(*out):
        values = x
        for axis, ids in enumerate(_window_ids(o, spatial, window, strides, dilation, before)):
            values = np.take(values, ids, axis=axis + 1)
        values = values.reshape(x.shape[0], -1, x.shape[-1])
        if mode == "avg":
            result[(slice(None), *o)] = values.mean(axis=1)
        else:
            numbers = np.where(np.isnan(values), -np.inf, values)
            result[(slice(None), *o)] = numbers.max(axis=1, initial=-np.inf)
    return result


def argmax_reference(
    x: np.ndarray, window: Sequence[int], strides: Sequence[int], pad: str, include_batch: bool
) -> np.ndarray:
    """The flat input index of each window's first maximum."""
    batch, height, width, channels = x.shape
    out, before = _geometry((height, width), window, strides, (1, 1), pad)
    result = np.empty((batch, *out, channels), dtype=np.int64)
    for b, oh, ow, c in np.ndindex(batch, *out, channels):
        rows, cols = _window_ids((oh, ow), (height, width), window, strides, (1, 1), before)
        best, where = -np.inf, -1
        for row in rows:
            for col in cols:
                if x[b, row, col, c] > best:
                    best, where = x[b, row, col, c], (row * width + col) * channels + c
        result[b, oh, ow, c] = where + (b * height * width * channels if include_batch else 0)
    return result


X4 = (((2, 7, 7, 3), F32),)
X5 = (((1, 4, 5, 6, 2), F32),)

SPECS: list[OpSpec] = [
    OpSpec(
        "avg_pool",
        lambda x: tf.avg_pool(x, 3, 2, "same"),
        lambda x: pool_reference(x, (3, 3), (2, 2), "same", "avg"),
        X4,
        F32,
    ),
    OpSpec(
        "avg_pool",
        lambda x: tf.avg_pool(x, [2, 3], [1, 2], "valid"),
        lambda x: pool_reference(x, (2, 3), (1, 2), "valid", "avg"),
        X4,
        F32,
        id_suffix="valid-rect",
    ),
    OpSpec(
        "max_pool",
        lambda x: tf.max_pool(x, 3, 2, "same"),
        lambda x: pool_reference(x, (3, 3), (2, 2), "same", "max"),
        X4,
        F32,
    ),
    OpSpec(
        "max_pool",
        lambda x: tf.max_pool(x, [2, 2], [2, 1], "valid"),
        lambda x: pool_reference(x, (2, 2), (2, 1), "valid", "max"),
        (((2, 6, 5, 3), I32),),
        I32,
        id_suffix="int32",
    ),
    OpSpec(
        "avg_pool3d",
        lambda x: tf.avg_pool3d(x, 2, 2, "same"),
        lambda x: pool_reference(x, (2, 2, 2), (2, 2, 2), "same", "avg"),
        X5,
        F32,
    ),
    OpSpec(
        "max_pool3d",
        lambda x: tf.max_pool3d(x, [2, 3, 2], 1, "valid"),
        lambda x: pool_reference(x, (2, 3, 2), (1, 1, 1), "valid", "max"),
        X5,
        F32,
    ),
    OpSpec(
        "max_pool3d",
        lambda x: tf.max_pool3d(x, 2, [1, 2, 2], "same"),
        lambda x: pool_reference(x, (2, 2, 2), (1, 2, 2), "same", "max"),
        (((1, 4, 5, 6, 2), I32),),
        F32,
        id_suffix="int32",
    ),
    OpSpec(
        "max_pool_with_argmax",
        lambda x: tf.max_pool_with_argmax(x, 3, 2, "same").result,
        lambda x: pool_reference(x, (3, 3), (2, 2), "same", "max"),
        X4,
        F32,
    ),
    OpSpec(
        "max_pool_with_argmax",
        lambda x: tf.max_pool_with_argmax(x, 3, 2, "same", True).indexes,
        lambda x: argmax_reference(x, (3, 3), (2, 2), "same", True),
        X4,
        I32,
        id_suffix="indexes-batch",
    ),
    OpSpec(
        "max_pool_with_argmax",
        lambda x: tf.max_pool_with_argmax(x, [2, 3], [1, 2], "valid").indexes,
        lambda x: argmax_reference(x, (2, 3), (1, 2), "valid", False),
        X4,
        I32,
        id_suffix="indexes",
    ),
    OpSpec(
        "pool",
        lambda x: tf.pool(x, 3, "avg", "same", 1, 2),
        lambda x: pool_reference(x, (3, 3), (2, 2), "same", "avg"),
        X4,
        F32,
    ),
    OpSpec(
        "pool",
        lambda x: tf.pool(x, 2, "max", "valid", [2, 3]),
        lambda x: pool_reference(x, (2, 2), (1, 1), "valid", "max", (2, 3)),
        X4,
        F32,
        id_suffix="dilated-max",
    ),
    OpSpec(
        "pool",
        lambda x: tf.pool(x, [3, 2], "avg", "valid", 2),
        lambda x: pool_reference(x, (3, 2), (1, 1), "valid", "avg", (2, 2)),
        X4,
        F32,
        id_suffix="dilated-avg",
    ),
]
