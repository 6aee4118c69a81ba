from __future__ import annotations

from collections.abc import Sequence

from tfjs.backend_util.conv_types import Pad
from tfjs.kernel_names import FUSED_DEPTHWISE_CONV2D
from tfjs.ops import conv_checks, conv_util
from tfjs.ops.conv_checks import batch_shape, run_batched
from tfjs.ops.depthwise_conv2d import depthwise_backprop_filter, depthwise_backprop_input
from tfjs.ops.fused.conv2d import register_fused_conv_gradient
from tfjs.ops.fused.fused_util import fits_output, fused_extras
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor

NAME = "fused.depthwise_conv2d"
JS_NAME = "fused depthwiseConv2d"


@op
def depthwise_conv2d(
    x: TensorLike,
    filter: TensorLike,  # noqa: A002 (TF.js's argument name)
    strides: int | Sequence[int],
    pad: Pad,
    data_format: str = "NHWC",
    dilations: int | Sequence[int] = (1, 1),
    dim_rounding_mode: str | None = None,
    bias: TensorLike | None = None,
    activation: str | None = "linear",
    prelu_activation_weights: TensorLike | None = None,
    leakyrelu_alpha: float | None = None,
) -> Tensor:
    """Computes a depthwise 2-D convolution (as `tf.depthwise_conv2d`), adds `bias` and
    applies `activation` ('linear', 'relu', 'prelu' with `prelu_activation_weights`,
    'elu', 'relu6', 'leakyrelu' with `leakyrelu_alpha`, default 0.2, or 'sigmoid') in one
    kernel. `bias` and the PReLU weights broadcast to the result.

    >>> x = tf.tensor4d([1, 10, 2, 20, 3, 30, 4, 40], [1, 2, 2, 2])
    >>> tf.fused.depthwise_conv2d(x, tf.ones([2, 2, 2, 1]), 1, "valid", bias=[1, -200]).array_sync()
    [[[[11.0, -100.0]]]]
    """
    x_tensor = convert_to_tensor(x, "x", NAME, "float32")
    filter_tensor = convert_to_tensor(filter, "filter", NAME, "float32")
    x_shape = batch_shape(x_tensor, 4)
    # TF.js's fused depthwiseConv2d makes these checks in its own words first (reading the
    # channels as NHWC's), then depthwiseConv2d's
    conv_checks.check_rank(NAME, JS_NAME, "input", len(x_shape), 4)
    conv_checks.check_rank(NAME, JS_NAME, "filter", filter_tensor.rank, 4)
    conv_checks.check_in_channels(NAME, JS_NAME, x_shape[3], filter_tensor.shape[2])
    conv_checks.check_strides_and_dilations(NAME, JS_NAME, strides, dilations)
    conv_util.check_pad_on_dim_rounding_mode_as(NAME, JS_NAME, pad, dim_rounding_mode)
    args = (strides, pad, data_format, dilations, dim_rounding_mode)
    attrs, info = conv_checks.conv2d_attrs(
        NAME, "depthwiseConv2d", x_shape, filter_tensor.shape, *args, depthwise=True
    )
    inputs, activation_attrs = fused_extras(
        NAME,
        x_tensor.dtype,
        bias,
        activation,
        prelu_activation_weights,
        leakyrelu_alpha,
        fits_output(info.out_shape, "bias", NAME),
        fits_output(info.out_shape, "prelu_activation_weights", NAME),
    )
    inputs["filter"] = filter_tensor
    return run_batched(FUSED_DEPTHWISE_CONV2D, "x", x_tensor, 4, inputs, {**attrs, **activation_attrs})


def _depthwise_gradients(dz: Tensor, x: Tensor, filter: Tensor, attrs: dict) -> dict[str, Tensor]:  # noqa: A002
    return {
        "x": depthwise_backprop_input(x.shape, dz, filter, attrs),
        "filter": depthwise_backprop_filter(x, dz, filter.shape, attrs),
    }


# TF.js's refuses dilations > 1; this one takes them.
register_fused_conv_gradient(FUSED_DEPTHWISE_CONV2D, _depthwise_gradients, per_channel_nchw=False)
