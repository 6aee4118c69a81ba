"""TF.js's conv_util: the shapes, strides, dilations and padding of a convolution or pooling
window (computeConv2DInfo, computePool2DInfo, the 3-D versions, the 'same' split, explicit
pads and dim_rounding_mode). The checks the ops make of their arguments are in
conv_checks.py.

Names are TF.js's in snake_case; the info records are frozen dataclasses whose fields are
TF.js's Conv2DInfo/Conv3DInfo fields in snake_case.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Union

import numpy as np

from tfjs.tensor_format import js_number_to_string, js_text

PadType = Literal["SAME", "VALID", "NUMBER", "EXPLICIT"]
DataFormat = Literal["channelsFirst", "channelsLast"]
RoundingMode = Literal["floor", "round", "ceil"]
# NHWC: [[0, 0], [top, bottom], [left, right], [0, 0]]; NCHW: [[0, 0], [0, 0], [top, bottom], [left, right]]
ExplicitPadding = Sequence[Sequence[int]]
Pad = Union[str, int, float, ExplicitPadding]  # noqa: UP007 (a runtime alias)

ROUNDING_MODES = ("floor", "round", "ceil")


@dataclass(frozen=True)
class PadInfo:
    top: int
    left: int
    right: int
    bottom: int
    type: PadType


@dataclass(frozen=True)
class PadInfo3D:
    top: int
    left: int
    right: int
    bottom: int
    front: int
    back: int
    type: PadType


@dataclass(frozen=True)
class Conv2DInfo:
    """The forward pass of a 2-D convolution or pooling (TF.js's Conv2DInfo)."""

    batch_size: int
    in_height: int
    in_width: int
    in_channels: int
    out_height: int
    out_width: int
    out_channels: int
    data_format: DataFormat
    stride_height: int
    stride_width: int
    dilation_height: int
    dilation_width: int
    filter_height: int
    filter_width: int
    effective_filter_height: int
    effective_filter_width: int
    pad_info: PadInfo
    in_shape: tuple[int, int, int, int]
    out_shape: tuple[int, int, int, int]
    filter_shape: tuple[int, int, int, int]


@dataclass(frozen=True)
class Conv3DInfo:
    """The forward pass of a 3-D convolution or pooling (TF.js's Conv3DInfo)."""

    batch_size: int
    in_depth: int
    in_height: int
    in_width: int
    in_channels: int
    out_depth: int
    out_height: int
    out_width: int
    out_channels: int
    data_format: DataFormat
    stride_depth: int
    stride_height: int
    stride_width: int
    dilation_depth: int
    dilation_height: int
    dilation_width: int
    filter_depth: int
    filter_height: int
    filter_width: int
    effective_filter_depth: int
    effective_filter_height: int
    effective_filter_width: int
    pad_info: PadInfo3D
    in_shape: tuple[int, int, int, int, int]
    out_shape: tuple[int, int, int, int, int]
    filter_shape: tuple[int, int, int, int, int]


# ---------------------------------------------------------------------------------------
# TF.js's conv_util functions
# ---------------------------------------------------------------------------------------


def compute_dilation2d_info(
    input_shape: Sequence[int],
    filter_shape: Sequence[int],
    strides: int | Sequence[int],
    pad: Pad,
    data_format: str = "NHWC",
    dilations: int | Sequence[int] = 1,
) -> Conv2DInfo:
    """TF.js's computeDilation2DInfo: a [h, w, depth] filter whose depth is the input's."""
    filter4 = (*filter_shape, input_shape[3])
    return compute_conv2d_info(
        input_shape, filter4, strides, dilations, pad, None, False, convert_conv2d_data_format(data_format)
    )


def compute_pool2d_info(
    in_shape: Sequence[int],
    filter_size: int | Sequence[int],
    strides: int | Sequence[int],
    dilations: int | Sequence[int],
    pad: Pad,
    rounding_mode: RoundingMode | None = None,
    data_format: DataFormat = "channelsLast",
) -> Conv2DInfo:
    """TF.js's computePool2DInfo: a pooling window as a conv2d whose filter keeps the channels."""
    filter_height, filter_width, _ = parse_tuple_param(filter_size)
    channels = _split_channels(in_shape, data_format)[1]
    filter_shape = (filter_height, filter_width, channels, channels)
    return compute_conv2d_info(
        in_shape, filter_shape, strides, dilations, pad, rounding_mode, False, data_format
    )


def compute_pool3d_info(
    in_shape: Sequence[int],
    filter_size: int | Sequence[int],
    strides: int | Sequence[int],
    dilations: int | Sequence[int],
    pad: Pad,
    rounding_mode: RoundingMode | None = None,
    data_format: str = "NDHWC",
) -> Conv3DInfo:
    """TF.js's computePool3DInfo (data_format 'NDHWC' or 'NCDHW')."""
    formats: dict[str, DataFormat] = {"NDHWC": "channelsLast", "NCDHW": "channelsFirst"}
    if data_format not in formats:
        raise ValueError(f"Unknown dataFormat {data_format}")
    channels = _split_channels(in_shape, formats[data_format])[1]
    filter_shape = (*parse_3tuple_param(filter_size), channels, channels)
    return compute_conv3d_info(
        in_shape, filter_shape, strides, dilations, pad, False, formats[data_format], rounding_mode
    )


def compute_conv2d_info(
    in_shape: Sequence[int],
    filter_shape: Sequence[int],
    strides: int | Sequence[int],
    dilations: int | Sequence[int],
    pad: Pad,
    rounding_mode: RoundingMode | None = None,
    depthwise: bool = False,
    data_format: DataFormat = "channelsLast",
) -> Conv2DInfo:
    """TF.js's computeConv2DInfo.

    >>> info = compute_conv2d_info([1, 5, 5, 2], [3, 3, 2, 4], 2, 1, "same")
    >>> info.out_shape, info.pad_info
    ((1, 3, 3, 4), PadInfo(top=1, left=1, right=1, bottom=1, type='SAME'))
    """
    # A graph model asks for the same few infos on every run, twice per convolution (op
    # and kernel), and each costs ~10 µs: remember them (the records are frozen).
    args = (in_shape, filter_shape, strides, dilations, pad, rounding_mode, depthwise, data_format)
    if not all(type(arg) in _KEY_TYPES for arg in args):
        return _compute_conv2d_info(*args)
    key = repr(args)  # tells 1, 1.0, True and np.int64(1) apart, as the checks do
    info = _CONV2D_INFOS.get(key)
    if info is None:
        if len(_CONV2D_INFOS) >= 4096:
            _CONV2D_INFOS.clear()
        info = _CONV2D_INFOS[key] = _compute_conv2d_info(*args)
    return info


_CONV2D_INFOS: dict[str, Conv2DInfo] = {}
_KEY_TYPES = frozenset({str, int, float, bool, type(None), tuple, list})


def _compute_conv2d_info(
    in_shape: Sequence[int],
    filter_shape: Sequence[int],
    strides: int | Sequence[int],
    dilations: int | Sequence[int],
    pad: Pad,
    rounding_mode: RoundingMode | None,
    depthwise: bool,
    data_format: DataFormat,
) -> Conv2DInfo:

    def pad_and_out(sizes: list[int], strides: tuple[int, ...], filters: list[int]) -> tuple[Any, list[int]]:
        (in_height, in_width), (stride_height, stride_width) = sizes, strides
        info = _get_pad_and_out_info(
            pad, in_height, in_width, stride_height, stride_width, *filters, rounding_mode, data_format
        )
        return info[0], list(info[1:])

    stride_height, stride_width, _ = parse_tuple_param(strides)
    dilation_height, dilation_width, _ = parse_tuple_param(dilations)
    return _conv_info(
        Conv2DInfo,
        ("height", "width"),
        in_shape,
        filter_shape,
        (stride_height, stride_width),
        (dilation_height, dilation_width),
        depthwise,
        data_format,
        pad_and_out,
    )


def compute_conv3d_info(
    in_shape: Sequence[int],
    filter_shape: Sequence[int],
    strides: int | Sequence[int],
    dilations: int | Sequence[int],
    pad: Pad,
    depthwise: bool = False,
    data_format: DataFormat = "channelsLast",
    rounding_mode: RoundingMode | None = None,
) -> Conv3DInfo:
    """TF.js's computeConv3DInfo (pad 'same', 'valid' or a number).

    >>> compute_conv3d_info([1, 4, 4, 4, 1], [2, 2, 2, 1, 3], 2, 1, "valid").out_shape
    (1, 2, 2, 2, 3)
    """

    def pad_and_out(sizes: list[int], strides: tuple[int, ...], filters: list[int]) -> tuple[Any, list[int]]:
        info = _get_3d_pad_and_out_info(pad, *sizes, *strides, *filters, rounding_mode)
        return info[0], list(info[1:])

    return _conv_info(
        Conv3DInfo,
        ("depth", "height", "width"),
        in_shape,
        filter_shape,
        parse_3tuple_param(strides),
        parse_3tuple_param(dilations),
        depthwise,
        data_format,
        pad_and_out,
    )


def compute_default_pad(input_shape: Sequence[int], field_size: int, stride: int, dilation: int = 1) -> int:
    """TF.js's computeDefaultPad: the pad that keeps the size for stride 1."""
    effective = get_effective_filter_size(field_size, dilation)
    return math.floor((input_shape[0] * (stride - 1) - stride + effective) / 2)


def get_effective_filter_size(filter_size: int, dilation: int) -> int:
    """The extent of a dilated filter: filter_size + (filter_size - 1) * (dilation - 1)."""
    if dilation <= 1:
        return filter_size
    return filter_size + (filter_size - 1) * (dilation - 1)


def parse_tuple_param(param: int | Sequence[int]) -> tuple[int, int, int]:
    """TF.js's parseTupleParam: a number for every dimension, or [h, w] (then 1), or [a, b, c]."""
    if is_number(param):
        return (param, param, param)
    values = list(param)
    if len(values) == 2:
        return (values[0], values[1], 1)
    return tuple(values)


def parse_3tuple_param(param: int | Sequence[int]) -> tuple[int, int, int]:
    """TF.js's parse3TupleParam: a number for all three dimensions, or [d, h, w]."""
    if is_number(param):
        return (param, param, param)
    return tuple(param)


def tuple_values_are_one(param: int | Sequence[int]) -> bool:
    """TF.js's tupleValuesAreOne."""
    return all(v == 1 for v in parse_tuple_param(param))


def either_strides_or_dilations_are_one(strides: int | Sequence[int], dilations: int | Sequence[int]) -> bool:
    """TF.js's eitherStridesOrDilationsAreOne."""
    return tuple_values_are_one(strides) or tuple_values_are_one(dilations)


def strides_or_dilations_are_positive(values: int | Sequence[int]) -> bool:
    """TF.js's stridesOrDilationsArePositive."""
    return all(v > 0 for v in parse_tuple_param(values))


def convert_conv2d_data_format(data_format: str) -> DataFormat:
    """TF.js's convertConv2DDataFormat: 'NHWC' -> 'channelsLast', 'NCHW' -> 'channelsFirst'."""
    if data_format == "NHWC":
        return "channelsLast"
    if data_format == "NCHW":
        return "channelsFirst"
    raise ValueError(f"Unknown dataFormat {data_format}")


def check_pad_on_dim_rounding_mode(op_desc: str, pad: Pad, dim_rounding_mode: str | None) -> None:
    """TF.js's checkPadOnDimRoundingMode: with a rounding mode, the pad must be integers.

    The message is `<op_desc>: Error in <op_desc>: ...`; pass the Python op name, e.g.
    'conv2d' (TF.js's camelCase name appears in its own message only where they differ).
    """
    check_pad_on_dim_rounding_mode_as(op_desc, op_desc, pad, dim_rounding_mode)


def check_pad_on_dim_rounding_mode_as(
    op_name: str, js_op_desc: str, pad: Pad, dim_rounding_mode: str | None
) -> None:
    """check_pad_on_dim_rounding_mode with TF.js's camelCase name (`js_op_desc`) in the text."""
    if dim_rounding_mode is None:
        return
    prefix = (
        f"{op_name}: Error in {js_op_desc}: pad must be an integer when using "
        f"dimRoundingMode {js_text(dim_rounding_mode)}"
    )
    if isinstance(pad, str):
        raise ValueError(f"{prefix} but got pad {pad}.")
    if is_number(pad):
        if not float(pad).is_integer():
            raise ValueError(f"{prefix} but got pad {js_number_to_string(float(pad))}.")
        return
    if not isinstance(pad, (list, tuple)) or not all(isinstance(pair, (list, tuple)) for pair in pad):
        raise ValueError(f"{prefix} but got pad {js_text(pad)}.")
    for pair in pad:
        for v in pair:
            if not (is_number(v) and float(v).is_integer()):
                raise ValueError(f"{prefix} but got pad {js_value(v)}.")


# ---------------------------------------------------------------------------------------
# internals
# ---------------------------------------------------------------------------------------


def is_number(value: Any) -> bool:
    number = isinstance(value, (int, float, np.integer, np.floating))
    return number and not isinstance(value, (bool, np.bool_))


def js_value(value: Any) -> str:
    if is_number(value):
        return js_number_to_string(float(value))
    if isinstance(value, (list, tuple, np.ndarray)):
        return js_list_any(list(value))
    return js_text(value)


def pad_text(pad: Any) -> str:
    if isinstance(pad, str):
        return f"'{pad}'"
    if isinstance(pad, (list, tuple, np.ndarray)):
        return "[" + ", ".join("[" + ", ".join(js_value(v) for v in p) + "]" for p in pad) + "]"
    return js_value(pad)


def _split_channels(in_shape: Sequence[int], data_format: str) -> tuple[list[int], int]:
    """An input shape's spatial sizes and channels, by TF.js's data format."""
    if data_format == "channelsLast":
        return list(in_shape[1:-1]), in_shape[-1]
    if data_format == "channelsFirst":
        return list(in_shape[2:]), in_shape[1]
    raise ValueError(f"Unknown dataFormat {data_format}")


def _conv_info(
    cls: type,
    axes: tuple[str, ...],
    in_shape: Sequence[int],
    filter_shape: Sequence[int],
    strides: tuple[int, ...],
    dilations: tuple[int, ...],
    depthwise: bool,
    data_format: DataFormat,
    pad_and_out: Callable[[list[int], tuple[int, ...], list[int]], tuple[Any, list[int]]],
) -> Any:
    """TF.js's computeConv2DInfo / computeConv3DInfo around their pad and output-size rule
    `pad_and_out(in_sizes, strides, effective_filter_sizes) -> (pad_info, out_sizes)`:
    a `cls` record whose per-axis fields are named after `axes`."""
    in_shape = tuple(int(d) for d in in_shape)
    filter_shape = tuple(int(d) for d in filter_shape)
    in_sizes, in_channels = _split_channels(in_shape, data_format)
    filter_sizes = filter_shape[: len(axes)]
    effective = [get_effective_filter_size(f, d) for f, d in zip(filter_sizes, dilations, strict=True)]
    pad_info, out_sizes = pad_and_out(in_sizes, strides, effective)
    out_channels = filter_shape[-1] * in_channels if depthwise else filter_shape[-1]
    channels_first = data_format == "channelsFirst"
    spatial_out = tuple(out_sizes)
    out_shape = (
        (in_shape[0], out_channels, *spatial_out)
        if channels_first
        else (in_shape[0], *spatial_out, out_channels)
    )
    fields: dict[str, Any] = {
        "batch_size": in_shape[0],
        "in_channels": in_channels,
        "out_channels": out_channels,
        "data_format": data_format,
        "pad_info": pad_info,
        "in_shape": in_shape,
        "out_shape": out_shape,
        "filter_shape": filter_shape,
    }
    per_axis = zip(axes, in_sizes, out_sizes, strides, dilations, filter_sizes, effective, strict=True)
    for axis, n_in, n_out, stride, dilation, size, extent in per_axis:
        fields.update(
            {
                f"in_{axis}": n_in,
                f"out_{axis}": n_out,
                f"stride_{axis}": stride,
                f"dilation_{axis}": dilation,
                f"filter_{axis}": size,
                f"effective_filter_{axis}": extent,
            }
        )
    return cls(**fields)


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


def _get_pad_and_out_info(
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


def _get_3d_pad_and_out_info(
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


def js_param(value: Any) -> str:
    """A number or a list as a JavaScript template string writes it (`2` or `2,2`)."""
    if isinstance(value, (list, tuple, np.ndarray)):
        return js_list_any(list(value))
    return js_value(value)


def js_list_any(values: Sequence[Any]) -> str:
    return ",".join(js_value(v) for v in values)
