from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import CONV2D
from tfjs.ops import conv_util
from tfjs.ops.conv_util import Pad
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def conv2d(
    x: TensorLike,
    filter: TensorLike,  # noqa: A002 (TF.js's argument name)
    strides: int | Sequence[int],
    pad: Pad,
    data_format: str = "NHWC",
    dilations: int | Sequence[int] = (1, 1),
    dim_rounding_mode: str | None = None,
) -> Tensor:
    """Computes a 2-D convolution over `x` (rank 4, or rank 3 for one image) with `filter`
    shaped [filter_height, filter_width, in_depth, out_depth].

    `pad` is 'same', 'valid', a number, or explicit pairs ([[0, 0], [top, bottom],
    [left, right], [0, 0]] for NHWC); `dim_rounding_mode` ('floor', 'round', 'ceil')
    rounds the output size for a numeric pad. Strides and dilations may not both be > 1.

    >>> x = tf.tensor4d([1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 3, 3, 1])
    >>> tf.conv2d(x, tf.ones([2, 2, 1, 1]), 1, "valid").array_sync()
    [[[[12.0], [16.0]], [[24.0], [28.0]]]]
    """
    x_tensor = convert_to_tensor(x, "x", "conv2d", "float32")
    filter_tensor = convert_to_tensor(filter, "filter", "conv2d", "float32")
    x_shape = x_tensor.shape if x_tensor.rank != 3 else (1, *x_tensor.shape)
    attrs, _ = conv2d_attrs(
        "conv2d",
        "conv2d",
        "conv2D",
        x_shape,
        filter_tensor.shape,
        strides,
        pad,
        data_format,
        dilations,
        dim_rounding_mode,
    )
    x4 = reshape(x_tensor, x_shape) if x_tensor.rank == 3 else x_tensor
    result = ENGINE.run_kernel(CONV2D, {"x": x4, "filter": filter_tensor}, attrs)
    return reshape(result, result.shape[1:]) if x_tensor.rank == 3 else result


def conv2d_attrs(
    op_name: str,
    js_name: str,
    js_check_name: str,
    x_shape: Sequence[int],
    filter_shape: Sequence[int],
    strides: int | Sequence[int],
    pad: Pad,
    data_format: str,
    dilations: int | Sequence[int],
    dim_rounding_mode: str | None,
) -> tuple[dict, conv_util.Conv2DInfo]:
    """TF.js's conv2d checks on a rank-4 `x_shape` (its words under `js_name`, the stride
    checks under `js_check_name`) and the Conv2D kernel's attributes; also the window info."""
    if len(x_shape) != 4:
        raise ValueError(f"{op_name}: Error in {js_name}: input must be rank 4, but got rank {len(x_shape)}.")
    if len(filter_shape) != 4:
        raise ValueError(
            f"{op_name}: Error in {js_name}: filter must be rank 4, but got rank {len(filter_shape)}."
        )
    conv_util.check_pad_on_dim_rounding_mode_as(op_name, js_name, pad, dim_rounding_mode)
    conv_util.check_data_format(data_format, op_name)
    in_depth = x_shape[3] if data_format == "NHWC" else x_shape[1]
    if in_depth != filter_shape[2]:
        raise ValueError(
            f"{op_name}: Error in {js_name}: depth of input ({in_depth}) must match input depth for "
            f"filter {filter_shape[2]}."
        )
    strides, dilations = conv_util.check_strides_and_dilations(op_name, js_check_name, strides, dilations)
    pad = conv_util.check_pad(pad, op_name)
    conv_util.check_dim_rounding_mode(dim_rounding_mode, op_name)
    info = conv_util.compute_conv2d_info(
        x_shape,
        filter_shape,
        strides,
        dilations,
        pad,
        dim_rounding_mode,
        False,
        conv_util.convert_conv2d_data_format(data_format),
    )
    conv_util.check_filter_fits(
        op_name,
        x_shape,
        filter_shape,
        (info.in_height, info.in_width),
        (info.out_height, info.out_width),
        pad,
    )
    attrs = {
        "strides": strides,
        "pad": pad,
        "data_format": data_format,
        "dilations": dilations,
        "dim_rounding_mode": dim_rounding_mode,
    }
    return attrs, info
