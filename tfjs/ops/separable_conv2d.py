from __future__ import annotations

from collections.abc import Sequence

from tfjs.backend_util.conv_types import Pad
from tfjs.ops import conv_checks
from tfjs.ops.conv2d import conv2d
from tfjs.ops.depthwise_conv2d import depthwise_conv2d
from tfjs.ops.operation import op
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
    x_shape = conv_checks.batch_shape(x_tensor, 4)
    if isinstance(data_format, str) and data_format == "NCHW":
        raise ValueError(
            f"{op_name}: separableConv2d currently does not support dataFormat NCHW; only NHWC is supported"
        )
    conv_checks.check_rank(op_name, js_name, "input", len(x_shape), 4)
    conv_checks.check_rank(op_name, js_name, "depthwise filter", depthwise.rank, 4)
    conv_checks.check_rank(op_name, js_name, "pointwise filter", pointwise.rank, 4)
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
                f"{op_name}: Argument '{name}' passed to '{inner}' must be float32 tensor, "
                f"but got {tensor.dtype} tensor"
            )
    args = (strides, pad, data_format, dilation, None)
    conv_checks.conv2d_attrs(op_name, "depthwiseConv2d", x_shape, depthwise.shape, *args, depthwise=True)
    return conv2d(
        depthwise_conv2d(x_tensor, depthwise, strides, pad, data_format, dilation), pointwise, 1, "valid"
    )
