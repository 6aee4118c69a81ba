from __future__ import annotations

from collections.abc import Sequence

from tfjs.kernel_names import CONV2D
from tfjs.ops import conv_util
from tfjs.ops.conv_util import Pad, batch_shape, run_batched
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
    attrs, _ = conv_util.conv2d_attrs(
        "conv2d", "conv2d", batch_shape(x_tensor, 4), filter_tensor.shape, *args, js_check_name="conv2D"
    )
    return run_batched(CONV2D, "x", x_tensor, 4, {"filter": filter_tensor}, attrs)
