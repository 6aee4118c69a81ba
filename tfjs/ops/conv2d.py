from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs.backend_util.conv_types import Pad
from tfjs.engine import ENGINE
from tfjs.kernel_names import CONV2D, CONV2D_BACKPROP_FILTER, CONV2D_BACKPROP_INPUT
from tfjs.kernel_registry import register_gradient
from tfjs.ops import conv_checks
from tfjs.ops.conv_checks import batch_shape, run_batched
from tfjs.ops.operation import op
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
    args = (strides, pad, data_format, dilations, dim_rounding_mode)
    attrs, _ = conv_checks.conv2d_attrs(
        "conv2d", "conv2d", batch_shape(x_tensor, 4), filter_tensor.shape, *args, js_check_name="conv2D"
    )
    return run_batched(CONV2D, "x", x_tensor, 4, {"filter": filter_tensor}, attrs)


@register_gradient(CONV2D, save_inputs=("x", "filter"))
def _conv2d_grad(dy: Tensor, x: Tensor, filter: Tensor, **attrs: Any) -> dict[str, Tensor]:  # noqa: A002
    """TF.js's (Conv2D_grad.ts): conv2DBackpropInput and conv2DBackpropFilter of dy. TF.js
    refuses dilations > 1 ('not yet supported in gradients') and drops dim_rounding_mode;
    the backprop kernels here take both (TensorFlow's gradient, the same numbers otherwise)."""
    return conv2d_gradients(dy, x, filter, attrs)


def conv2d_gradients(dy: Tensor, x: Tensor, filter: Tensor, attrs: dict) -> dict[str, Tensor]:  # noqa: A002
    """The gradients of a Conv2D kernel's inputs (rank 4) for its `attrs` (also the fused
    conv2d's, after its activation and bias)."""
    return {
        "x": ENGINE.run_kernel(
            CONV2D_BACKPROP_INPUT, {"dy": dy, "filter": filter}, {**attrs, "input_shape": x.shape}
        ),
        "filter": conv2d_backprop_filter(x, dy, filter.shape, attrs),
    }


def conv2d_backprop_filter(x: Tensor, dy: Tensor, filter_shape: Sequence[int], attrs: dict) -> Tensor:
    """TF.js's conv2DBackpropFilter (not exported): the gradient of a conv2d of rank-4 `x`
    with respect to its filter (of `filter_shape`), for `dy` and the conv2d's `attrs`."""
    attrs = {**attrs, "filter_shape": tuple(filter_shape)}
    return ENGINE.run_kernel(CONV2D_BACKPROP_FILTER, {"x": x, "dy": dy}, attrs)


@register_gradient(CONV2D_BACKPROP_FILTER, save_inputs=("x", "dy"))
def _conv2d_backprop_filter_grad(
    ddw: Tensor, x: Tensor, dy: Tensor, filter_shape: Sequence[int], **attrs: Any
) -> dict[str, Tensor]:
    """TF.js has none; TensorFlow's (nn_grad.py): the filter gradient is linear in x and in
    dy, so its gradient is the conv2d input gradient (for x) and the conv2d (for dy) of
    the filter's gradient `ddw` (`attrs`: the conv2d's)."""
    backprop_attrs = {**attrs, "input_shape": x.shape}
    return {
        "x": ENGINE.run_kernel(CONV2D_BACKPROP_INPUT, {"dy": dy, "filter": ddw}, backprop_attrs),
        "dy": ENGINE.run_kernel(CONV2D, {"x": x, "filter": ddw}, attrs),
    }
