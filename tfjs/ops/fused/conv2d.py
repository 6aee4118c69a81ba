from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tfjs.backend_util.conv_types import Conv2DInfo, Pad
from tfjs.kernel_names import FUSED_CONV2D
from tfjs.kernel_registry import register_gradient
from tfjs.ops import conv_checks, conv_util
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape
from tfjs.ops.conv2d import conv2d_gradients
from tfjs.ops.conv_checks import batch_shape, run_batched
from tfjs.ops.fused.fused_util import assert_fits_output, fused_extras, fused_gradients
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_util import TensorLike, convert_to_tensor

NAME = "fused.conv2d"


@op
def conv2d(
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
    """Computes a 2-D convolution (as `tf.conv2d`), adds `bias` and applies `activation`
    ('linear', 'relu', 'prelu' with `prelu_activation_weights`, 'elu', 'relu6',
    'leakyrelu' with `leakyrelu_alpha`, default 0.2, or 'sigmoid') in one kernel.

    `bias` broadcasts to the result (NCHW: a scalar or one value per output channel);
    the PReLU weights are a scalar, one per output channel, or 3-D broadcasting to the
    result.

    >>> x, w = tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1]), tf.ones([2, 2, 1, 1])
    >>> tf.fused.conv2d(x, w, 1, "valid", bias=tf.scalar(-20), activation="relu").array_sync()
    [[[[0.0]]]]
    """
    x_tensor = convert_to_tensor(x, "x", NAME, "float32")
    filter_tensor = convert_to_tensor(filter, "filter", NAME, "float32")
    x_shape = batch_shape(x_tensor, 4)
    if len(x_shape) == 4 and filter_tensor.rank == 4:
        # TF.js's fused conv2d words these checks as conv2d's, before conv2d's own.
        conv_util.check_pad_on_dim_rounding_mode_as(NAME, "fused conv2d", pad, dim_rounding_mode)
        if isinstance(data_format, str) and data_format in ("NHWC", "NCHW"):
            in_depth = x_shape[3] if data_format == "NHWC" else x_shape[1]
            conv_checks.check_depth(NAME, "conv2d", "input", in_depth, filter_tensor.shape[2])
    args = (strides, pad, data_format, dilations, dim_rounding_mode)
    attrs, info = conv_checks.conv2d_attrs(
        NAME, "fused conv2d", x_shape, filter_tensor.shape, *args, js_check_name="conv2D"
    )
    inputs, activation_attrs = fused_extras(
        NAME,
        x_tensor.dtype,
        bias,
        activation,
        prelu_activation_weights,
        leakyrelu_alpha,
        lambda shape: _check_bias(shape, info, data_format),
        lambda shape: _check_prelu_weights(shape, info),
    )
    inputs["filter"] = filter_tensor
    return run_batched(FUSED_CONV2D, "x", x_tensor, 4, inputs, {**attrs, **activation_attrs})


def _check_bias(shape: tuple[int, ...], info: Conv2DInfo, data_format: str) -> None:
    """TF.js: NHWC, a bias that broadcasts; NCHW, a scalar or one value per output channel."""
    if data_format == "NHWC":
        assert_fits_output(shape, info.out_shape, "bias", NAME)
        return
    if len(shape) > 1:
        raise ValueError(
            f"{NAME}: Error in fused conv2d: only supports scalar or 1-D Tensor bias for NCHW format but "
            f"got the bias of rank-{len(shape)}."
        )
    if len(shape) == 1 and shape[0] not in (info.out_channels, 1):
        raise ValueError(
            f"{NAME}: Error in fused conv2d: bias shape ({js_list(shape)}) is not compatible with the number "
            f"of output channels ({info.out_channels})"
        )


def _check_prelu_weights(shape: tuple[int, ...], info: Conv2DInfo) -> None:
    """TF.js: a scalar, one weight per output channel, or 3-D broadcasting to the result."""
    if len(shape) not in (0, 1, 3):
        raise ValueError(
            f"{NAME}: Error in fused conv2d: only supports scalar, 1-D Tensor or 3-D Tensor PReLU activation "
            f"weights but got a tensor of rank-{len(shape)}."
        )
    if len(shape) == 1 and shape[0] not in (1, info.out_channels):
        raise ValueError(
            f"{NAME}: Error in fused conv2d: PReLU activation weights ({js_list(shape)}) is not compatible "
            f"with the number of output channels ({info.out_channels})."
        )
    if len(shape) == 3:
        try:
            assert_and_get_broadcast_shape(shape, info.out_shape, NAME)
        except ValueError:
            raise ValueError(
                f"{NAME}: Error in fused conv2d: PReLU activation weights ({js_list(shape)}) is not "
                f"compatible with the output shape of the conv2d ({js_list(info.out_shape)})."
            ) from None


def register_fused_conv_gradient(
    kernel_name: str, conv_gradients: Callable[..., dict[str, Tensor]], per_channel_nchw: bool
) -> None:
    """Registers the gradient of a fused convolution kernel (inputs x, filter, bias and
    PReLU weights), TF.js's (its fused op's custom gradient, and its separate ops'
    gradients where it does not fuse): the activation's gradient, the bias's (summed over
    the axes it was repeated along), then the convolution's, `conv_gradients(dz, x,
    filter, attrs)`. `per_channel_nchw`: an NCHW kernel lines a 1-D bias or PReLU weights
    up with the result's channels."""

    @register_gradient(
        kernel_name, save_inputs=("x", "filter", "bias", "prelu_activation_weights"), save_outputs=True
    )
    def gradient(
        dy: Tensor,
        x: Tensor,
        filter: Tensor,  # noqa: A002
        y: Tensor,
        activation: str,
        leakyrelu_alpha: float,
        bias: Tensor | None = None,
        prelu_activation_weights: Tensor | None = None,
        **conv_attrs: Any,
    ) -> dict[str, Tensor]:
        return fused_gradients(
            kernel_name,
            conv_gradients,
            dy,
            {"x": x, "filter": filter, "bias": bias, "prelu_activation_weights": prelu_activation_weights},
            y,
            activation,
            leakyrelu_alpha,
            conv_attrs,
            per_channel_nchw=per_channel_nchw and conv_attrs["data_format"] == "NCHW",
        )


# TF.js's refuses NCHW and dilations > 1 ('not yet supported'); this one takes them.
register_fused_conv_gradient(FUSED_CONV2D, conv2d_gradients, per_channel_nchw=True)
