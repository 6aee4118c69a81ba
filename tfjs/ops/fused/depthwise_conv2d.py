from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import FUSED_DEPTHWISE_CONV2D
from tfjs.ops import conv_util
from tfjs.ops.conv_util import Pad
from tfjs.ops.depthwise_conv2d import depthwise_conv2d_attrs
from tfjs.ops.fused.fused_util import assert_fits_output, fused_activation_inputs, fused_bias
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
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
    x_shape = x_tensor.shape if x_tensor.rank != 3 else (1, *x_tensor.shape)
    _check_in_fused_words(x_shape, filter_tensor.shape, strides, pad, dilations, dim_rounding_mode)
    attrs = depthwise_conv2d_attrs(
        x_shape, filter_tensor.shape, strides, pad, data_format, dilations, dim_rounding_mode, NAME
    )
    info = conv_util.compute_conv2d_info(
        x_shape,
        filter_tensor.shape,
        attrs["strides"],
        attrs["dilations"],
        attrs["pad"],
        dim_rounding_mode,
        True,
        conv_util.convert_conv2d_data_format(data_format),
    )
    bias_tensor = fused_bias(bias, x_tensor.dtype, NAME)
    if bias_tensor is not None:
        assert_fits_output(bias_tensor.shape, info.out_shape, "bias", NAME)
    name, weights, alpha = fused_activation_inputs(
        activation, prelu_activation_weights, leakyrelu_alpha, NAME
    )
    if weights is not None:
        assert_fits_output(weights.shape, info.out_shape, "prelu_activation_weights", NAME)
    inputs = {"x": reshape(x_tensor, x_shape) if x_tensor.rank == 3 else x_tensor, "filter": filter_tensor}
    if bias_tensor is not None:
        inputs["bias"] = bias_tensor
    if weights is not None:
        inputs["prelu_activation_weights"] = weights
    result = ENGINE.run_kernel(
        FUSED_DEPTHWISE_CONV2D, inputs, {**attrs, "activation": name, "leakyrelu_alpha": alpha}
    )
    return reshape(result, result.shape[1:]) if x_tensor.rank == 3 else result


def _check_in_fused_words(
    x_shape: tuple[int, ...],
    filter_shape: tuple[int, ...],
    strides: int | Sequence[int],
    pad: Pad,
    dilations: int | Sequence[int],
    dim_rounding_mode: str | None,
) -> None:
    """TF.js's fused depthwiseConv2d checks, in its words and order (the rest are
    depthwise_conv2d's)."""
    if len(x_shape) != 4:
        raise ValueError(f"{NAME}: Error in {JS_NAME}: input must be rank 4, but got rank {len(x_shape)}.")
    if len(filter_shape) != 4:
        raise ValueError(
            f"{NAME}: Error in {JS_NAME}: filter must be rank 4, but got rank {len(filter_shape)}."
        )
    if x_shape[3] != filter_shape[2]:
        raise ValueError(
            f"{NAME}: Error in {JS_NAME}: number of input channels ({x_shape[3]}) must match the "
            f"inChannels dimension in filter {filter_shape[2]}."
        )
    conv_util.check_strides_and_dilations(NAME, JS_NAME, strides, dilations)
    conv_util.check_pad_on_dim_rounding_mode_as(NAME, JS_NAME, pad, dim_rounding_mode)
