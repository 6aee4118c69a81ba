"""TF.js's padding rules: the 'same' split, explicit pads, numeric pads and the output
sizes they give under a dim_rounding_mode (getPadAndOutInfo, get3DPadAndOutInfo)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from tfjs.backend_util.conv_types import DataFormat, Pad, PadInfo, PadInfo3D, PadType, is_number


def compute_default_pad(input_shape: Sequence[int], field_size: int, stride: int, dilation: int = 1) -> int:
    """TF.js's computeDefaultPad: the pad that keeps the size for stride 1."""
    effective = get_effective_filter_size(field_size, dilation)
    return math.floor((input_shape[0] * (stride - 1) - stride + effective) / 2)


def get_effective_filter_size(filter_size: int, dilation: int) -> int:
    """The extent of a dilated filter: filter_size + (filter_size - 1) * (dilation - 1)."""
    if dilation <= 1:
        return filter_size
    return filter_size + (filter_size - 1) * (dilation - 1)


def _round(value: float, rounding_mode: str | None) -> int:
    """TF.js's round: truncation when no rounding mode, else ceil/floor/JavaScript's Math.round."""
    if not rounding_mode:
        return math.trunc(value)
    if rounding_mode == "round":
        return math.floor(value + 0.5)
    if rounding_mode == "ceil":
        return math.ceil(value)
    if rounding_mode == "floor":
        return math.floor(value)
    raise ValueError(f"Unknown roundingMode {rounding_mode}")


def _compute_output_shape_2d(
    in_shape: Sequence[int], field_size: int, stride: int, zero_pad: float | None, rounding_mode: str | None
) -> tuple[int, int]:
    if zero_pad is None:
        zero_pad = compute_default_pad(in_shape, field_size, stride)
    rows = _round((in_shape[0] - field_size + 2 * zero_pad) / stride + 1, rounding_mode)
    cols = _round((in_shape[1] - field_size + 2 * zero_pad) / stride + 1, rounding_mode)
    return rows, cols


def _compute_output_shape_4d(
    in_shape: Sequence[int],
    filter_shape: Sequence[int],
    out_channels: int,
    strides: Sequence[int],
    zero_pad: float | None,
    rounding_mode: str | None,
) -> list[int]:
    if zero_pad is None:
        zero_pad = compute_default_pad(in_shape, filter_shape[0], strides[0])
    out_shape = [0, 0, 0, out_channels]
    for i in range(3):
        if in_shape[i] + 2 * zero_pad >= filter_shape[i]:
            size = (in_shape[i] - filter_shape[i] + 2 * zero_pad) / strides[i] + 1
            out_shape[i] = _round(size, rounding_mode)
    return out_shape


def get_pad_and_out_info(
    pad: Pad,
    in_height: int,
    in_width: int,
    stride_height: int,
    stride_width: int,
    filter_height: int,
    filter_width: int,
    rounding_mode: str | None,
    data_format: DataFormat,
) -> tuple[PadInfo, int, int]:
    if is_number(pad):
        pad_type: PadType = "VALID" if pad == 0 else "NUMBER"
        info = PadInfo(top=pad, bottom=pad, left=pad, right=pad, type=pad_type)
        out_height, out_width = _compute_output_shape_2d(
            (in_height, in_width), filter_height, stride_height, pad, rounding_mode
        )
        return info, out_height, out_width
    if pad == "same":
        out_height = math.ceil(in_height / stride_height)
        out_width = math.ceil(in_width / stride_width)
        along_height = max(0, (out_height - 1) * stride_height + filter_height - in_height)
        along_width = max(0, (out_width - 1) * stride_width + filter_width - in_width)
        top = along_height // 2
        left = along_width // 2
        info = PadInfo(top=top, bottom=along_height - top, left=left, right=along_width - left, type="SAME")
        return info, out_height, out_width
    if pad == "valid":
        info = PadInfo(top=0, bottom=0, left=0, right=0, type="VALID")
        out_height = math.ceil((in_height - filter_height + 1) / stride_height)
        out_width = math.ceil((in_width - filter_width + 1) / stride_width)
        return info, out_height, out_width
    if isinstance(pad, (list, tuple, np.ndarray)):
        rows, cols = (pad[1], pad[2]) if data_format == "channelsLast" else (pad[2], pad[3])
        top, bottom = int(rows[0]), int(rows[1])
        left, right = int(cols[0]), int(cols[1])
        pad_type = "VALID" if top == bottom == left == right == 0 else "EXPLICIT"
        info = PadInfo(top=top, bottom=bottom, left=left, right=right, type=pad_type)
        out_height = _round((in_height - filter_height + top + bottom) / stride_height + 1, rounding_mode)
        out_width = _round((in_width - filter_width + left + right) / stride_width + 1, rounding_mode)
        return info, out_height, out_width
    raise ValueError(f"Unknown padding parameter: {pad}")


def get_3d_pad_and_out_info(
    pad: Pad,
    in_depth: int,
    in_height: int,
    in_width: int,
    stride_depth: int,
    stride_height: int,
    stride_width: int,
    filter_depth: int,
    filter_height: int,
    filter_width: int,
    rounding_mode: str | None,
) -> tuple[PadInfo3D, int, int, int]:
    if pad == "valid":
        pad = 0
    if is_number(pad):
        pad_type: PadType = "VALID" if pad == 0 else "NUMBER"
        info = PadInfo3D(top=pad, bottom=pad, left=pad, right=pad, front=pad, back=pad, type=pad_type)
        out = _compute_output_shape_4d(
            (in_depth, in_height, in_width, 1),
            (filter_depth, filter_height, filter_width),
            1,
            (stride_depth, stride_height, stride_width),
            pad,
            rounding_mode,
        )
        return info, out[0], out[1], out[2]
    if pad == "same":
        out_depth = math.ceil(in_depth / stride_depth)
        out_height = math.ceil(in_height / stride_height)
        out_width = math.ceil(in_width / stride_width)
        # TF.js does not clamp these at 0 (unlike the 2-D 'same' split)
        along_depth = (out_depth - 1) * stride_depth + filter_depth - in_depth
        along_height = (out_height - 1) * stride_height + filter_height - in_height
        along_width = (out_width - 1) * stride_width + filter_width - in_width
        front = along_depth // 2
        top = along_height // 2
        left = along_width // 2
        info = PadInfo3D(
            top=top,
            bottom=along_height - top,
            left=left,
            right=along_width - left,
            front=front,
            back=along_depth - front,
            type="SAME",
        )
        return info, out_depth, out_height, out_width
    raise ValueError(f"Unknown padding parameter: {pad}")
