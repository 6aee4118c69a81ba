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


def _row(name, args, reference, suffix="", inputs=X4, dtype=F32, output=None, differentiable=True) -> OpSpec:
    """tf.<name>(x, *args) (its `output` field) against `reference(x)`."""
    op = getattr(tf, name)

    def run(x):
        result = op(x, *args)
        return result if output is None else getattr(result, output)

    return OpSpec(name, run, reference, inputs, dtype, id_suffix=suffix, differentiable=differentiable)


def _pooled(*args):
    """pool_reference with these arguments after x."""
    return lambda x: pool_reference(x, *args)


def _argmax(*args):
    """argmax_reference with these arguments after x."""
    return lambda x: argmax_reference(x, *args)


I4 = (((2, 6, 5, 3), I32),)
X4_EVEN = (((2, 8, 6, 3), F32),)  # 2x2 windows at stride 2 'same': no padding
# TF.js's AvgPoolGrad and AvgPool3DGrad divide by the whole window size, pads included,
# though the forward average leaves pads out: where a window holds pads, its gradient is
# not the reference's derivative. Those rows are not differentiable; others cover avg.
PADDED_AVG = {"differentiable": False}
W232 = ((2, 3, 2), (1, 2, 1))
I5 = (((1, 4, 5, 6, 2), I32),)

SPECS: list[OpSpec] = [
    _row("avg_pool", (3, 2, "same"), _pooled((3, 3), (2, 2), "same", "avg"), **PADDED_AVG),
    _row("avg_pool", (2, 2, "same"), _pooled((2, 2), (2, 2), "same", "avg"), "same-unpadded", X4_EVEN),
    _row("avg_pool", (3, 2, 0), _pooled((3, 3), (2, 2), "valid", "avg"), "pad0-strided"),
    _row("avg_pool", ([2, 3], [1, 2], "valid"), _pooled((2, 3), (1, 2), "valid", "avg"), "valid-rect"),
    _row("max_pool", (3, 2, "same"), _pooled((3, 3), (2, 2), "same", "max")),
    _row("max_pool", ([2, 3], [1, 2], "valid"), _pooled((2, 3), (1, 2), "valid", "max"), "valid-overlapping"),
    _row("max_pool", ([2, 2], [2, 1], "valid"), _pooled((2, 2), (2, 1), "valid", "max"), "int32", I4, I32),
    _row("avg_pool3d", (2, 2, "same"), _pooled((2, 2, 2), (2, 2, 2), "same", "avg"), inputs=X5, **PADDED_AVG),
    _row("avg_pool3d", ([2, 3, 2], [1, 2, 1], "valid"), _pooled(*W232, "valid", "avg"), "valid", X5),
    _row("max_pool3d", ([2, 3, 2], 1, "valid"), _pooled((2, 3, 2), (1, 1, 1), "valid", "max"), inputs=X5),
    _row("max_pool3d", (3, 2, "same"), _pooled((3, 3, 3), (2, 2, 2), "same", "max"), "same", X5),
    _row("max_pool3d", (2, [1, 2, 2], "same"), _pooled((2, 2, 2), (1, 2, 2), "same", "max"), "int32", I5),
    _row("max_pool_with_argmax", (3, 2, "same"), _pooled((3, 3), (2, 2), "same", "max"), output="result"),
    _row(
        "max_pool_with_argmax",
        (3, 2, "same", True),
        _argmax((3, 3), (2, 2), "same", True),
        "indexes-batch",
        dtype=I32,
        output="indexes",
    ),
    _row(
        "max_pool_with_argmax",
        ([2, 3], [1, 2], "valid"),
        _argmax((2, 3), (1, 2), "valid", False),
        "indexes",
        dtype=I32,
        output="indexes",
    ),
    _row("pool", (3, "avg", "same", 1, 2), _pooled((3, 3), (2, 2), "same", "avg"), **PADDED_AVG),
    _row("pool", (3, "max", "same", 1, 2), _pooled((3, 3), (2, 2), "same", "max"), "max"),
    _row("pool", (2, "max", "valid", [2, 3]), _pooled((2, 2), (1, 1), "valid", "max", (2, 3)), "dilated-max"),
    _row("pool", ([3, 2], "avg", "valid", 2), _pooled((3, 2), (1, 1), "valid", "avg", (2, 2)), "dilated-avg"),
]
