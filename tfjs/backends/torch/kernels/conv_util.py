"""Geometry shared by the torch convolution and pooling kernels: TF.js's Conv2DInfo, the
NHWC <-> NCHW views (NHWC data is an NCHW tensor in channels-last memory: no copy), and
the explicit padding that makes a VALID torch window give exactly TF.js's outputs."""

from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from tfjs.ops.conv_util import Conv2DInfo, compute_conv2d_info, convert_conv2d_data_format


def conv2d_info(
    in_shape: Any,
    filter_shape: Any,
    strides: Any,
    pad: Any,
    data_format: str,
    dilations: Any,
    dim_rounding_mode: str | None,
    depthwise: bool,
) -> Conv2DInfo:
    """The Conv2DInfo of a kernel's attributes (`data_format` "NHWC" or "NCHW")."""
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


def to_nchw(x: torch.Tensor, info: Any) -> torch.Tensor:
    """`x` (in info's data format) as NCHW: a channels-last view of NHWC data."""
    return x.permute(0, 3, 1, 2) if info.data_format == "channelsLast" else x


def from_nchw(y: torch.Tensor, info: Any) -> torch.Tensor:
    """An NCHW result in info's data format (NHWC: a view, contiguous when `y` is
    channels-last)."""
    return y.permute(0, 2, 3, 1) if info.data_format == "channelsLast" else y


def padding_to_output(info: Any) -> tuple[int, int, int, int]:
    """F.pad's (left, right, top, bottom) so that windows at the strides over the padded
    input are exactly TF.js's: TF.js's top/left padding, and whatever bottom/right (a
    negative one crops) makes the last window the last output's."""
    top, left = info.pad_info.top, info.pad_info.left
    bottom = (info.out_height - 1) * info.stride_height + info.effective_filter_height - info.in_height - top
    right = (info.out_width - 1) * info.stride_width + info.effective_filter_width - info.in_width - left
    return left, right, top, bottom


def padded_to_output(x_nchw: torch.Tensor, info: Any, value: float = 0.0) -> torch.Tensor:
    """`x_nchw` padded (with `value`) or cropped so that a VALID window gives info's outputs."""
    padding = padding_to_output(info)
    if not any(padding):
        return x_nchw
    return F.pad(x_nchw, padding, value=value)


def empty_output(info: Any) -> bool:
    """Whether the output (or the input) holds no values."""
    return 0 in info.out_shape or 0 in info.in_shape
