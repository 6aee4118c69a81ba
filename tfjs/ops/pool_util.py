"""Argument checks the pooling ops share (avg_pool, max_pool, their 3-D versions,
max_pool_with_argmax, pool): TF.js's messages where it has them, prefixed with the Python
op name, and clear errors where TF.js would compute garbage."""

from __future__ import annotations

from typing import Any

from tfjs.backend_util.conv_info import (
    compute_pool2d_info,
    compute_pool3d_info,
    parse_3tuple_param,
    parse_tuple_param,
)
from tfjs.backend_util.conv_types import Pad
from tfjs.engine import ENGINE
from tfjs.ops.conv_checks import check_dim_rounding_mode, check_filter_fits, check_pad, check_tuple_param
from tfjs.ops.conv_util import check_pad_on_dim_rounding_mode_as, js_param
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_text
from tfjs.tensor_size import check_tensor_size


def check_rank(rank: int, want: int, op_name: str, js_name: str, what: str = "x") -> None:
    if rank != want:
        raise ValueError(f"{op_name}: Error in {js_name}: {what} must be rank {want} but got rank {rank}.")


def check_window(
    filter_size: Any, strides: Any, op_name: str, js_name: str, length: int, filter_name: str = "filter_size"
) -> tuple[int | tuple[int, ...], int | tuple[int, ...]]:
    """`filter_size` and `strides` as ints or `length`-tuples of positive ints."""
    filter_size = check_tuple_param(filter_size, filter_name, op_name, length)
    strides = check_tuple_param(strides, "strides", op_name, length)
    parse = parse_tuple_param if length == 2 else parse_3tuple_param
    if any(s <= 0 for s in parse(strides)):
        raise ValueError(f"{op_name}: Error in {js_name}: Stride must be > 0, but got '{js_param(strides)}'")
    if any(f <= 0 for f in parse(filter_size)):
        raise ValueError(f"{op_name}: {filter_name} must be > 0, but got '{js_param(filter_size)}'")
    return filter_size, strides


def check_pool_pad(
    pad: Any, dim_rounding_mode: Any, op_name: str, js_name: str, *, explicit: bool = True
) -> Pad:
    """`pad` checked as TF.js's checkPadOnDimRoundingMode does, then as a whole number or
    pairs of them (TF.js reads a fractional pad as fractional indices: garbage)."""
    check_dim_rounding_mode(dim_rounding_mode, op_name)
    check_pad_on_dim_rounding_mode_as(op_name, js_name, pad, dim_rounding_mode)
    return check_pad(pad, op_name, 4, explicit=explicit)


def pool2d_out_shape(
    shape: tuple[int, ...],
    filter_size: Any,
    strides: Any,
    dilations: Any,
    pad: Pad,
    dim_rounding_mode: Any,
    op_name: str,
) -> tuple[int, ...]:
    """The output shape of a 2-D pooling of a [batch, height, width, channels] input; a
    window that does not fit the input is an error."""
    info = compute_pool2d_info(shape, filter_size, strides, dilations, pad, dim_rounding_mode)
    filter_shape = (info.effective_filter_height, info.effective_filter_width)
    in_sizes, out_sizes = (info.in_height, info.in_width), (info.out_height, info.out_width)
    check_filter_fits(op_name, shape, filter_shape, in_sizes, out_sizes, pad)
    check_tensor_size(info.out_shape, "float32", op_name)
    return info.out_shape


def pool3d_out_shape(
    shape: tuple[int, ...], filter_size: Any, strides: Any, pad: Pad, dim_rounding_mode: Any, op_name: str
) -> tuple[int, ...]:
    info = compute_pool3d_info(shape, filter_size, strides, 1, pad, dim_rounding_mode)
    filter_shape = (info.filter_depth, info.filter_height, info.filter_width)
    in_sizes = (info.in_depth, info.in_height, info.in_width)
    out_sizes = (info.out_depth, info.out_height, info.out_width)
    check_filter_fits(op_name, shape, filter_shape, in_sizes, out_sizes, pad)
    check_tensor_size(info.out_shape, "float32", op_name)
    return info.out_shape


def run_pool(
    kernel_name: str,
    x: Tensor,
    filter_size: Any,
    strides: Any,
    pad: Any,
    dim_rounding_mode: Any,
    op_name: str,
    js_name: str,
    x_name: str = "x",
    *,
    spatial: int = 2,
    data_format: Any = None,
) -> Tensor:
    """avg_pool and max_pool, or with `spatial` 3 (and a `data_format`) avg_pool3d and
    max_pool3d, after converting x: the checks they share, in TF.js's order (`x_name`: what TF.js's rank
    message calls x), then the kernel on x as a batch (a batch of one added when x has
    none, and taken off the result)."""
    unbatched = x.rank == spatial + 1
    check_rank(x.rank + 1 if unbatched else x.rank, spatial + 2, op_name, js_name, x_name)
    if spatial == 3 and (not isinstance(data_format, str) or data_format != "NDHWC"):
        raise ValueError(
            f"{op_name}: Error in {js_name}: Only NDHWC is currently supported, "
            f"but got dataFormat of {js_text(data_format)}"
        )
    filter_size, strides = check_window(filter_size, strides, op_name, js_name, spatial)
    pad = check_pool_pad(pad, dim_rounding_mode, op_name, js_name, explicit=spatial == 2)
    shape = (1, *x.shape) if unbatched else x.shape
    if spatial == 2:
        pool2d_out_shape(shape, filter_size, strides, 1, pad, dim_rounding_mode, op_name)
    else:
        pool3d_out_shape(shape, filter_size, strides, pad, dim_rounding_mode, op_name)
    attrs = pool_attrs(filter_size, strides, pad, dim_rounding_mode)
    if spatial == 3:
        attrs["data_format"] = data_format
    result = ENGINE.run_kernel(kernel_name, {"x": reshape(x, shape) if unbatched else x}, attrs)
    return reshape(result, result.shape[1:]) if unbatched else result


def pool_attrs(filter_size: Any, strides: Any, pad: Any, dim_rounding_mode: Any) -> dict[str, Any]:
    """A pooling kernel's window attributes (AvgPool3D's and MaxPool3D's, and their gradients')."""
    return {
        "filter_size": filter_size,
        "strides": strides,
        "pad": pad,
        "dim_rounding_mode": dim_rounding_mode,
    }
