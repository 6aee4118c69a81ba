from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs.backend_util import conv_info
from tfjs.backend_util.conv_types import Pad
from tfjs.engine import ENGINE
from tfjs.kernel_names import CONV2D, CONV2D_BACKPROP_INPUT
from tfjs.kernel_registry import register_gradient
from tfjs.ops import conv_checks, conv_util
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def conv2d_transpose(
    x: TensorLike,
    filter: TensorLike,  # noqa: A002 (TF.js's argument name)
    output_shape: Sequence[int],
    strides: int | Sequence[int],
    pad: Pad,
    dim_rounding_mode: str | None = None,
) -> Tensor:
    """The transpose of conv2d (sometimes called deconvolution): the gradient of a conv2d
    of an input shaped `output_shape` with respect to that input, for `x` as its output.

    `filter` is [filter_height, filter_width, out_depth, in_depth] where out_depth is the
    depth of `output_shape` and in_depth that of `x`.

    >>> x = tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1])
    >>> tf.conv2d_transpose(x, tf.ones([2, 2, 1, 1]), [1, 3, 3, 1], 1, "valid").array_sync()
    [[[[1.0], [3.0], [2.0]], [[4.0], [10.0], [6.0]], [[3.0], [7.0], [4.0]]]]
    """
    x_tensor = convert_to_tensor(x, "x", "conv2d_transpose")
    filter_tensor = convert_to_tensor(filter, "filter", "conv2d_transpose")
    return conv2d_backprop_input(
        output_shape, x_tensor, filter_tensor, strides, pad, "NHWC", dim_rounding_mode, "conv2d_transpose"
    )


def conv2d_backprop_input(
    x_shape: Sequence[int],
    dy: Tensor,
    filter: Tensor,  # noqa: A002 (TF.js's argument name)
    strides: int | Sequence[int],
    pad: Pad,
    data_format: str = "NHWC",
    dim_rounding_mode: str | None = None,
    op_name: str = "conv2d_backprop_input",
) -> Tensor:
    """TF.js's conv2DBackpropInput (not exported): the Conv2DBackpropInput kernel with its
    checks, for `dy` of rank 3 or 4 and `x_shape` of the same length."""
    js_name = "conv2dDerInput"
    x_shape, dy_shape = conv_checks.backprop_shapes(op_name, js_name, x_shape, dy, 4, filter.shape)
    conv_checks.check_data_format(data_format, op_name)
    channels = 3 if data_format == "NHWC" else 1
    conv_checks.check_depth(op_name, js_name, "input", x_shape[channels], filter.shape[2])
    conv_checks.check_depth(op_name, js_name, "output", dy_shape[channels], filter.shape[3])
    conv_util.check_pad_on_dim_rounding_mode_as(op_name, js_name, pad, dim_rounding_mode)
    strides = conv_checks.check_tuple_param(strides, "strides", op_name)
    if not conv_info.strides_or_dilations_are_positive(strides):
        raise ValueError(f"{op_name}: strides must be larger than 0, got {conv_util.js_param(strides)}")
    pad = conv_checks.check_pad(pad, op_name)
    conv_checks.check_dim_rounding_mode(dim_rounding_mode, op_name)
    if "complex64" in (dy.dtype, filter.dtype):
        raise TypeError(
            f"{op_name}: conv2dBackpropInput does not support complex64 tensors in the CPU backend."
        )
    info = conv_info.compute_conv2d_info(
        x_shape,
        filter.shape,
        strides,
        1,
        pad,
        dim_rounding_mode,
        False,
        conv_info.convert_conv2d_data_format(data_format),
    )
    in_sizes, out_sizes = (info.in_height, info.in_width), (info.out_height, info.out_width)
    conv_checks.check_filter_fits(op_name, x_shape, filter.shape, in_sizes, out_sizes, pad)
    if tuple(dy_shape) != info.out_shape:
        raise ValueError(
            f"{op_name}: x of shape [{js_list(dy_shape)}] is not what a conv2d of an input of shape "
            f"[{js_list(x_shape)}] with this filter, strides and pad gives: [{js_list(info.out_shape)}]"
        )
    check_tensor_size(x_shape, dy.dtype, op_name)
    attrs = {
        "strides": strides,
        "pad": pad,
        "data_format": data_format,
        "dim_rounding_mode": dim_rounding_mode,
        "input_shape": x_shape,
    }
    return conv_checks.run_batched(CONV2D_BACKPROP_INPUT, "dy", dy, 4, {"filter": filter}, attrs)


@register_gradient(CONV2D_BACKPROP_INPUT, save_inputs=("dy", "filter"))
def _conv2d_backprop_input_grad(
    ddx: Tensor,
    dy: Tensor,
    filter: Tensor,  # noqa: A002
    strides: Any,
    pad: Pad,
    data_format: str,
    dim_rounding_mode: str | None,
    dilations: Any = 1,
) -> dict[str, Tensor]:
    """TF.js's (Conv2DBackpropInput_grad.ts): the conv2d of `ddx` (for dy) and
    conv2DBackpropFilter of `ddx` and dy (for the filter); dilations where the kernel ran
    for a dilated conv2d's gradient."""
    from tfjs.ops.conv2d import conv2d_backprop_filter

    attrs = conv_checks.conv2d_kernel_attrs(strides, pad, data_format, dilations, dim_rounding_mode)
    return {
        "dy": ENGINE.run_kernel(CONV2D, {"x": ddx, "filter": filter}, attrs),
        "filter": conv2d_backprop_filter(ddx, dy, filter.shape, attrs),
    }
