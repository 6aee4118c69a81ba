from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.conv2d import conv2d
from tfjs.ops.conv_util import Pad
from tfjs.ops.depthwise_conv2d import depthwise_conv2d, depthwise_conv2d_attrs
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def separable_conv2d(
    x: TensorLike,
    depthwise_filter: TensorLike,
    pointwise_filter: TensorLike,
    strides: int | Sequence[int],
    pad: Pad,
    dilation: int | Sequence[int] = (1, 1),
    data_format: str = "NHWC",
) -> Tensor:
    """A depthwise convolution (`depthwise_filter`, [fh, fw, in_channels, multiplier])
    followed by a 1x1 convolution (`pointwise_filter`, [1, 1, in_channels * multiplier,
    out_channels]) mixing the channels.

    >>> x = tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1])
    >>> pointwise = tf.tensor4d([1, -2], [1, 1, 2, 1])
    >>> tf.separable_conv2d(x, tf.ones([2, 2, 1, 2]), pointwise, 1, "valid").array_sync()
    [[[[-10.0]]]]
    """
    op_name, js_name = "separable_conv2d", "separableConv2d"
    x_tensor = convert_to_tensor(x, "x", op_name)
    depthwise = convert_to_tensor(depthwise_filter, "depthwise_filter", op_name)
    pointwise = convert_to_tensor(pointwise_filter, "pointwise_filter", op_name)
    x_shape = x_tensor.shape if x_tensor.rank != 3 else (1, *x_tensor.shape)
    if data_format == "NCHW":
        raise ValueError(
            f"{op_name}: separableConv2d currently does not support dataFormat NCHW; only NHWC is supported"
        )
    if len(x_shape) != 4:
        raise ValueError(f"{op_name}: Error in {js_name}: input must be rank 4, but got rank {len(x_shape)}.")
    if depthwise.rank != 4:
        raise ValueError(
            f"{op_name}: Error in {js_name}: depthwise filter must be rank 4, but got rank {depthwise.rank}."
        )
    if pointwise.rank != 4:
        raise ValueError(
            f"{op_name}: Error in {js_name}: pointwise filter must be rank 4, but got rank {pointwise.rank}."
        )
    if pointwise.shape[0] != 1:
        raise ValueError(
            f"{op_name}: Error in {js_name}: the first dimension of pointwise filter  must be 1, but got "
            f"{pointwise.shape[0]}."
        )
    if pointwise.shape[1] != 1:
        raise ValueError(
            f"{op_name}: Error in {js_name}: the second dimension of pointwise filter must be 1, but got "
            f"{pointwise.shape[1]}."
        )
    channels = depthwise.shape[2] * depthwise.shape[3]
    if pointwise.shape[2] != channels:
        raise ValueError(
            f"{op_name}: Error in {js_name}: the third dimension of pointwise filter must be {channels}, "
            f"but got {pointwise.shape[2]}."
        )
    # the two convolutions take float32 tensors only (TF.js's messages name them)
    for inner, name, tensor in (
        ("depthwise_conv2d", "x", x_tensor),
        ("depthwise_conv2d", "filter", depthwise),
        ("conv2d", "filter", pointwise),
    ):
        if tensor.dtype != "float32":
            raise TypeError(
                f"Argument '{name}' passed to '{inner}' must be float32 tensor, but got {tensor.dtype} tensor"
            )
    depthwise_conv2d_attrs(x_shape, depthwise.shape, strides, pad, data_format, dilation, None, op_name)
    x4 = reshape(x_tensor, x_shape) if x_tensor.rank == 3 else x_tensor
    result = conv2d(
        depthwise_conv2d(x4, depthwise, strides, pad, data_format, dilation), pointwise, 1, "valid"
    )
    return reshape(result, result.shape[1:]) if x_tensor.rank == 3 else result
