"""The records of a convolution or pooling window's geometry (TF.js's Conv2DInfo and
Conv3DInfo, as frozen dataclasses with its fields in snake_case) and their type aliases."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Union

import numpy as np

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


def is_number(value: Any) -> bool:
    """A Python or NumPy number that is not a bool."""
    number = isinstance(value, (int, float, np.integer, np.floating))
    return number and not isinstance(value, (bool, np.bool_))
