"""2-D convolutions: Conv2D, Conv2DBackpropInput, DepthwiseConv2dNative.

The kernel bodies are plain functions on NumPy arrays and a Conv2DInfo
(`conv2d_values`, `depthwise_conv2d_values`, `conv2d_backprop_input_values`) so that the
fused kernels can run them and then add bias and activation as TF.js's do.

Numerics. TF.js's Conv2D adds each product into a Float32Array, so it rounds after every
term; here the whole dot product runs in float64 (one BLAS matmul on an im2col matrix) and
is rounded once, which can differ from TF.js in the last bit or so on long sums. Its
DepthwiseConv2dNative also rounds after every tap, and so does ours (the taps are
accumulated one shifted slice at a time, in TF.js's order): bit for bit. Its
Conv2DBackpropInput sums in a double and stores once, as we do.

A tap that falls in the padding is skipped by TF.js (not multiplied by a zero), which
matters for an infinite or NaN filter value: such filters take the per-tap path, which
only touches taps inside the input.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import CONV2D, CONV2D_BACKPROP_INPUT, DEPTHWISE_CONV2D_NATIVE
from tfjs.kernel_registry import kernel
from tfjs.ops.conv_util import Conv2DInfo, compute_conv2d_info, convert_conv2d_data_format

# ---------------------------------------------------------------------------------------
# kernel bodies (NumPy in, NumPy out)
# ---------------------------------------------------------------------------------------


def conv2d_values(x: np.ndarray, w: np.ndarray, info: Conv2DInfo) -> np.ndarray:
    """Conv2D of `x` (info.in_shape, either data format) with `w` ([fh, fw, in, out]) as
    float32, shaped info.out_shape."""
    channels_first = info.data_format == "channelsFirst"
    x_nhwc = x.transpose(0, 2, 3, 1) if channels_first else x
    if _uses_padding(info) and not np.isfinite(w).all():
        y = _conv2d_per_tap(x_nhwc, w, info)
    else:
        y = _conv2d_im2col(x_nhwc, w, info)
    np.add(y, 0.0, out=y)  # a sum that starts at +0 (TF.js's) is never -0
    y = y.astype(np.float32)
    return y.transpose(0, 3, 1, 2) if channels_first else y


def depthwise_conv2d_values(x: np.ndarray, w: np.ndarray, info: Conv2DInfo) -> np.ndarray:
    """DepthwiseConv2dNative of `x` with `w` ([fh, fw, in, multiplier]) as float32, shaped
    info.out_shape: output channel c * multiplier + q is input channel c through w[..., c, q].

    Accumulates one tap (a shifted slice of the input) at a time into a float32 buffer,
    rounding after each as TF.js does; no k*k-times-larger copy of the input is made."""
    channels_first = info.data_format == "channelsFirst"
    x_nhwc = x.transpose(0, 2, 3, 1) if channels_first else x
    n, c = info.batch_size, info.in_channels
    multiplier = w.shape[3]
    out = np.zeros((n, info.out_height, info.out_width, c, multiplier), np.float32)
    x64, w64 = x_nhwc.astype(np.float64), w.astype(np.float64)
    for kh, kw, out_index, x_index in _taps(info):
        region = out[out_index]
        term = x64[x_index][..., None] * w64[kh, kw]
        term += region
        region[...] = term  # rounds to float32 after each tap, as TF.js's Float32Array does
    y = out.reshape(n, info.out_height, info.out_width, c * multiplier)
    return y.transpose(0, 3, 1, 2) if channels_first else y


def conv2d_backprop_input_values(dy: np.ndarray, w: np.ndarray, info: Conv2DInfo) -> np.ndarray:
    """Conv2DBackpropInput: the gradient of a conv2d with respect to its input (also
    conv2d_transpose), as float32 shaped info.in_shape. `dy` is shaped info.out_shape."""
    channels_first = info.data_format == "channelsFirst"
    dy_nhwc = dy.transpose(0, 2, 3, 1) if channels_first else dy
    n, fh, fw = info.batch_size, info.filter_height, info.filter_width
    oh, ow, sh, sw = info.out_height, info.out_width, info.stride_height, info.stride_width
    top, left = info.pad_info.top, info.pad_info.left
    in_c, out_c = info.in_channels, info.out_channels
    # every (output position, tap, input channel) term, summed over the output channels
    cols = dy_nhwc.reshape(-1, out_c).astype(np.float64) @ w.reshape(-1, out_c).astype(np.float64).T
    cols = cols.reshape(n, oh, ow, fh, fw, in_c)
    height = max(top + info.in_height, (oh - 1) * sh + fh, 0)
    width = max(left + info.in_width, (ow - 1) * sw + fw, 0)
    acc = np.zeros((n, height, width, in_c), np.float64)
    if oh > 0 and ow > 0:
        for kh in range(fh):
            for kw in range(fw):
                acc[:, kh : kh + (oh - 1) * sh + 1 : sh, kw : kw + (ow - 1) * sw + 1 : sw] += cols[
                    :, :, :, kh, kw
                ]
    dx = acc[:, top : top + info.in_height, left : left + info.in_width].astype(np.float32)
    return dx.transpose(0, 3, 1, 2) if channels_first else dx


# ---------------------------------------------------------------------------------------
# kernels
# ---------------------------------------------------------------------------------------


@kernel(CONV2D, "cpu")
def conv2d(
    backend: CpuBackend,
    x: Any,
    filter: Any,  # noqa: A002 (TF.js's input name)
    *,
    strides: Any,
    pad: Any,
    data_format: str,
    dilations: Any,
    dim_rounding_mode: str | None,
) -> TensorInfo:
    info = compute_conv2d_info(
        x.shape,
        filter.shape,
        strides,
        dilations,
        pad,
        dim_rounding_mode,
        False,
        convert_conv2d_data_format(data_format),
    )
    return backend.make_output(conv2d_values(backend.values(x), backend.values(filter), info), x.dtype)


@kernel(DEPTHWISE_CONV2D_NATIVE, "cpu")
def depthwise_conv2d_native(
    backend: CpuBackend,
    x: Any,
    filter: Any,  # noqa: A002 (TF.js's input name)
    *,
    strides: Any,
    pad: Any,
    data_format: str,
    dilations: Any,
    dim_rounding_mode: str | None,
) -> TensorInfo:
    info = compute_conv2d_info(
        x.shape,
        filter.shape,
        strides,
        dilations,
        pad,
        dim_rounding_mode,
        True,
        convert_conv2d_data_format(data_format),
    )
    values = depthwise_conv2d_values(backend.values(x), backend.values(filter), info)
    return backend.make_output(values, x.dtype)


@kernel(CONV2D_BACKPROP_INPUT, "cpu")
def conv2d_backprop_input(
    backend: CpuBackend,
    dy: Any,
    filter: Any,  # noqa: A002 (TF.js's input name)
    *,
    input_shape: Any,
    strides: Any,
    pad: Any,
    data_format: str,
    dim_rounding_mode: str | None,
) -> TensorInfo:
    info = compute_conv2d_info(
        input_shape,
        filter.shape,
        strides,
        1,
        pad,
        dim_rounding_mode,
        False,
        convert_conv2d_data_format(data_format),
    )
    values = conv2d_backprop_input_values(backend.values(dy), backend.values(filter), info)
    return backend.make_output(values, "float32")


# ---------------------------------------------------------------------------------------
# internals
# ---------------------------------------------------------------------------------------


def _uses_padding(info: Conv2DInfo) -> bool:
    """Whether some window reaches outside the input (a tap TF.js skips)."""
    if info.out_height == 0 or info.out_width == 0:
        return False
    top, left = info.pad_info.top, info.pad_info.left
    last_row = (info.out_height - 1) * info.stride_height - top + info.effective_filter_height - 1
    last_col = (info.out_width - 1) * info.stride_width - left + info.effective_filter_width - 1
    return top > 0 or left > 0 or last_row >= info.in_height or last_col >= info.in_width


def _padded(x: np.ndarray, info: Conv2DInfo) -> np.ndarray:
    """`x` (NHWC) in zeros: exactly the rows and columns the windows span."""
    top, left = info.pad_info.top, info.pad_info.left
    height = (info.out_height - 1) * info.stride_height + info.effective_filter_height
    width = (info.out_width - 1) * info.stride_width + info.effective_filter_width
    if top == 0 and left == 0 and height <= info.in_height and width <= info.in_width:
        return x[:, :height, :width]
    xp = np.zeros((x.shape[0], height, width, x.shape[3]), x.dtype)
    rows = min(info.in_height, height - top)
    cols = min(info.in_width, width - left)
    xp[:, top : top + rows, left : left + cols] = x[:, :rows, :cols]
    return xp


def _conv2d_im2col(x: np.ndarray, w: np.ndarray, info: Conv2DInfo) -> np.ndarray:
    """float64 NHWC result through one matmul of the im2col matrix and the filter."""
    n, oh, ow = info.batch_size, info.out_height, info.out_width
    fh, fw, in_c, out_c = w.shape
    w_matrix = w.reshape(fh * fw * in_c, out_c).astype(np.float64)
    if min(n, oh, ow, out_c) == 0:
        return np.zeros((n, oh, ow, out_c), np.float64)
    xp = _padded(x, info)
    if fh == fw == 1:
        patches = xp[:, :: info.stride_height, :: info.stride_width]
    else:
        windows = sliding_window_view(
            xp, (info.effective_filter_height, info.effective_filter_width), axis=(1, 2)
        )
        windows = windows[
            :, :: info.stride_height, :: info.stride_width, :, :: info.dilation_height, :: info.dilation_width
        ]
        patches = windows.transpose(0, 1, 2, 4, 5, 3)  # [n, oh, ow, fh, fw, in]
    # one pass from the strided window view into a C-ordered float64 matrix (BLAS needs it)
    columns = np.empty((n, oh, ow, fh, fw, in_c) if fh * fw > 1 else (n, oh, ow, in_c), np.float64)
    np.copyto(columns, patches[:, :oh, :ow])
    columns = columns.reshape(n * oh * ow, fh * fw * in_c)
    return (columns @ w_matrix).reshape(n, oh, ow, out_c)


def _conv2d_per_tap(x: np.ndarray, w: np.ndarray, info: Conv2DInfo) -> np.ndarray:
    """float64 NHWC result, one matmul per filter tap over the positions where the tap is
    inside the input (as TF.js, which skips taps in the padding)."""
    out_c = w.shape[3]
    out = np.zeros((info.batch_size, info.out_height, info.out_width, out_c), np.float64)
    w64 = w.astype(np.float64)
    for kh, kw, out_index, x_index in _taps(info):
        out[out_index] += x[x_index].astype(np.float64) @ w64[kh, kw]
    return out


def _taps(info: Conv2DInfo) -> Iterator[tuple[int, int, tuple[slice, ...], tuple[slice, ...]]]:
    """Each filter tap (kh, kw) that touches the input, with the outputs it reaches and the
    input slice (NHWC) it reads for them, in TF.js's order (rows, then columns)."""
    for kh in range(info.filter_height):
        offset = kh * info.dilation_height - info.pad_info.top
        rows = _tap_range(offset, info.stride_height, info.out_height, info.in_height)
        if rows is None:
            continue
        for kw in range(info.filter_width):
            offset = kw * info.dilation_width - info.pad_info.left
            cols = _tap_range(offset, info.stride_width, info.out_width, info.in_width)
            if cols is None:
                continue
            (o0, o1, i0, i1), (p0, p1, j0, j1) = rows, cols
            out_index = (slice(None), slice(o0, o1), slice(p0, p1))
            x_index = (slice(None), slice(i0, i1, info.stride_height), slice(j0, j1, info.stride_width))
            yield kh, kw, out_index, x_index


def _tap_range(offset: int, stride: int, out_size: int, in_size: int) -> tuple[int, int, int, int] | None:
    """For one filter tap at `offset` from a window's corner: the outputs o0 <= o < o1 whose
    input index o * stride + offset lies in [0, in_size), and the input slice start/stop."""
    o0 = (-offset + stride - 1) // stride if offset < 0 else 0
    # largest o with o * stride + offset <= in_size - 1
    last = in_size - 1 - offset
    if last < 0:
        return None
    o1 = min(out_size, last // stride + 1)
    if o1 <= o0:
        return None
    i0 = o0 * stride + offset
    i1 = (o1 - 1) * stride + offset + 1
    return o0, o1, i0, i1
