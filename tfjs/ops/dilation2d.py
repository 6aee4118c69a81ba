from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs.backend_util.conv_info import compute_dilation2d_info, strides_or_dilations_are_positive
from tfjs.engine import ENGINE
from tfjs.kernel_names import DILATION2D, DILATION2D_BACKPROP_FILTER, DILATION2D_BACKPROP_INPUT
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.conv_checks import (
    batch_shape,
    check_filter_fits,
    check_pad,
    check_rank,
    check_tuple_param,
    run_batched,
)
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_text
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor

_ERROR = "dilation2d: Error in dilation2d"


@op
def dilation2d(
    x: TensorLike,
    filter: TensorLike,  # noqa: A002
    strides: int | Sequence[int],
    pad: str | int | Sequence[Sequence[int]],
    dilations: int | Sequence[int] = (1, 1),
    data_format: str = "NHWC",
) -> Tensor:
    """Computes the grayscale dilation of `x` ([batch, height, width, depth], or rank 3 for
    a batch of 1) by `filter` ([filter_height, filter_width, depth]): the maximum of
    x + filter over each window. `strides` and `dilations` are a number or
    [height, width]; `pad` is 'same', 'valid', a number or explicit NHWC pairs; only
    'NHWC' data is supported, as in TF.js.

    >>> x = tf.tensor3d([1, 5, 2, 0], [2, 2, 1])
    >>> tf.dilation2d(x, tf.tensor3d([0, 1], [1, 2, 1]), 1, "valid").array_sync()
    [[[6.0]], [[2.0]]]
    """
    x_tensor = convert_to_tensor(x, "x", "dilation2d")
    filter_tensor = convert_to_tensor(filter, "filter", "dilation2d")
    if x_tensor.rank not in (3, 4):
        raise ValueError(f"{_ERROR}: input must be rank 3 or 4, but got rank {x_tensor.rank}.")
    check_rank("dilation2d", "dilation2d", "filter", filter_tensor.rank, 3)
    if not isinstance(data_format, str) or data_format != "NHWC":
        raise ValueError(
            f"{_ERROR}: Only NHWC is currently supported, but got dataFormat of {js_text(data_format)}"
        )
    x_shape = batch_shape(x_tensor, 4)
    if x_shape[3] != filter_tensor.shape[2]:
        raise ValueError(
            f"{_ERROR}:  input and filter must have the same depth: {x_shape[3]} vs {filter_tensor.shape[2]}"
        )
    strides = check_tuple_param(strides, "strides", "dilation2d", 2)
    dilations = check_tuple_param(dilations, "dilations", "dilation2d", 2)
    # TF.js does not check these: a 0 stride makes an array of length Infinity.
    if not strides_or_dilations_are_positive(strides):
        raise ValueError(f"{_ERROR}: Strides should be larger than 0.")
    if not strides_or_dilations_are_positive(dilations):
        raise ValueError(f"{_ERROR}: Dilated rates should be larger than 0.")
    pad = check_pad(pad, "dilation2d")
    assert_not_complex(x_tensor, "dilation2d", "x")
    assert_not_complex(filter_tensor, "dilation2d", "filter")
    info = compute_dilation2d_info(x_shape, filter_tensor.shape, strides, pad, "NHWC", dilations)
    check_filter_fits("dilation2d", x_shape, filter_tensor.shape, x_shape[1:3], info.out_shape[1:3], pad)
    check_tensor_size(info.out_shape, "float32", "dilation2d")
    attrs = {"strides": strides, "pad": pad, "dilations": dilations}
    return run_batched(DILATION2D, "x", x_tensor, 4, {"filter": filter_tensor}, attrs)


@register_gradient(DILATION2D, save_inputs=("x", "filter"))
def _dilation2d_grad(dy: Tensor, x: Tensor, filter: Tensor, **attrs: Any) -> dict[str, Tensor]:  # noqa: A002
    """TF.js's (Dilation2D_grad.ts): each output's dy goes to the input and the filter tap
    of its window's maximum (Dilation2DBackpropInput, Dilation2DBackpropFilter)."""
    inputs = {"x": x, "filter": filter, "dy": dy}
    return {
        "x": ENGINE.run_kernel(DILATION2D_BACKPROP_INPUT, inputs, attrs),
        "filter": ENGINE.run_kernel(DILATION2D_BACKPROP_FILTER, inputs, attrs),
    }
