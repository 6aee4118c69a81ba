from __future__ import annotations

from collections.abc import Sequence

from tfjs.kernel_names import DEPTHWISE_CONV2D_NATIVE
from tfjs.ops import conv_util
from tfjs.ops.conv_util import Pad, batch_shape, run_batched
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
    attrs, _ = conv_util.conv2d_attrs(
        "depthwise_conv2d",
        "depthwiseConv2d",
        batch_shape(x_tensor, 4),
        filter_tensor.shape,
        *args,
        depthwise=True,
    )
    return run_batched(DEPTHWISE_CONV2D_NATIVE, "x", x_tensor, 4, {"filter": filter_tensor}, attrs)
