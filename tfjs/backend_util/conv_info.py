"""TF.js's conv_util geometry: the shapes, strides, dilations and padding of a
convolution or pooling window (computeConv2DInfo, computePool2DInfo, the 3-D versions).
Shared by the ops, which validate their arguments with it, and the kernels of every
backend, which compute with it; the ops' argument checks are in tfjs/ops/conv_checks.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tfjs.backend_util.conv_padding import (
    get_3d_pad_and_out_info,
    get_effective_filter_size,
    get_pad_and_out_info,
)
from tfjs.backend_util.conv_types import (
    Conv2DInfo,
    Conv3DInfo,
    DataFormat,
    Pad,
    RoundingMode,
    is_number,
)

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
        info = get_pad_and_out_info(
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
        info = get_3d_pad_and_out_info(pad, *sizes, *strides, *filters, rounding_mode)
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
