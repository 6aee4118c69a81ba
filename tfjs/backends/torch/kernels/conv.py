"""2-D convolutions: Conv2D, DepthwiseConv2dNative and their input and filter gradients,
as torch convolutions in float32 (no TF32) on NHWC data held channels-last."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch
import torch.nn.functional as F

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.kernels.conv_util import (
    conv2d_info,
    empty_output,
    from_nchw,
    padded_to_output,
    padding_to_output,
    to_nchw,
)
from tfjs.backends.torch.kernels.unary import positive_zero
from tfjs.backends.torch.registry import register_torch_kernel
from tfjs.kernel_names import (
    CONV2D,
    CONV2D_BACKPROP_FILTER,
    CONV2D_BACKPROP_INPUT,
    DEPTHWISE_CONV2D_NATIVE,
    DEPTHWISE_CONV2D_NATIVE_BACKPROP_FILTER,
    DEPTHWISE_CONV2D_NATIVE_BACKPROP_INPUT,
)
from tfjs.ops.conv_util import Conv2DInfo


def torch_filter(w: torch.Tensor, depthwise: bool) -> torch.Tensor:
    """A TF.js filter ([fh, fw, in, out] or depthwise [fh, fw, in, multiplier]) as torch's
    [out, in / groups, fh, fw], channels-last: depthwise output channel c * multiplier + q
    is input channel c through w[..., c, q]."""
    if depthwise:
        fh, fw, channels, multiplier = w.shape
        w = w.reshape(fh, fw, 1, channels * multiplier)
    return w.permute(3, 2, 0, 1).contiguous(memory_format=torch.channels_last)


def conv2d_values(x: torch.Tensor, w: torch.Tensor, info: Conv2DInfo, depthwise: bool) -> torch.Tensor:
    """Conv2D (or DepthwiseConv2dNative) of float32 `x` in info's data format, shaped
    info.out_shape; a sum of -0 terms is +0 (TF.js's sums start from +0)."""
    if empty_output(info):
        return torch.zeros(info.out_shape, device=x.device)
    x_nchw = padded_to_output(to_nchw(x.to(torch.float32), info), info)
    y = F.conv2d(
        x_nchw.contiguous(memory_format=torch.channels_last),
        torch_filter(w.to(torch.float32), depthwise),
        stride=(info.stride_height, info.stride_width),
        dilation=(info.dilation_height, info.dilation_width),
        groups=info.in_channels if depthwise else 1,
    )
    return positive_zero(from_nchw(y, info).contiguous())


def forward_values(
    depthwise: bool,
    backend: TorchBackend,
    x: Any,
    filter: Any,  # noqa: A002 (TF.js's input name)
    *,
    strides: Any,
    pad: Any,
    data_format: str,
    dilations: Any,
    dim_rounding_mode: str | None,
) -> torch.Tensor:
    """A Conv2D-like kernel's result (also what the fused kernels start from)."""
    info = conv2d_info(
        x.shape, filter.shape, strides, pad, data_format, dilations, dim_rounding_mode, depthwise
    )
    return conv2d_values(backend.tensor(x), backend.tensor(filter), info, depthwise)


def _forward_kernel(depthwise: bool) -> Callable[..., TensorInfo]:
    def run(backend: TorchBackend, x: Any, filter: Any, **attrs: Any) -> TensorInfo:  # noqa: A002
        return backend.make_output(forward_values(depthwise, backend, x, filter, **attrs), x.dtype)

    return run


register_torch_kernel(CONV2D, _forward_kernel(False))
register_torch_kernel(DEPTHWISE_CONV2D_NATIVE, _forward_kernel(True))


def _padded_input_size(info: Conv2DInfo) -> tuple[int, int, int, int]:
    left, right, top, bottom = padding_to_output(info)
    return (info.batch_size, info.in_channels, info.in_height + top + bottom, info.in_width + left + right)


def backprop_input_values(
    dy: torch.Tensor, w: torch.Tensor, info: Conv2DInfo, depthwise: bool
) -> torch.Tensor:
    """The gradient of a convolution with respect to its input, float32 in info's format."""
    if empty_output(info):
        return torch.zeros(info.in_shape, device=dy.device)
    left, _, top, _ = padding_to_output(info)
    padded = torch.nn.grad.conv2d_input(
        _padded_input_size(info),
        torch_filter(w.to(torch.float32), depthwise),
        to_nchw(dy.to(torch.float32), info),
        stride=(info.stride_height, info.stride_width),
        dilation=(info.dilation_height, info.dilation_width),
        groups=info.in_channels if depthwise else 1,
    )
    # the input's part of the padded gradient (a crop's rows get zeros back)
    dx = F.pad(
        padded, (-left, left - padded.shape[3] + info.in_width, -top, top - padded.shape[2] + info.in_height)
    )
    return from_nchw(dx, info).contiguous()


def backprop_filter_values(
    x: torch.Tensor, dy: torch.Tensor, info: Conv2DInfo, depthwise: bool
) -> torch.Tensor:
    """The gradient of a convolution with respect to its filter, float32 shaped like it."""
    fh, fw, channels, last = info.filter_shape
    if empty_output(info):
        return torch.zeros(info.filter_shape, device=x.device)
    out_channels = channels * last if depthwise else last
    weight_shape = (out_channels, 1 if depthwise else channels, fh, fw)
    dw = torch.nn.grad.conv2d_weight(
        padded_to_output(to_nchw(x.to(torch.float32), info), info),
        weight_shape,
        to_nchw(dy.to(torch.float32), info),
        stride=(info.stride_height, info.stride_width),
        dilation=(info.dilation_height, info.dilation_width),
        groups=channels if depthwise else 1,
    )
    if depthwise:
        return dw.reshape(channels, last, fh, fw).permute(2, 3, 0, 1).contiguous()
    return dw.permute(2, 3, 1, 0).contiguous()


def _backprop_input_kernel(depthwise: bool) -> Callable[..., TensorInfo]:
    def run(
        backend: TorchBackend,
        dy: Any,
        filter: Any,  # noqa: A002 (TF.js's input name)
        *,
        input_shape: Any,
        strides: Any,
        pad: Any,
        dim_rounding_mode: str | None,
        data_format: str = "NHWC",
        dilations: Any = 1,
    ) -> TensorInfo:
        info = conv2d_info(
            input_shape, filter.shape, strides, pad, data_format, dilations, dim_rounding_mode, depthwise
        )
        values = backprop_input_values(backend.tensor(dy), backend.tensor(filter), info, depthwise)
        return backend.make_output(values, "float32")

    return run


def _backprop_filter_kernel(depthwise: bool) -> Callable[..., TensorInfo]:
    def run(
        backend: TorchBackend,
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
        info = conv2d_info(
            x.shape, filter_shape, strides, pad, data_format, dilations, dim_rounding_mode, depthwise
        )
        values = backprop_filter_values(backend.tensor(x), backend.tensor(dy), info, depthwise)
        return backend.make_output(values, "float32")

    return run


register_torch_kernel(CONV2D_BACKPROP_INPUT, _backprop_input_kernel(False))
register_torch_kernel(DEPTHWISE_CONV2D_NATIVE_BACKPROP_INPUT, _backprop_input_kernel(True))
register_torch_kernel(CONV2D_BACKPROP_FILTER, _backprop_filter_kernel(False))
register_torch_kernel(DEPTHWISE_CONV2D_NATIVE_BACKPROP_FILTER, _backprop_filter_kernel(True))
