"""2-D convolutions: Conv2D, Conv2DBackpropInput, Conv2DBackpropFilter,
DepthwiseConv2dNative and its two gradients (DepthwiseConv2dNativeBackpropInput,
DepthwiseConv2dNativeBackpropFilter).

The kernel bodies are plain functions on NumPy arrays and a Conv2DInfo
(`conv2d_values`, `depthwise_conv2d_values`, `conv2d_backprop_input_values`) so that the
fused kernels can run them and then add bias and activation as TF.js's do.

Numerics. Conv2D is conv_util.conv_values, Conv3D's sum too: TF.js's order of float32
stores where it matters or is cheap, else one float64 BLAS product rounded once (see
conv_util). TF.js's DepthwiseConv2dNative also rounds after every tap, and so does ours
(the taps are accumulated one shifted slice at a time, in TF.js's order): bit for bit
where Conv2D is (its products in float64), else with float32 products.
Its Conv2DBackpropInput sums in a double and stores once, as we do; so do its
Conv2DBackpropFilter and depthwise gradients (ours: a float64 sum per filter tap, stored
once, equal up to the order of the sum).

The gradient kernels take a `dilations` attribute (default 1) that TF.js's lack (its
gradients refuse dilated convolutions; TensorFlow's kernels take it), and the depthwise
ones a `data_format` (default NHWC: TF.js's depthwise gradients are NHWC only). The two
filter gradients are one kernel body, which gives both attributes their defaults.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tfjs.backend_util.conv_info import compute_conv2d_info, convert_conv2d_data_format
from tfjs.backend_util.conv_types import Conv2DInfo
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.backends.cpu.kernels.buffer_memo import remembered
from tfjs.backends.cpu.kernels.conv_util import (
    backprop_filter_values,
    backprop_input_values,
    conv_values,
    depthwise_backprop_filter_values,
    depthwise_backprop_input_values,
    geometry,
    sums_once,
    tap_windows,
)
from tfjs.kernel_names import (
    CONV2D,
    CONV2D_BACKPROP_FILTER,
    CONV2D_BACKPROP_INPUT,
    DEPTHWISE_CONV2D_NATIVE,
    DEPTHWISE_CONV2D_NATIVE_BACKPROP_FILTER,
    DEPTHWISE_CONV2D_NATIVE_BACKPROP_INPUT,
)
from tfjs.kernel_registry import kernel, register_kernel

# ---------------------------------------------------------------------------------------
# kernel bodies (NumPy in, NumPy out)
# ---------------------------------------------------------------------------------------


def conv2d_values(x: np.ndarray, w: np.ndarray, info: Conv2DInfo, positive_zeros: bool = True) -> np.ndarray:
    """Conv2D of float32 `x` (info.in_shape, either data format) with `w` ([fh, fw, in,
    out]) as float32, shaped info.out_shape (`positive_zeros`: see conv_util.conv_values)."""
    y = _channels_last(lambda x: conv_values(x, w, geometry(info), "float32", positive_zeros), x, info)
    return y.astype(np.float32, copy=False)


def depthwise_conv2d_values(x: np.ndarray, w: np.ndarray, info: Conv2DInfo) -> np.ndarray:
    """DepthwiseConv2dNative of `x` with `w` ([fh, fw, in, multiplier]) as float32, shaped
    info.out_shape: output channel c * multiplier + q is input channel c through w[..., c, q].

    Accumulates one tap (a shifted slice of the input) at a time into a float32 buffer,
    rounding after each as TF.js does; no k*k-times-larger copy of the input is made. The
    products are float64 (TF.js's, bit for bit) where conv_util.sums_once says a problem
    is small or its sums could overflow or meet NaN/±Infinity, as Conv2D's; otherwise
    float32 (a product rounded before it is added: an ulp or so off, ~6x faster)."""

    def run(x: np.ndarray) -> np.ndarray:
        fh, fw, c, multiplier = w.shape
        out = np.zeros((info.batch_size, info.out_height, info.out_width, c * multiplier), np.float32)
        fast = sums_once(x, w, "float32", out.size, fh * fw)
        work = np.float32 if fast else np.float64
        # Output channel c * multiplier + q reads input channel c: repeat the input's channels.
        xs = (x if multiplier == 1 else np.repeat(x, multiplier, axis=3)).astype(work, copy=False)
        # Each tap's filter values repeated along a whole output row, so that a product's
        # inner loop runs over a row rather than over the channels alone (a broadcast).
        ws = remembered(
            w,
            ("tiled", info.out_width, work),
            lambda: np.tile(w.reshape(fh, fw, 1, c * multiplier).astype(work), (1, 1, info.out_width, 1)),
        )
        taps = tap_windows(geometry(info))
        # A block of output rows at a time, every tap on it before the next: the block
        # stays in the cache (3x faster on large images); each output's taps keep their order.
        row_values = max(1, out.size // max(1, info.out_height))  # one output row of every batch
        rows = max(1, _BLOCK_BYTES // (row_values * out.itemsize))
        scratch = np.empty(min(out.size, rows * row_values), work)  # every tap's product
        for first_row in range(0, info.out_height, rows):
            for (kh, kw), out_index, x_index in taps:
                out_rows, x_rows = _rows_within(out_index[1], x_index[1], first_row, first_row + rows)
                if out_rows is None:
                    continue
                region = out[(out_index[0], out_rows, out_index[2])]
                term = scratch[: region.size].reshape(region.shape)
                np.multiply(xs[(x_index[0], x_rows, x_index[2])], ws[kh, kw, : region.shape[2]], out=term)
                # the sum stored as float32 after each tap, as TF.js's Float32Array does
                np.add(term, region, out=region, casting="unsafe")
        return out

    return _channels_last(run, x, info)


# About how many bytes of output rows the depthwise kernel works on at a time.
_BLOCK_BYTES = 1 << 18


def _rows_within(out_rows: slice, x_rows: slice, first: int, end: int) -> tuple[slice | None, slice]:
    """The part of a tap's output rows `out_rows` (a unit-step slice) in [first, end), and
    the input rows `x_rows` (a strided slice pairing them) that it reads."""
    lo, hi = max(out_rows.start, first), min(out_rows.stop, end)
    if hi <= lo:
        return None, x_rows
    stride = x_rows.step or 1
    start = x_rows.start + (lo - out_rows.start) * stride
    return slice(lo, hi), slice(start, start + (hi - lo - 1) * stride + 1, stride)


def conv2d_backprop_input_values(dy: np.ndarray, w: np.ndarray, info: Conv2DInfo) -> np.ndarray:
    """Conv2DBackpropInput: the gradient of a conv2d with respect to its input (also
    conv2d_transpose), as float32 shaped info.in_shape. `dy` is shaped info.out_shape."""
    dx = _channels_last(lambda dy: backprop_input_values(dy, w, geometry(info)), dy, info)
    return dx.astype(np.float32, copy=False)


# ---------------------------------------------------------------------------------------
# kernels
# ---------------------------------------------------------------------------------------


def forward_values(
    values: Callable[[np.ndarray, np.ndarray, Conv2DInfo], np.ndarray],
    depthwise: bool,
    backend: CpuBackend,
    x: Any,
    filter: Any,  # noqa: A002 (TF.js's input name)
    *,
    strides: Any,
    pad: Any,
    data_format: str,
    dilations: Any,
    dim_rounding_mode: str | None,
) -> np.ndarray:
    """A Conv2D-like kernel's result as a NumPy array: `values` run on the inputs x and
    filter with TF.js's conv2d attributes (also what the fused kernels start from)."""
    info = _info(x.shape, filter.shape, strides, pad, data_format, dilations, dim_rounding_mode, depthwise)
    return values(backend.values(x), backend.values(filter), info)


def _forward_kernel(
    values: Callable[[np.ndarray, np.ndarray, Conv2DInfo], np.ndarray], depthwise: bool
) -> Callable[..., TensorInfo]:
    """A Conv2D-like kernel (inputs x and filter, TF.js's conv2d attributes) running `values`."""

    def run(backend: CpuBackend, x: Any, filter: Any, **attrs: Any) -> TensorInfo:  # noqa: A002
        return backend.make_output(forward_values(values, depthwise, backend, x, filter, **attrs), x.dtype)

    return run


conv2d = _forward_kernel(conv2d_values, False)
depthwise_conv2d_native = _forward_kernel(depthwise_conv2d_values, True)
register_kernel(CONV2D, "cpu", conv2d)
register_kernel(DEPTHWISE_CONV2D_NATIVE, "cpu", depthwise_conv2d_native)


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
    dilations: Any = 1,
) -> TensorInfo:
    info = _info(input_shape, filter.shape, strides, pad, data_format, dilations, dim_rounding_mode, False)
    values = conv2d_backprop_input_values(backend.values(dy), backend.values(filter), info)
    return backend.make_output(values, "float32")


@kernel(DEPTHWISE_CONV2D_NATIVE_BACKPROP_INPUT, "cpu")
def depthwise_conv2d_native_backprop_input(
    backend: CpuBackend,
    dy: Any,
    filter: Any,  # noqa: A002 (TF.js's input name)
    *,
    input_shape: Any,
    strides: Any,
    pad: Any,
    dilations: Any,
    dim_rounding_mode: str | None,
    data_format: str = "NHWC",
) -> TensorInfo:
    """The gradient of a depthwise conv2d with respect to its input, float32."""
    info = _info(input_shape, filter.shape, strides, pad, data_format, dilations, dim_rounding_mode, True)
    w = backend.values(filter)

    def run(dy: np.ndarray) -> np.ndarray:
        return depthwise_backprop_input_values(dy, w, geometry(info))

    return backend.make_output(_channels_last(run, backend.values(dy), info), "float32")


def _filter_gradient_kernel(
    values: Callable[[np.ndarray, np.ndarray, Any, Any], np.ndarray], depthwise: bool
) -> Callable[..., TensorInfo]:
    """The gradient of a conv2d (or depthwise conv2d) with respect to its filter, float32
    shaped `filter_shape` (inputs x and dy; the conv's attributes): `values(x, dy,
    geometry, filter_shape)` on x and dy as NHWC."""

    def run(
        backend: CpuBackend,
        x: Any,
        dy: Any,
        *,
        filter_shape: Any,
        strides: Any,
        pad: Any,
        dim_rounding_mode: str | None,
        data_format: str = "NHWC",
        dilations: Any = 1,
    ) -> TensorInfo:
        info = _info(
            x.shape, filter_shape, strides, pad, data_format, dilations, dim_rounding_mode, depthwise
        )
        x_values, dy_values = backend.values(x), backend.values(dy)
        if info.data_format == "channelsFirst":
            x_values, dy_values = x_values.transpose(0, 2, 3, 1), dy_values.transpose(0, 2, 3, 1)
        return backend.make_output(values(x_values, dy_values, geometry(info), info.filter_shape), "float32")

    return run


conv2d_backprop_filter = _filter_gradient_kernel(backprop_filter_values, False)
depthwise_conv2d_native_backprop_filter = _filter_gradient_kernel(depthwise_backprop_filter_values, True)
register_kernel(CONV2D_BACKPROP_FILTER, "cpu", conv2d_backprop_filter)
register_kernel(DEPTHWISE_CONV2D_NATIVE_BACKPROP_FILTER, "cpu", depthwise_conv2d_native_backprop_filter)


def _info(
    in_shape: Any,
    filter_shape: Any,
    strides: Any,
    pad: Any,
    data_format: str,
    dilations: Any,
    dim_rounding_mode: str | None,
    depthwise: bool,
) -> Conv2DInfo:
    """The Conv2DInfo of a kernel's attributes (`data_format` as kernels take it, "NHWC" or
    "NCHW")."""
    return compute_conv2d_info(
        in_shape,
        filter_shape,
        strides,
        dilations,
        pad,
        dim_rounding_mode,
        depthwise,
        convert_conv2d_data_format(data_format),
    )


def _channels_last(run: Callable[[np.ndarray], np.ndarray], x: np.ndarray, info: Conv2DInfo) -> np.ndarray:
    """`run` on `x` as NHWC; its NHWC result back in info's data format (NCHW: views)."""
    if info.data_format != "channelsFirst":
        return run(x)
    return run(x.transpose(0, 2, 3, 1)).transpose(0, 3, 1, 2)
