from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from tfjs.backend_util.conv_types import Pad
from tfjs.engine import ENGINE
from tfjs.kernel_names import MAX_POOL_GRAD, MAX_POOL_WITH_ARGMAX
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.ops.pool_util import check_pool_pad, check_rank, check_window, pool2d_out_shape
from tfjs.ops.reduction_util import check_flag
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


class MaxPoolWithArgmax(NamedTuple):
    """max_pool_with_argmax's result: the max pool and the flat input index of each maximum."""

    result: Tensor
    indexes: Tensor


@op
def max_pool_with_argmax(
    x: TensorLike,
    filter_size: int | Sequence[int],
    strides: int | Sequence[int],
    pad: Pad,
    include_batch_in_index: bool = False,
) -> MaxPoolWithArgmax:
    """Computes the 2D max pooling of a [batch, height, width, channels] image and the
    int32 flat index of each maximum in the input: (row * width + col) * channels +
    channel, plus batch * height * width * channels with `include_batch_in_index`
    (-1 where a window holds only NaN).

    >>> result, indexes = tf.max_pool_with_argmax(tf.tensor4d([1, 4, 3, 2], [1, 2, 2, 1]), 2, 1, "valid")
    >>> result.array_sync(), indexes.array_sync()
    ([[[[4.0]]]], [[[[1]]]])
    """
    name, js_name = "max_pool_with_argmax", "maxPoolWithArgmax"
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", name), name, tfjs_name="MaxPoolWithArgmax")
    check_rank(x_tensor.rank, 4, name, js_name)
    filter_size, strides = check_window(filter_size, strides, name, js_name, 2)
    pad = check_pool_pad(pad, None, name, js_name)
    pool2d_out_shape(x_tensor.shape, filter_size, strides, 1, pad, None, name)
    attrs = {
        "filter_size": filter_size,
        "strides": strides,
        "pad": pad,
        "include_batch_in_index": check_flag(
            include_batch_in_index, "max_pool_with_argmax", "include_batch_in_index"
        ),
    }
    result, indexes = ENGINE.run_kernel(MAX_POOL_WITH_ARGMAX, {"x": x_tensor}, attrs)
    return MaxPoolWithArgmax(result, indexes)


@register_gradient(MAX_POOL_WITH_ARGMAX, save_inputs=("x",), save_outputs=True)
def _max_pool_with_argmax_grad(
    dy: list[Tensor], x: Tensor, outputs: list[Tensor], filter_size: Any, strides: Any, pad: Any
) -> dict[str, Tensor]:
    """TF.js has none; TensorFlow's MaxPoolGradWithArgmax: the result's dy goes to the
    input position of its maximum, the argmax (the indexes output is not differentiable).
    The argmax is the window's first maximum, as MaxPoolGrad finds it: its kernel does it."""
    attrs = {"filter_size": filter_size, "strides": strides, "pad": pad, "dim_rounding_mode": None}
    inputs = {"dy": dy[0], "input": x, "output": outputs[0]}
    return {"x": ENGINE.run_kernel(MAX_POOL_GRAD, inputs, attrs)}
