from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs.backend_util.conv_types import Pad
from tfjs.engine import ENGINE
from tfjs.kernel_names import (
    DEPTHWISE_CONV2D_NATIVE,
    DEPTHWISE_CONV2D_NATIVE_BACKPROP_FILTER,
    DEPTHWISE_CONV2D_NATIVE_BACKPROP_INPUT,
)
from tfjs.kernel_registry import register_gradient
from tfjs.ops import conv_checks
from tfjs.ops.conv_checks import batch_shape, run_batched
from tfjs.ops.operation import op
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
    args = (strides, pad, data_format, dilations, dim_rounding_mode)
    attrs, _ = conv_checks.conv2d_attrs(
        "depthwise_conv2d",
        "depthwiseConv2d",
        batch_shape(x_tensor, 4),
        filter_tensor.shape,
        *args,
        depthwise=True,
    )
    return run_batched(DEPTHWISE_CONV2D_NATIVE, "x", x_tensor, 4, {"filter": filter_tensor}, attrs)


@register_gradient(DEPTHWISE_CONV2D_NATIVE, save_inputs=("x", "filter"))
def _depthwise_conv2d_grad(dy: Tensor, x: Tensor, filter: Tensor, **attrs: Any) -> dict[str, Tensor]:  # noqa: A002
    """TF.js's (DepthwiseConv2dNative_grad.ts): depthwiseConv2dNativeBackpropInput and
    ...BackpropFilter of dy. TF.js refuses dilations > 1 ('not yet supported'); the
    backprop kernels here take them (TensorFlow's gradient), and NCHW data."""
    return {
        "x": depthwise_backprop_input(x.shape, dy, filter, attrs),
        "filter": depthwise_backprop_filter(x, dy, filter.shape, attrs),
    }


def depthwise_backprop_input(x_shape: Sequence[int], dy: Tensor, filter: Tensor, attrs: dict) -> Tensor:  # noqa: A002
    """TF.js's depthwiseConv2dNativeBackpropInput (not exported) for rank-4 `dy` and the
    depthwise convolution's attributes."""
    inputs = {"dy": dy, "filter": filter}
    return ENGINE.run_kernel(
        DEPTHWISE_CONV2D_NATIVE_BACKPROP_INPUT, inputs, {**attrs, "input_shape": tuple(x_shape)}
    )


def depthwise_backprop_filter(x: Tensor, dy: Tensor, filter_shape: Sequence[int], attrs: dict) -> Tensor:
    """TF.js's depthwiseConv2dNativeBackpropFilter (not exported) for rank-4 `x` and `dy`."""
    inputs = {"x": x, "dy": dy}
    return ENGINE.run_kernel(
        DEPTHWISE_CONV2D_NATIVE_BACKPROP_FILTER, inputs, {**attrs, "filter_shape": tuple(filter_shape)}
    )


@register_gradient(DEPTHWISE_CONV2D_NATIVE_BACKPROP_INPUT, save_inputs=("dy", "filter"))
def _depthwise_backprop_input_grad(
    ddx: Tensor,
    dy: Tensor,
    filter: Tensor,  # noqa: A002
    input_shape: Sequence[int],
    **attrs: Any,
) -> dict[str, Tensor]:
    """TF.js has none; TensorFlow's (nn_grad.py): the input gradient is linear in dy and in
    the filter: the depthwise conv2d of `ddx` (for dy), the filter gradient of `ddx` and dy."""
    return {
        "dy": ENGINE.run_kernel(DEPTHWISE_CONV2D_NATIVE, {"x": ddx, "filter": filter}, attrs),
        "filter": depthwise_backprop_filter(ddx, dy, filter.shape, attrs),
    }


@register_gradient(DEPTHWISE_CONV2D_NATIVE_BACKPROP_FILTER, save_inputs=("x", "dy"))
def _depthwise_backprop_filter_grad(
    ddw: Tensor, x: Tensor, dy: Tensor, filter_shape: Sequence[int], **attrs: Any
) -> dict[str, Tensor]:
    """TF.js has none; TensorFlow's (nn_grad.py): the input gradient of dy through `ddw`
    (for x), the depthwise conv2d of x with `ddw` (for dy)."""
    return {
        "x": depthwise_backprop_input(x.shape, dy, ddw, attrs),
        "dy": ENGINE.run_kernel(DEPTHWISE_CONV2D_NATIVE, {"x": x, "filter": ddw}, attrs),
    }
