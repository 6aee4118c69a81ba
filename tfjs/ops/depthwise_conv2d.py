from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import DEPTHWISE_CONV2D_NATIVE
from tfjs.ops import conv_util
from tfjs.ops.conv_util import Pad
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def depthwise_conv2d(
    x: TensorLike,
    filter: TensorLike,  # noqa: A002 (TF.js's argument name)
    strides: int | Sequence[int],
    pad: Pad,
    data_format: str = "NHWC",
    dilations: int | Sequence[int] = (1, 1),
    dim_rounding_mode: str | None = None,
) -> Tensor:
    """Depthwise 2-D convolution: each input channel is convolved with its own filters.

    `filter` is [filter_height, filter_width, in_channels, channel_multiplier]; output
    channel `c * channel_multiplier + q` is input channel `c` through `filter[:, :, c, q]`.

    >>> x = tf.tensor4d([1, 10, 2, 20, 3, 30, 4, 40], [1, 2, 2, 2])
    >>> tf.depthwise_conv2d(x, tf.ones([2, 2, 2, 1]), 1, "valid").array_sync()
    [[[[10.0, 100.0]]]]
    """
    x_tensor = convert_to_tensor(x, "x", "depthwise_conv2d", "float32")
    filter_tensor = convert_to_tensor(filter, "filter", "depthwise_conv2d", "float32")
    x_shape = x_tensor.shape if x_tensor.rank != 3 else (1, *x_tensor.shape)
    attrs = depthwise_conv2d_attrs(
        x_shape, filter_tensor.shape, strides, pad, data_format, dilations, dim_rounding_mode
    )
    x4 = reshape(x_tensor, x_shape) if x_tensor.rank == 3 else x_tensor
    result = ENGINE.run_kernel(DEPTHWISE_CONV2D_NATIVE, {"x": x4, "filter": filter_tensor}, attrs)
    return reshape(result, result.shape[1:]) if x_tensor.rank == 3 else result


def depthwise_conv2d_attrs(
    x_shape: Sequence[int],
    filter_shape: Sequence[int],
    strides: int | Sequence[int],
    pad: Pad,
    data_format: str,
    dilations: int | Sequence[int],
    dim_rounding_mode: str | None,
    op_name: str = "depthwise_conv2d",
) -> dict:
    """TF.js's depthwiseConv2d checks on a rank-4 `x_shape`, in its words, and the
    DepthwiseConv2dNative kernel's attributes."""
    js_name = "depthwiseConv2d"
    if len(x_shape) != 4:
        raise ValueError(f"{op_name}: Error in {js_name}: input must be rank 4, but got rank {len(x_shape)}.")
    if len(filter_shape) != 4:
        raise ValueError(
            f"{op_name}: Error in {js_name}: filter must be rank 4, but got rank {len(filter_shape)}."
        )
    conv_util.check_data_format(data_format, op_name)
    in_channels = x_shape[3] if data_format == "NHWC" else x_shape[1]
    if in_channels != filter_shape[2]:
        raise ValueError(
            f"{op_name}: Error in {js_name}: number of input channels ({in_channels}) must match the "
            f"inChannels dimension in filter {filter_shape[2]}."
        )
    conv_util.check_pad_on_dim_rounding_mode_as(op_name, js_name, pad, dim_rounding_mode)
    strides, dilations = conv_util.check_strides_and_dilations(op_name, js_name, strides, dilations)
    pad = conv_util.check_pad(pad, op_name)
    conv_util.check_dim_rounding_mode(dim_rounding_mode, op_name)
    info = conv_util.compute_conv2d_info(
        x_shape,
        filter_shape,
        strides,
        dilations,
        pad,
        dim_rounding_mode,
        True,
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
    return {
        "strides": strides,
        "pad": pad,
        "data_format": data_format,
        "dilations": dilations,
        "dim_rounding_mode": dim_rounding_mode,
    }
