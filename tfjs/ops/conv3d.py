from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs.backend_util.conv_info import (
    compute_conv3d_info,
    either_strides_or_dilations_are_one,
    strides_or_dilations_are_positive,
)
from tfjs.engine import ENGINE
from tfjs.kernel_names import CONV3D, CONV3D_BACKPROP_FILTER_V2, CONV3D_BACKPROP_INPUT_V2
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.conv_checks import (
    batch_shape,
    check_depth,
    check_filter_fits,
    check_pad,
    check_rank,
    check_tuple_param,
    run_batched,
)
from tfjs.ops.conv_util import js_param
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_text
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor

_ERROR = "conv3d: Error in conv3d"


@op
def conv3d(
    x: TensorLike,
    filter: TensorLike,  # noqa: A002
    strides: int | Sequence[int],
    pad: str | int,
    data_format: str = "NDHWC",
    dilations: int | Sequence[int] = (1, 1, 1),
) -> Tensor:
    """Computes a 3-D convolution of `x` ([batch, depth, height, width, in_channels], or
    rank 4 for a batch of 1) with `filter` ([depth, height, width, in_channels,
    out_channels]). `strides` and `dilations` are a number or [depth, height, width];
    `pad` is 'same', 'valid' or a number; only 'NDHWC' data is supported, as in TF.js.

    >>> x = tf.ones([1, 2, 2, 2, 1])
    >>> tf.conv3d(x, tf.ones([2, 2, 2, 1, 1]), 1, "valid").array_sync()
    [[[[[8.0]]]]]
    """
    x_tensor = convert_to_tensor(x, "x", "conv3d")
    filter_tensor = convert_to_tensor(filter, "filter", "conv3d")
    x_shape = batch_shape(x_tensor, 5)
    check_rank("conv3d", "conv3d", "input", len(x_shape), 5)
    check_rank("conv3d", "conv3d", "filter", filter_tensor.rank, 5)
    check_depth("conv3d", "conv3d", "input", x_shape[4], filter_tensor.shape[3])
    strides = check_tuple_param(strides, "strides", "conv3d", 3)
    dilations = check_tuple_param(dilations, "dilations", "conv3d", 3)
    if not either_strides_or_dilations_are_one(strides, dilations):
        raise ValueError(
            "conv3d: Error in conv3D: Either strides or dilations must be 1. "
            f"Got strides {js_param(strides)} and dilations '{js_param(dilations)}'"
        )
    if not isinstance(data_format, str) or data_format != "NDHWC":
        raise ValueError(
            f"{_ERROR}: got dataFormat of {js_text(data_format)} but only NDHWC is currently supported."
        )
    if not strides_or_dilations_are_positive(dilations):
        raise ValueError("conv3d: Error in conv3D: Dilated rates should be larger than 0.")
    if not strides_or_dilations_are_positive(strides):
        raise ValueError("conv3d: Error in conv3D: Strides should be larger than 0.")
    pad = check_pad(pad, "conv3d", explicit=False)
    assert_not_complex(x_tensor, "conv3d", "x")
    assert_not_complex(filter_tensor, "conv3d", "filter")
    info = compute_conv3d_info(x_shape, filter_tensor.shape, strides, dilations, pad)
    check_filter_fits("conv3d", x_shape, filter_tensor.shape, x_shape[1:4], info.out_shape[1:4], pad)
    check_tensor_size(info.out_shape, "float32", "conv3d")
    attrs = {"strides": strides, "pad": pad, "data_format": data_format, "dilations": dilations}
    return run_batched(CONV3D, "x", x_tensor, 5, {"filter": filter_tensor}, attrs)


@register_gradient(CONV3D, save_inputs=("x", "filter"))
def _conv3d_grad(
    dy: Tensor,
    x: Tensor,
    filter: Tensor,  # noqa: A002
    strides: Any,
    pad: str | int,
    dilations: Any,
) -> dict[str, Tensor]:
    """TF.js's (Conv3D_grad.ts): conv3DBackpropInput and conv3DBackpropFilter of dy. TF.js
    refuses dilations > 1 ('not yet supported in gradients'); the backprop kernels here
    take them (TensorFlow's gradient)."""
    attrs = {"strides": strides, "pad": pad, "dilations": dilations}
    backprop_input = {**attrs, "input_shape": x.shape}
    return {
        "x": ENGINE.run_kernel(CONV3D_BACKPROP_INPUT_V2, {"dy": dy, "filter": filter}, backprop_input),
        "filter": conv3d_backprop_filter(x, dy, filter.shape, attrs),
    }


def conv3d_backprop_filter(x: Tensor, dy: Tensor, filter_shape: Sequence[int], attrs: dict) -> Tensor:
    """TF.js's conv3DBackpropFilter (not exported) for rank-5 `x` and `dy` and the conv3d's
    strides, pad and dilations (`attrs`)."""
    attrs = {**attrs, "filter_shape": tuple(filter_shape)}
    return ENGINE.run_kernel(CONV3D_BACKPROP_FILTER_V2, {"x": x, "dy": dy}, attrs)


@register_gradient(CONV3D_BACKPROP_FILTER_V2, save_inputs=("x", "dy"))
def _conv3d_backprop_filter_grad(
    ddw: Tensor, x: Tensor, dy: Tensor, strides: Any, pad: str | int, dilations: Any = 1
) -> dict[str, Tensor]:
    """TF.js has none; TensorFlow's (nn_grad.py): the input gradient of dy through `ddw`
    (for x), the conv3d of x with `ddw` (for dy)."""
    attrs = {"strides": strides, "pad": pad, "dilations": dilations}
    return {
        "x": ENGINE.run_kernel(
            CONV3D_BACKPROP_INPUT_V2, {"dy": dy, "filter": ddw}, {**attrs, "input_shape": x.shape}
        ),
        "dy": ENGINE.run_kernel(CONV3D, {"x": x, "filter": ddw}, {**attrs, "data_format": "NDHWC"}),
    }
