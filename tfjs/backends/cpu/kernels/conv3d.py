"""3-D convolution kernels: Conv3D and Conv3DBackpropInputV2 (conv3d_transpose).

Conv3D is one float64 BLAS product of an im2col matrix (a strided window view copied a
few output planes at a time) with the filter, rounded to float32 once. TF.js's loop
instead stores its running sum into the Float32Array result after every product, so a
long sum may differ from it in the last bit or so. Where that per-product storing changes
more than that, the kernel follows TF.js's order of stores, one filter tap and input
channel at a time over every output position (the taps skip the padding, as TF.js's
loops do: no 0 * Inf): a partial sum that could leave float32's range, a non-finite
input, and int32/bool results (their typed arrays truncate and wrap at every store).

Conv3DBackpropInputV2 sums each input position's gradient in a double and stores it
once, as TF.js does: one BLAS product dy @ filter^T, then each tap's share added back.

TF.js's 3-D 'same' split is not clamped at 0: a negative front pad starts the windows
inside the input, which the spans below allow.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from tfjs import dtypes
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import CONV3D, CONV3D_BACKPROP_INPUT_V2
from tfjs.kernel_registry import kernel
from tfjs.ops.conv_util import compute_conv3d_info

Window = tuple[slice, slice]  # (output positions, input positions) along one axis

# Integer sums below this are exact in float64, so one wrap at the end equals TF.js's
# wrap after every product; float sums below this cannot overflow float32 on the way.
_EXACT = float(2**53)
_FLOAT32_MAX = float(np.finfo(np.float32).max)
# about how many float64 values an im2col block may hold (32 MB)
_CHUNK = 1 << 22


def tap_window(out_size: int, stride: int, pad_before: int, offset: int, in_size: int) -> Window | None:
    """The output positions o (a slice) whose input index o * stride - pad_before + offset
    lies in [0, in_size), and those input indices (a strided slice); None when there are none."""
    first = max(0, -((offset - pad_before) // stride))  # ceil((pad_before - offset) / stride)
    last = min(out_size, (in_size - 1 + pad_before - offset) // stride + 1)
    if last <= first:
        return None
    start = first * stride - pad_before + offset
    return slice(first, last), slice(start, start + (last - first - 1) * stride + 1, stride)


def tap_windows(
    filter_sizes: Sequence[int],
    dilations: Sequence[int],
    strides: Sequence[int],
    pads_before: Sequence[int],
    in_sizes: Sequence[int],
    out_sizes: Sequence[int],
) -> Iterator[tuple[tuple[int, ...], tuple[slice, ...], tuple[slice, ...]]]:
    """Every filter tap (in TF.js's loop order) that reaches the input: its index and the
    output and input slices of the spatial axes (batch first, channels last left whole)."""
    per_axis = []
    for size, dilation, stride, pad, n_in, n_out in zip(
        filter_sizes, dilations, strides, pads_before, in_sizes, out_sizes, strict=True
    ):
        per_axis.append([(k, tap_window(n_out, stride, pad, k * dilation, n_in)) for k in range(size)])
    whole = slice(None)
    for combo in itertools.product(*per_axis):
        if any(window is None for _, window in combo):
            continue
        index = tuple(k for k, _ in combo)
        out = (whole, *(window[0] for _, window in combo), whole)
        inp = (whole, *(window[1] for _, window in combo), whole)
        yield index, out, inp


def _as_rows(values: np.ndarray) -> np.ndarray:
    """A window of positions x channels as one contiguous matrix for BLAS."""
    return np.ascontiguousarray(values).reshape(-1, values.shape[-1])


def conv3d_values(x: np.ndarray, w: np.ndarray, info: Any) -> np.ndarray:
    """The NDHWC convolution of finite float64 `x` with `w`, summed in float64: one BLAS
    product of an im2col matrix (built a few output planes at a time, so it stays near
    _CHUNK values) with the filter as a [fd * fh * fw * in, out] matrix."""
    out = np.zeros(info.out_shape, dtype=np.float64)
    if out.size == 0 or x.size == 0:
        return out
    view = _windows(x, info)  # N oD oH oW in fd fh fw
    matrix = w.reshape(-1, info.out_channels)
    per_plane = info.batch_size * info.out_height * info.out_width * matrix.shape[0]
    step = max(1, _CHUNK // max(1, per_plane))
    for start in range(0, info.out_depth, step):
        part = view[:, start : start + step].transpose(0, 1, 2, 3, 5, 6, 7, 4)
        target = out[:, start : start + step]
        target[...] = (part.reshape(-1, matrix.shape[0]) @ matrix).reshape(target.shape)
    return out


def _spans(info: Any) -> list[tuple[int, int]]:
    """The input span the windows read, [first, end) per spatial axis (TF.js's 'same'
    pads may be negative: then first > 0)."""
    pad = info.pad_info
    axes = zip(
        (info.out_depth, info.out_height, info.out_width),
        (info.stride_depth, info.stride_height, info.stride_width),
        (pad.front, pad.top, pad.left),
        (info.effective_filter_depth, info.effective_filter_height, info.effective_filter_width),
        strict=True,
    )
    return [(-before, (n_out - 1) * stride - before + extent) for n_out, stride, before, extent in axes]


def _overlap(
    spans: list[tuple[int, int]], sizes: Sequence[int]
) -> tuple[tuple[slice, ...], tuple[slice, ...]]:
    """Where the spans and the input overlap: (index into the span buffer, index into x)."""
    span_idx, x_idx = [slice(None)], [slice(None)]
    for (first, end), size in zip(spans, sizes, strict=True):
        lo, hi = max(first, 0), max(min(end, size), max(first, 0))
        span_idx.append(slice(lo - first, hi - first))
        x_idx.append(slice(lo, hi))
    return tuple(span_idx), tuple(x_idx)


def _windows(x: np.ndarray, info: Any) -> np.ndarray:
    """Every output position's window of x (zeros outside it: finite values only), as a
    strided view shaped [N, oD, oH, oW, in, fd, fh, fw]."""
    spans = _spans(info)
    source = np.zeros((x.shape[0], *(end - first for first, end in spans), x.shape[4]))
    span_idx, x_idx = _overlap(spans, x.shape[1:4])
    source[span_idx] = x[x_idx]
    extents = (info.effective_filter_depth, info.effective_filter_height, info.effective_filter_width)
    view = sliding_window_view(source, extents, axis=(1, 2, 3))
    view = view[:, :: info.stride_depth, :: info.stride_height, :: info.stride_width]
    view = view[..., :: info.dilation_depth, :: info.dilation_height, :: info.dilation_width]
    return view[:, : info.out_depth, : info.out_height, : info.out_width]


def conv3d_backprop_input_values(dy: np.ndarray, w: np.ndarray, info: Any) -> np.ndarray:
    """The gradient of conv3d with respect to its input, in float64: one BLAS product
    dy @ filter^T gives every tap's contribution (a few output planes at a time), which
    is added back over the span the windows read; the span outside x is dropped."""
    dx = np.zeros(info.in_shape, dtype=np.float64)
    if dx.size == 0 or dy.size == 0:
        return dx
    spans = _spans(info)
    source = np.zeros((dx.shape[0], *(end - first for first, end in spans), dx.shape[4]))
    matrix = w.reshape(-1, info.out_channels)
    fd, fh, fw = info.filter_depth, info.filter_height, info.filter_width
    (sd, sh, sw), (dd, dh, dw) = (
        (info.stride_depth, info.stride_height, info.stride_width),
        (info.dilation_depth, info.dilation_height, info.dilation_width),
    )
    out_h, out_w = info.out_height, info.out_width
    step = max(1, _CHUNK // max(1, info.batch_size * out_h * out_w * matrix.shape[0]))
    for start in range(0, info.out_depth, step):
        rows = dy[:, start : start + step]
        planes = rows.shape[1]
        cols = (_as_rows(rows) @ matrix.T).reshape(*rows.shape[:4], fd, fh, fw, info.in_channels)
        for a, b, c in itertools.product(range(fd), range(fh), range(fw)):
            d0, h0, w0 = start * sd + a * dd, b * dh, c * dw
            source[
                :,
                d0 : d0 + (planes - 1) * sd + 1 : sd,
                h0 : h0 + (out_h - 1) * sh + 1 : sh,
                w0 : w0 + (out_w - 1) * sw + 1 : sw,
            ] += cols[:, :, :, :, a, b, c]
    span_idx, x_idx = _overlap(spans, dx.shape[1:4])
    dx[x_idx] = source[span_idx]
    return dx


def _conv_taps(info: Any) -> Iterator[tuple[tuple[int, ...], tuple[slice, ...], tuple[slice, ...]]]:
    pad = info.pad_info
    return tap_windows(
        (info.filter_depth, info.filter_height, info.filter_width),
        (info.dilation_depth, info.dilation_height, info.dilation_width),
        (info.stride_depth, info.stride_height, info.stride_width),
        (pad.front, pad.top, pad.left),
        (info.in_depth, info.in_height, info.in_width),
        (info.out_depth, info.out_height, info.out_width),
    )


def _conv3d_stepwise(
    x: np.ndarray, w: np.ndarray, info: Any, store: Callable[[np.ndarray], np.ndarray]
) -> np.ndarray:
    """TF.js's loop: its typed array stores (rounds, or truncates and wraps) the running
    sum after every product, in TF.js's order (taps, then in-channels), each step over
    every output position the tap reaches."""
    out = np.zeros(info.out_shape, dtype=np.float64)
    if out.size == 0 or x.size == 0:
        return out
    for (a, b, c), out_idx, in_idx in _conv_taps(info):
        region = out[out_idx]
        window = x[in_idx]
        for d1 in range(info.in_channels):
            region[...] = store(region + window[..., d1 : d1 + 1] * w[a, b, c, d1])
    return out


def _to_uint8(values: np.ndarray) -> np.ndarray:
    """What a Uint8Array stores: truncation, modulo 256, 0 for NaN and ±Infinity."""
    finite = np.isfinite(values)
    return np.mod(np.trunc(np.where(finite, values, 0.0)), 256.0)


def _to_float32(values: np.ndarray) -> np.ndarray:
    return values.astype(np.float32)


# How each result dtype's typed array stores a number.
_STORES = {"float32": _to_float32, "int32": dtypes.to_int32, "bool": _to_uint8}


@kernel(CONV3D, "cpu")
def conv3d(
    backend: CpuBackend,
    x: Any,
    filter: Any,  # noqa: A002
    *,
    strides: int | Sequence[int],
    pad: str | int,
    data_format: str,
    dilations: int | Sequence[int],
) -> TensorInfo:
    """The result has x's dtype. The float64 sum rounded once is TF.js's result up to the
    last bit, unless a partial sum could overflow float32 (or the input is not finite),
    or an int32/bool sum wraps or truncates along the way: then TF.js's own order of
    stores is followed."""
    info = compute_conv3d_info(x.shape, filter.shape, strides, dilations, pad)
    xv = backend.values(x).astype(np.float64)
    wv = backend.values(filter).astype(np.float64)
    taps = info.filter_depth * info.filter_height * info.filter_width * info.in_channels
    with np.errstate(all="ignore"):
        bound = float(np.max(np.abs(xv), initial=0)) * float(np.max(np.abs(wv), initial=0)) * taps
        if x.dtype == "float32":
            once = bound < _FLOAT32_MAX
        else:
            once = bound < _EXACT and bool(np.all(np.trunc(wv) == wv))
        result = conv3d_values(xv, wv, info) if once else _conv3d_stepwise(xv, wv, info, _STORES[x.dtype])
        if x.dtype == "bool":
            result = dtypes.to_uint8_truth(result)
        return backend.make_output(result, x.dtype)


@kernel(CONV3D_BACKPROP_INPUT_V2, "cpu")
def conv3d_backprop_input_v2(
    backend: CpuBackend,
    dy: Any,
    filter: Any,  # noqa: A002
    *,
    strides: int | Sequence[int],
    pad: str | int,
    input_shape: Sequence[int],
) -> TensorInfo:
    """The gradient of conv3d with respect to its input, float32."""
    info = compute_conv3d_info(input_shape, filter.shape, strides, 1, pad)
    dyv = backend.values(dy).astype(np.float64)
    wv = backend.values(filter).astype(np.float64)
    with np.errstate(all="ignore"):
        return backend.make_output(conv3d_backprop_input_values(dyv, wv, info), "float32")
