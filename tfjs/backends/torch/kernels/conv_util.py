"""Geometry shared by the torch convolution and pooling kernels (2-D and 3-D): TF.js's
conv info, the channels-last <-> channels-first views (channels-last data is a
channels-first tensor in channels-last memory: no copy), and the explicit padding that
makes a VALID torch window give exactly TF.js's outputs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

import torch
import torch.nn.functional as F

from tfjs.backend_util.conv_info import compute_conv2d_info, convert_conv2d_data_format
from tfjs.backend_util.conv_types import Conv2DInfo
from tfjs.backends.torch.kernels.pad import border_padded
from tfjs.tensor_size import check_tensor_size


def conv2d_info(
    in_shape: Any,
    filter_shape: Any,
    strides: Any,
    pad: Any,
    data_format: str,
    dilations: Any,
    dim_rounding_mode: Any,
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


class Window(NamedTuple):
    """A conv info's spatial geometry, outermost dimension first."""

    in_sizes: tuple[int, ...]
    out_sizes: tuple[int, ...]
    strides: tuple[int, ...]
    dilations: tuple[int, ...]
    filter_sizes: tuple[int, ...]
    effective: tuple[int, ...]
    before: tuple[int, ...]


def window(info: Any) -> Window:
    """The spatial geometry of a Conv2DInfo or Conv3DInfo. Along a dimension of one output
    any stride gives the same windows: it is 1 there, so torch never meets a stride past
    its int32 range (or sizes a buffer by one)."""
    names = ("depth", "height", "width") if hasattr(info, "in_depth") else ("height", "width")
    pads = {"depth": info.pad_info.front if hasattr(info.pad_info, "front") else 0}
    pads.update(height=info.pad_info.top, width=info.pad_info.left)
    outs = tuple(getattr(info, f"out_{n}") for n in names)
    return Window(
        tuple(getattr(info, f"in_{n}") for n in names),
        outs,
        tuple(1 if out == 1 else getattr(info, f"stride_{n}") for n, out in zip(names, outs, strict=True)),
        tuple(getattr(info, f"dilation_{n}") for n in names),
        tuple(getattr(info, f"filter_{n}") for n in names),
        tuple(getattr(info, f"effective_filter_{n}") for n in names),
        tuple(pads[n] for n in names),
    )


def channels_first(x: torch.Tensor, info: Any) -> torch.Tensor:
    """`x` (in info's data format) channels-first: a view of channels-last data."""
    if info.data_format == "channelsFirst":
        return x
    return x.permute(0, x.dim() - 1, *range(1, x.dim() - 1))


def from_channels_first(y: torch.Tensor, info: Any) -> torch.Tensor:
    """A channels-first result in info's data format (a view)."""
    if info.data_format == "channelsFirst":
        return y
    return y.permute(0, *range(2, y.dim()), 1)


class TorchWindow(NamedTuple):
    """How torch runs a conv info's forward windows on channels-first data: the input
    cropped to `crop` (slices, or None: whole), padded by F.pad's `pads` (or None: no
    copy), then torch's own symmetric `padding`, at `stride` and `dilation`."""

    crop: tuple[slice, ...] | None
    pads: list[int] | None
    padding: tuple[int, ...]
    stride: tuple[int, ...]
    dilation: tuple[int, ...]


# {id(info): (info, its TorchWindow)}: the info is kept, so its id is never reused here.
_TORCH_WINDOWS: dict[int, tuple[Any, TorchWindow]] = {}

T = TypeVar("T")


def once_per_info(cache: dict[int, tuple[Any, Any]], info: Any, make: Callable[[Any], T]) -> T:
    """`make(info)`, worked out once per info (conv and pool infos are cached by their
    inputs' shapes and attributes, so a model meets the same few): kept in `cache` by
    the info's id, with the info itself, so the id is never reused there."""
    cached = cache.get(id(info))
    if cached is not None and cached[0] is info:
        return cached[1]
    made = make(info)
    if len(cache) >= 4096:
        cache.clear()
    cache[id(info)] = (info, made)
    return made


def torch_window(info: Any, kernel_name: str = "") -> TorchWindow:
    """The TorchWindow giving exactly TF.js's outputs, worked out once per info.
    Leading padding is torch's own and costs no copy; only trailing padding past it
    (SAME's odd split) or a negative pad is an F.pad, whose padded size is checked
    first, naming `kernel_name` (TF.js's)."""

    def make(info: Any) -> TorchWindow:
        made = _torch_window(info)
        if made.pads is not None and kernel_name:
            _check_padded(info.batch_size, window(info).in_sizes, info.in_channels, made.pads, kernel_name)
        return made

    return once_per_info(_TORCH_WINDOWS, info, make)


def _torch_window(info: Any) -> TorchWindow:
    w = window(info)
    padding: list[int] = []
    extra: list[int] = []  # F.pad's list, last dimension first
    crop: list[slice] = []
    strides: list[int] = []
    for size, out, stride, effective, before in zip(
        w.in_sizes, w.out_sizes, w.strides, w.effective, w.before, strict=True
    ):
        after = (out - 1) * stride + effective - size - before
        if out == 1:  # any stride past the unused tail gives the one window
            stride = max(1, before - after + 1)
        # torch pads `before` at both ends and its windows stop at the last one that fits
        cut = max(0, before - after - stride + 1) if after <= before else 0
        if before < 0 or cut > max(0, -after):
            return TorchWindow(None, padding_to_output(info), (0,) * len(w.in_sizes), w.strides, w.dilations)
        padding.append(before)
        extra[:0] = [0, max(0, after - before)]
        crop.append(slice(0, size - cut))
        strides.append(stride)
    cropped = any(s.stop != size for s, size in zip(crop, w.in_sizes, strict=True))
    return TorchWindow(
        (slice(None), slice(None), *crop) if cropped else None,
        extra if any(extra) else None,
        tuple(padding),
        tuple(strides),
        w.dilations,
    )


def padding_to_output(info: Any) -> list[int]:
    """F.pad's list (last dimension first) so that windows at the strides over the
    padded input are exactly TF.js's: TF.js's leading padding (a negative one starts
    the windows inside), and whatever trailing padding (a negative one crops) makes the
    last window the last output's."""
    w = window(info)
    pads: list[int] = []
    for size, out, stride, effective, before in reversed(
        list(zip(w.in_sizes, w.out_sizes, w.strides, w.effective, w.before, strict=True))
    ):
        pads += [before, (out - 1) * stride + effective - size - before]
    return pads


def padded_sizes(sizes: Any, pads: list[int]) -> list[int]:
    """Spatial `sizes` (outermost first) after F.pad's `pads` (last dimension first)."""
    return [size + pads[-2 * i - 2] + pads[-2 * i - 1] for i, size in enumerate(sizes)]


def _check_padded(batch: int, sizes: Any, channels: int, pads: list[int], kernel_name: str) -> None:
    padded = (batch, *padded_sizes(sizes, pads), channels)
    check_tensor_size(padded, "float32", f"{kernel_name} (its padded input)")


def padded_to_output(x: torch.Tensor, info: Any, value: float = 0.0, kernel_name: str = "") -> torch.Tensor:
    """Channels-first `x` padded (with `value`) or cropped so that a VALID window gives
    info's outputs; the padded size is checked first, naming `kernel_name` (TF.js's)."""
    pads = padding_to_output(info)
    if not any(pads):
        return x
    if kernel_name:
        _check_padded(x.shape[0], x.shape[2:], x.shape[1], pads, kernel_name)
    return border_padded(x, pads, value)


def unpadded(x: torch.Tensor, info: Any) -> torch.Tensor:
    """The input's part of a gradient computed on the padded input (`padded_to_output`'s
    inverse: cropped rows give zeros back)."""
    return F.pad(x, [-p for p in padding_to_output(info)])


def empty_output(info: Any) -> bool:
    """Whether the output, the input or the filter holds no values (a sum of no terms: 0)."""
    return 0 in info.out_shape or 0 in info.in_shape or 0 in info.filter_shape
