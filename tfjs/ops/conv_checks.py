"""The checks the convolution and pooling ops make of their arguments before any kernel
runs (TF.js leaves most of these to JavaScript's typing), in TF.js's words where it has
them, and the attributes and batching the conv ops share."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from tfjs.backend_util.conv_info import (
    compute_conv2d_info,
    convert_conv2d_data_format,
    either_strides_or_dilations_are_one,
    strides_or_dilations_are_positive,
)
from tfjs.backend_util.conv_types import ROUNDING_MODES, Conv2DInfo, Pad, is_number
from tfjs.engine import ENGINE
from tfjs.ops.conv_util import check_pad_on_dim_rounding_mode_as, js_list_any, js_param, js_value, pad_text
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list, js_text
from tfjs.tensor_size import MAX_TENSOR_ELEMENTS, check_tensor_size


def check_tuple_param(
    value: Any, name: str, op_name: str, length: int = 2, *, allow_3: bool = False
) -> int | tuple[int, ...]:
    """`value` (strides, dilations, filter size) as an int or a tuple of `length` ints.

    Positivity is left to the ops (TF.js's messages); this only rejects what JavaScript's
    typing would: non-numbers, non-integers (or integers past 2**53 - 1, which no
    JavaScript number holds exactly) and lists of the wrong length.
    """
    if is_number(value):
        if not float(value).is_integer() or abs(value) > MAX_TENSOR_ELEMENTS:
            raise ValueError(
                f"{op_name}: {name} must be an integer or a list of integers, got {js_value(value)}"
            )
        return int(value)
    if isinstance(value, (list, tuple, np.ndarray)):
        values = list(value)
        lengths = (length, 3) if allow_3 else (length,)
        exact = all(is_number(v) and float(v).is_integer() and abs(v) <= MAX_TENSOR_ELEMENTS for v in values)
        if len(values) in lengths and exact:
            return tuple(int(v) for v in values)
        want = " or ".join(str(n) for n in lengths)
        raise ValueError(
            f"{op_name}: {name} must be an integer or a list of {want} integers, got [{js_list_any(values)}]"
        )
    raise TypeError(f"{op_name}: {name} must be an integer or a list of integers, got {value!r}")


def check_pad(pad: Any, op_name: str, rank: int = 4, *, explicit: bool = True) -> Pad:
    """`pad` as 'same', 'valid', a non-negative integer, or (where `explicit`) `rank` pairs
    of non-negative integers; normalised (ints, pairs as tuples). TF.js reads a fractional
    pad as fractional indices (NaN results): an error here."""
    if isinstance(pad, str):
        if pad in ("same", "valid"):
            return pad
        raise ValueError(f"{op_name}: Unknown padding parameter: {pad}")
    if is_number(pad):
        if not math.isfinite(float(pad)) or pad < 0 or not float(pad).is_integer():
            raise ValueError(f"{op_name}: pad must be a non-negative integer, got {js_value(pad)}")
        return int(pad)
    if explicit and isinstance(pad, (list, tuple, np.ndarray)):
        pairs = list(pad)
        ok = len(pairs) == rank and all(
            isinstance(p, (list, tuple, np.ndarray))
            and len(p) == 2
            and all(is_number(v) and float(v).is_integer() and v >= 0 for v in p)
            for p in pairs
        )
        if not ok:
            raise ValueError(
                f"{op_name}: explicit pad must be {rank} pairs of non-negative integers, got {pad!r}"
            )
        return tuple((int(a), int(b)) for a, b in pairs)
    kinds = "'same', 'valid', a number or explicit pairs" if explicit else "'same', 'valid' or a number"
    raise ValueError(f"{op_name}: Unknown padding parameter: {pad!r} (expected {kinds})")


def check_dim_rounding_mode(dim_rounding_mode: Any, op_name: str) -> None:
    """None or one of 'floor', 'round', 'ceil'."""
    if dim_rounding_mode is not None and (
        not isinstance(dim_rounding_mode, str) or dim_rounding_mode not in ROUNDING_MODES
    ):
        raise ValueError(f"{op_name}: Unknown roundingMode {js_text(dim_rounding_mode)}")


def check_data_format(data_format: Any, op_name: str, allowed: Sequence[str] = ("NHWC", "NCHW")) -> str:
    """`data_format` as one of `allowed` (TF.js's 'Unknown dataFormat' message)."""
    if not isinstance(data_format, str) or data_format not in allowed:
        raise ValueError(f"{op_name}: Unknown dataFormat {js_text(data_format)}")
    return data_format


def check_filter_fits(
    op_name: str,
    x_shape: Sequence[int],
    filter_shape: Sequence[int],
    in_sizes: Sequence[int],
    out_sizes: Sequence[int],
    pad: Any,
) -> None:
    """A filter larger than its (padded) input is an error naming the shapes, where TF.js
    would return an empty or garbage tensor: each output size must be at least 1 (or 0 for
    an empty input dimension)."""
    if any(o < 0 or (o == 0 and i > 0) for i, o in zip(in_sizes, out_sizes, strict=True)):
        raise ValueError(
            f"{op_name}: the filter of shape [{js_list(filter_shape)}] is larger than the input x of "
            f"shape [{js_list(x_shape)}] with pad {pad_text(pad)} (output size [{js_list(out_sizes)}])"
        )


def check_strides_and_dilations(
    op_name: str, js_op_name: str, strides: Any, dilations: Any, *, stride_word: str = "strides"
) -> tuple[Any, Any]:
    """Parses strides and dilations (ints or pairs) and makes TF.js's conv2d checks, in its
    words: not both > 1, dilations > 0, strides > 0."""
    strides = check_tuple_param(strides, stride_word, op_name)
    dilation_word = "dilations" if stride_word == "strides" else "dilation"
    dilations = check_tuple_param(dilations, dilation_word, op_name)
    if not either_strides_or_dilations_are_one(strides, dilations):
        raise ValueError(
            f"{op_name}: Error in {js_op_name}: Either {stride_word} or {dilation_word} must be 1. "
            f"Got {stride_word} {js_param(strides)} and {dilation_word} '{js_param(dilations)}'"
        )
    if not strides_or_dilations_are_positive(dilations):
        raise ValueError(f"{op_name}: Error in {js_op_name}: Dilated rates should be larger than 0.")
    if not strides_or_dilations_are_positive(strides):
        word = "Strides" if stride_word == "strides" else "Stride"
        raise ValueError(f"{op_name}: Error in {js_op_name}: {word} should be larger than 0.")
    return strides, dilations


def check_rank(op_name: str, js_name: str, what: str, rank: int, want: int, end: str = ".") -> None:
    """TF.js's `Error in <js_name>: <what> must be rank <want>, but got rank <rank>.`"""
    if rank != want:
        raise ValueError(
            f"{op_name}: Error in {js_name}: {what} must be rank {want}, but got rank {rank}{end}"
        )


def check_depth(op_name: str, js_name: str, side: str, depth: int, filter_depth: int) -> None:
    """TF.js's check that x's (side 'input') or dy's (side 'output') channels are the filter's."""
    if depth != filter_depth:
        raise ValueError(
            f"{op_name}: Error in {js_name}: depth of {side} ({depth}) must match {side} depth for "
            f"filter {filter_depth}."
        )


def check_in_channels(op_name: str, js_name: str, in_channels: int, filter_channels: int) -> None:
    """TF.js's depthwiseConv2d check that x's channels are the filter's."""
    if in_channels != filter_channels:
        raise ValueError(
            f"{op_name}: Error in {js_name}: number of input channels ({in_channels}) must match the "
            f"inChannels dimension in filter {filter_channels}."
        )


def conv2d_attrs(
    op_name: str,
    js_name: str,
    x_shape: Sequence[int],
    filter_shape: Sequence[int],
    strides: int | Sequence[int],
    pad: Pad,
    data_format: str,
    dilations: int | Sequence[int],
    dim_rounding_mode: str | None,
    *,
    depthwise: bool = False,
    js_check_name: str | None = None,
) -> tuple[dict, Conv2DInfo]:
    """TF.js's conv2d (or, `depthwise`, depthwiseConv2d) checks on a rank-4 `x_shape`, in
    its words (`js_name`; the stride checks under `js_check_name`, default `js_name`) and
    order; the Conv2D (DepthwiseConv2dNative) kernel's attributes and the window info."""
    # A graph model makes the same few checks on every run, ~35 µs a convolution: remember
    # the results of those that passed (errors are never remembered), keyed as
    # compute_conv2d_info keys its infos; each call gets its own attributes dict.
    args = (op_name, js_name, x_shape, filter_shape, strides, pad, data_format, dilations, dim_rounding_mode)
    if not all(type(arg) in _KEY_TYPES for arg in args):
        return _conv2d_attrs(*args, depthwise=depthwise, js_check_name=js_check_name)
    key = repr((*args, depthwise, js_check_name))  # tells 1, 1.0, True and np.int64(1) apart
    found = _CONV2D_ATTRS.get(key)
    if found is None:
        if len(_CONV2D_ATTRS) >= 4096:
            _CONV2D_ATTRS.clear()
        found = _CONV2D_ATTRS[key] = _conv2d_attrs(*args, depthwise=depthwise, js_check_name=js_check_name)
    attrs, info = found
    return dict(attrs), info


_CONV2D_ATTRS: dict[str, tuple[dict, Conv2DInfo]] = {}
_KEY_TYPES = frozenset({str, int, float, bool, type(None), tuple, list})


def _conv2d_attrs(
    op_name: str,
    js_name: str,
    x_shape: Sequence[int],
    filter_shape: Sequence[int],
    strides: int | Sequence[int],
    pad: Pad,
    data_format: str,
    dilations: int | Sequence[int],
    dim_rounding_mode: str | None,
    *,
    depthwise: bool,
    js_check_name: str | None,
) -> tuple[dict, Conv2DInfo]:
    """conv2d_attrs's checks and results, uncached."""
    check_rank(op_name, js_name, "input", len(x_shape), 4)
    check_rank(op_name, js_name, "filter", len(filter_shape), 4)
    if not depthwise:
        check_pad_on_dim_rounding_mode_as(op_name, js_name, pad, dim_rounding_mode)
    check_data_format(data_format, op_name)
    in_depth = x_shape[3] if data_format == "NHWC" else x_shape[1]
    if depthwise:
        check_in_channels(op_name, js_name, in_depth, filter_shape[2])
        check_pad_on_dim_rounding_mode_as(op_name, js_name, pad, dim_rounding_mode)
    else:
        check_depth(op_name, js_name, "input", in_depth, filter_shape[2])
    strides, dilations = check_strides_and_dilations(op_name, js_check_name or js_name, strides, dilations)
    pad = check_pad(pad, op_name)
    check_dim_rounding_mode(dim_rounding_mode, op_name)
    format_ = convert_conv2d_data_format(data_format)
    info = compute_conv2d_info(
        x_shape, filter_shape, strides, dilations, pad, dim_rounding_mode, depthwise, format_
    )
    in_sizes, out_sizes = (info.in_height, info.in_width), (info.out_height, info.out_width)
    check_filter_fits(op_name, x_shape, filter_shape, in_sizes, out_sizes, pad)
    check_tensor_size(info.out_shape, "float32", op_name)
    return conv2d_kernel_attrs(strides, pad, data_format, dilations, dim_rounding_mode), info


def conv2d_kernel_attrs(
    strides: Any, pad: Pad, data_format: str, dilations: Any, dim_rounding_mode: str | None
) -> dict[str, Any]:
    """The Conv2D kernel's attributes (those of its backprop kernels but their shape)."""
    return {
        "strides": strides,
        "pad": pad,
        "data_format": data_format,
        "dilations": dilations,
        "dim_rounding_mode": dim_rounding_mode,
    }


def backprop_shapes(
    op_name: str, js_name: str, x_shape: Any, dy: Tensor, rank: int, filter_shape: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """TF.js's conv2DBackpropInput / conv3DBackpropInput checks of the input's shape
    (`output_shape`, of dy's rank) and of the channels dy and the filter share; both shapes
    as a batch (of one where dy lacks the batch dimension): (x_shape, dy_shape)."""
    if not isinstance(x_shape, (list, tuple, np.ndarray)) or not all(
        isinstance(d, (int, np.integer)) and not isinstance(d, bool) and d >= 0 for d in x_shape
    ):
        raise ValueError(f"{op_name}: output_shape must be a list of non-negative integers, got {x_shape!r}")
    x_shape = tuple(int(d) for d in x_shape)
    if len(x_shape) != dy.rank:
        raise ValueError(
            f"{op_name}: Length of inShape ({len(x_shape)}) and rank of dy ({dy.rank}) must match"
        )
    dy_shape = batch_shape(dy, rank)
    if dy.rank == rank - 1:
        x_shape = (1, *x_shape)
    if len(x_shape) != rank:
        raise ValueError(
            f"{op_name}: Error in {js_name}: inShape must be length {rank}, but got length {len(x_shape)}."
        )
    check_rank(op_name, js_name, "dy", len(dy_shape), rank, end="")
    check_rank(op_name, js_name, "filter", len(filter_shape), rank, end="")
    return x_shape, dy_shape


def batch_shape(x: Tensor, rank: int) -> tuple[int, ...]:
    """x's shape with a batch of one in front where x has rank `rank` - 1 (one image)."""
    return (1, *x.shape) if x.rank == rank - 1 else x.shape


def run_batched(kernel_name: str, x_name: str, x: Tensor, rank: int, inputs: dict, attrs: dict) -> Tensor:
    """Runs `kernel_name` on `x` (input `x_name`, with the other `inputs`) as a batch: an x
    of rank `rank` - 1 as a batch of one, whose result then loses the batch dimension."""
    single = x.rank == rank - 1
    batched = reshape(x, batch_shape(x, rank)) if single else x
    result = ENGINE.run_kernel(kernel_name, {x_name: batched, **inputs}, attrs)
    return reshape(result, result.shape[1:]) if single else result
