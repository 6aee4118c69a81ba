from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs.backend_util.conv_info import compute_conv3d_info, strides_or_dilations_are_positive
from tfjs.engine import ENGINE
from tfjs.kernel_names import CONV3D, CONV3D_BACKPROP_INPUT_V2
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.conv_checks import backprop_shapes, check_depth, check_pad, check_tuple_param, run_batched
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def conv3d_transpose(
    x: TensorLike,
    filter: TensorLike,  # noqa: A002
    output_shape: Sequence[int],
    strides: int | Sequence[int],
    pad: str | int,
) -> Tensor:
    """Computes the transposed 3-D convolution (the gradient of conv3d with respect to its
    input) of `x` ([batch, depth, height, width, in_depth], or rank 4 for a batch of 1)
    with `filter` ([depth, height, width, out_depth, in_depth]), giving a float32 tensor
    of `output_shape` ([batch, depth, height, width, out_depth], or rank 4). `strides`
    and `pad` are those of the forward convolution.

    >>> x = tf.ones([1, 1, 1, 1, 1])
    >>> tf.conv3d_transpose(x, tf.ones([2, 1, 1, 1, 1]), [1, 2, 1, 1, 1], 1, "valid").array_sync()
    [[[[[1.0]]], [[[1.0]]]]]
    """
    dy = convert_to_tensor(x, "x", "conv3d_transpose")
    filter_tensor = convert_to_tensor(filter, "filter", "conv3d_transpose")
    return _conv3d_backprop_input(output_shape, dy, filter_tensor, strides, pad)


def _conv3d_backprop_input(
    x_shape: Sequence[int], dy: Tensor, filter_tensor: Tensor, strides: int | Sequence[int], pad: str | int
) -> Tensor:
    """TF.js's conv3DBackpropInput: the checks, then Conv3DBackpropInputV2 on rank 5."""
    name = "conv3d_transpose"
    error = f"{name}: Error in conv3dDerInput"
    x_shape, dy_shape = backprop_shapes(name, "conv3dDerInput", x_shape, dy, 5, filter_tensor.shape)
    check_depth(name, "conv3dDerInput", "input", x_shape[4], filter_tensor.shape[3])
    check_depth(name, "conv3dDerInput", "output", dy_shape[4], filter_tensor.shape[4])
    strides = check_tuple_param(strides, "strides", name, 3)
    if not strides_or_dilations_are_positive(strides):
        raise ValueError(f"{error}: Strides should be larger than 0.")
    pad = check_pad(pad, name, explicit=False)
    assert_not_complex(dy, name, "x", "conv3dBackpropInputV2")
    assert_not_complex(filter_tensor, name, "filter", "conv3dBackpropInputV2")
    # TF.js reads dy with the forward convolution's output shape whatever dy's shape is:
    # NaN (or silently dropped values) where they differ.
    expected = compute_conv3d_info(x_shape, filter_tensor.shape, strides, 1, pad).out_shape
    if tuple(dy_shape) != tuple(expected):
        raise ValueError(
            f"{name}: x of shape [{js_list(dy_shape)}] does not fit output_shape [{js_list(x_shape)}]: "
            f"a conv3d of output_shape with filter [{js_list(filter_tensor.shape)}] and these strides "
            f"and pad gives [{js_list(expected)}]"
        )
    attrs = {"pad": pad, "strides": strides, "input_shape": x_shape}
    return run_batched(CONV3D_BACKPROP_INPUT_V2, "dy", dy, 5, {"filter": filter_tensor}, attrs)


@register_gradient(CONV3D_BACKPROP_INPUT_V2, save_inputs=("dy", "filter"))
def _conv3d_backprop_input_grad(
    ddx: Tensor,
    dy: Tensor,
    filter: Tensor,  # noqa: A002
    strides: Any,
    pad: str | int,
    dilations: Any = 1,
) -> dict[str, Tensor]:
    """TF.js has none; derived as its Conv2DBackpropInput gradient (and TensorFlow's): the
    conv3d of `ddx` (for dy) and conv3DBackpropFilter of `ddx` and dy (for the filter)."""
    from tfjs.ops.conv3d import conv3d_backprop_filter

    attrs = {"strides": strides, "pad": pad, "dilations": dilations}
    return {
        "dy": ENGINE.run_kernel(CONV3D, {"x": ddx, "filter": filter}, {**attrs, "data_format": "NDHWC"}),
        "filter": conv3d_backprop_filter(ddx, dy, filter.shape, attrs),
    }
