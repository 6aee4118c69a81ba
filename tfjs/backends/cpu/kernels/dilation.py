"""Grayscale morphological dilation: Dilation2D and its gradients, Dilation2DBackpropInput
and Dilation2DBackpropFilter.

The gradients send each output's dy to the input position and filter tap of its
window's maximum: the first of equal maxima in TF.js's tap order (a strict '>', from
Number.MIN_SAFE_INTEGER, as the forward pass); a window with no tap inside the input
(or only NaN) sends it to the window's corner clamped at 0 (input) or to tap (0, 0)
(filter), as TF.js's loops do. The sums are float32 additions in TF.js's order (batch,
output row, output column, channel): np.add.at adds one term at a time in that order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.backend_util.conv_info import compute_dilation2d_info
from tfjs.backend_util.conv_types import Conv2DInfo
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.backends.cpu.kernels.conv_util import geometry, tap_windows
from tfjs.kernel_names import DILATION2D, DILATION2D_BACKPROP_FILTER, DILATION2D_BACKPROP_INPUT
from tfjs.kernel_registry import kernel, register_kernel

# TF.js starts every window's maximum at Number.MIN_SAFE_INTEGER: a window whose taps
# all fall outside the input (or are all NaN) keeps it.
_START = -9007199254740991.0


@kernel(DILATION2D, "cpu")
def dilation2d(
    backend: CpuBackend,
    x: Any,
    filter: Any,  # noqa: A002
    *,
    strides: int | Sequence[int],
    pad: Any,
    dilations: int | Sequence[int],
) -> TensorInfo:
    """The maximum over the window of x + filter, one pass per filter tap (kh*kw) over
    every output position; sums in float64 as TF.js's, stored once in x's dtype."""
    info = compute_dilation2d_info(x.shape, filter.shape, strides, pad, "NHWC", dilations)
    best = np.full(info.out_shape, _START)
    xv = backend.values(x).astype(np.float64)
    fv = backend.values(filter).astype(np.float64)
    with np.errstate(all="ignore"):
        if best.size and xv.size:
            for (h, w), out_idx, in_idx in tap_windows(geometry(info)):
                region = best[out_idx]
                value = xv[in_idx] + fv[h, w]
                # a strict '>' as TF.js's: NaN never wins, and the first of equal values
                # (-0 before +0) stays
                np.copyto(region, value, where=value > region)
        if x.dtype == "bool":
            return backend.make_output(dtypes.to_uint8_truth(best), "bool")
        return backend.make_output(best, x.dtype)


_Found = tuple[np.ndarray, np.ndarray]
_Positions = Callable[[Conv2DInfo, np.ndarray, np.ndarray, Sequence[int]], _Found]


def _backprop_kernel(wrt: str, positions: _Positions) -> Callable[..., TensorInfo]:
    """A gradient kernel of dilation2d (inputs x, filter and dy; dilation2d's attributes)
    with respect to the input `wrt` ("x" or "filter"), whose shape and dtype it has:
    `positions(info, best_h, best_w, shape)` gives where each output's maximum lies in the
    gradient (flat indices) and which of those exist."""

    def run(
        backend: CpuBackend,
        x: Any,
        filter: Any,  # noqa: A002
        dy: Any,
        *,
        strides: int | Sequence[int],
        pad: Any,
        dilations: int | Sequence[int],
    ) -> TensorInfo:
        info = compute_dilation2d_info(x.shape, filter.shape, strides, pad, "NHWC", dilations)
        best_h, best_w = _argmax_taps(backend.values(x), backend.values(filter), info)
        target = x if wrt == "x" else filter
        flat, inside = positions(info, best_h, best_w, target.shape)
        values = _scatter(backend, dy, info, flat, inside, target.shape, target.dtype)
        return backend.make_output(values, target.dtype)

    return run


def _input_positions(
    info: Conv2DInfo, best_h: np.ndarray, best_w: np.ndarray, shape: Sequence[int]
) -> _Found:
    """Dilation2DBackpropInput: the gradient of dilation2d with respect to x (x's shape
    and dtype)."""
    pad_info = info.pad_info
    rows = np.arange(info.out_height)[:, None, None] * info.stride_height - pad_info.top
    cols = np.arange(info.out_width)[None, :, None] * info.stride_width - pad_info.left
    h_in = np.where(best_h >= 0, rows + best_h * info.dilation_height, np.maximum(rows, 0))
    w_in = np.where(best_w >= 0, cols + best_w * info.dilation_width, np.maximum(cols, 0))
    batch = np.arange(info.batch_size)[:, None, None, None]
    channel = np.arange(info.in_channels)
    # (a corner past the input's end, which TF.js cannot index either, is dropped)
    inside = (h_in < info.in_height) & (w_in < info.in_width)
    flat = ((batch * info.in_height + h_in) * info.in_width + w_in) * info.in_channels + channel
    return flat, inside


def _filter_positions(
    info: Conv2DInfo, best_h: np.ndarray, best_w: np.ndarray, shape: Sequence[int]
) -> _Found:
    """Dilation2DBackpropFilter: the gradient of dilation2d with respect to the filter (its
    shape and dtype)."""
    _, f_width, depth = shape
    flat = (np.maximum(best_h, 0) * f_width + np.maximum(best_w, 0)) * depth + np.arange(depth)
    return flat, np.ones(flat.shape, bool)


dilation2d_backprop_input = _backprop_kernel("x", _input_positions)
dilation2d_backprop_filter = _backprop_kernel("filter", _filter_positions)
register_kernel(DILATION2D_BACKPROP_INPUT, "cpu", dilation2d_backprop_input)
register_kernel(DILATION2D_BACKPROP_FILTER, "cpu", dilation2d_backprop_filter)


def _argmax_taps(x: np.ndarray, f: np.ndarray, info: Conv2DInfo) -> tuple[np.ndarray, np.ndarray]:
    """The filter tap (h, w) of each output's maximum (-1 where no tap wins), found as the
    forward pass finds the maximum."""
    best = np.full(info.out_shape, _START)
    best_h = np.full(info.out_shape, -1, np.int64)
    best_w = np.full(info.out_shape, -1, np.int64)
    xv, fv = x.astype(np.float64), f.astype(np.float64)
    if best.size and xv.size:
        with np.errstate(all="ignore"):
            for (h, w), out_idx, in_idx in tap_windows(geometry(info)):
                region = best[out_idx]
                value = xv[in_idx] + fv[h, w]
                wins = value > region
                np.copyto(region, value, where=wins)
                best_h[out_idx][wins] = h
                best_w[out_idx][wins] = w
    return best_h, best_w


def _scatter(
    backend: CpuBackend,
    dy: Any,
    info: Conv2DInfo,
    flat: np.ndarray,
    inside: np.ndarray,
    shape: Sequence[int],
    dtype: str,
) -> np.ndarray:
    """dy (read in the output's shape, as TF.js reads it) added at the flat positions
    `flat` of a zero array of `shape`: float32 one term at a time in dy's order (TF.js's
    Float32Array); other dtypes in float64, stored once."""
    size = int(np.prod(shape))
    dy_values = backend.values(dy).reshape(info.out_shape)
    target = np.zeros(size, np.float32 if dtype == "float32" else np.float64)
    positions = np.broadcast_to(flat, info.out_shape)[inside]
    np.add.at(target, positions, dy_values[inside].astype(target.dtype))
    return target.reshape(shape)
