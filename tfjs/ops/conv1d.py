from __future__ import annotations

import math

from tfjs.backend_util.conv_types import Pad
from tfjs.ops import conv_checks, conv_util
from tfjs.ops.conv2d import conv2d
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def conv1d(
    x: TensorLike,
    filter: TensorLike,  # noqa: A002 (TF.js's argument name)
    stride: int,
    pad: Pad,
    data_format: str = "NWC",
    dilation: int = 1,
    dim_rounding_mode: str | None = None,
) -> Tensor:
    """Computes a 1-D convolution over `x` ([batch, width, in_channels], or rank 2 for one
    sequence) with `filter` shaped [filter_width, in_depth, out_depth].

    Runs as a conv2d of height 1, so an explicit `pad` is conv2d's four pairs.

    >>> x = tf.tensor3d([1, 2, 4, 8], [1, 4, 1])
    >>> tf.conv1d(x, tf.tensor3d([1, -1], [2, 1, 1]), 1, "valid").array_sync()
    [[[-1.0], [-2.0], [-4.0]]]
    """
    x_tensor = convert_to_tensor(x, "x", "conv1d")
    filter_tensor = convert_to_tensor(filter, "filter", "conv1d")
    x_shape = x_tensor.shape if x_tensor.rank != 2 else (1, *x_tensor.shape)
    conv_checks.check_rank("conv1d", "conv1d", "input", len(x_shape), 3)
    conv_checks.check_rank("conv1d", "conv1d", "filter", filter_tensor.rank, 3)
    conv_util.check_pad_on_dim_rounding_mode("conv1d", pad, dim_rounding_mode)
    conv_checks.check_depth("conv1d", "conv1d", "input", x_shape[2], filter_tensor.shape[1])
    stride, dilation = conv_checks.check_strides_and_dilations(
        "conv1d", "conv1D", stride, dilation, stride_word="stride"
    )
    if data_format != "NWC":
        raise ValueError(
            f"conv1d: Error in conv1d: got dataFormat of {data_format} but only NWC is currently supported."
        )
    # conv2d takes float32 tensors only (TF.js's message names conv2d)
    for name, tensor in (("x", x_tensor), ("filter", filter_tensor)):
        if tensor.dtype != "float32":
            raise TypeError(
                f"Argument '{name}' passed to 'conv2d' must be float32 tensor, but got {tensor.dtype} tensor"
            )
    x4_shape = (x_shape[0], 1, x_shape[1], x_shape[2])
    filter4_shape = (1, *filter_tensor.shape)
    args = (x4_shape, filter4_shape, (1, stride), pad, "NHWC", (1, dilation), dim_rounding_mode)
    _, info = conv_checks.conv2d_attrs("conv1d", "conv2d", *args, js_check_name="conv2D")
    if info.out_height != 1:
        # a pad that is a number pads the height of 1 too: TF.js's reshape refuses the result
        out = info.out_shape
        kept = (out[2], out[3]) if x_tensor.rank == 2 else (out[0], out[2], out[3])
        raise ValueError(
            f"conv1d: Size({math.prod(out)}) must match the product of shape {js_list(kept)} "
            f"(pad {pad} also pads the height of 1 of the conv2d conv1d runs as)"
        )
    x4 = reshape(x_tensor, x4_shape)
    filter4 = reshape(filter_tensor, filter4_shape)
    result = conv2d(x4, filter4, (1, stride), pad, "NHWC", (1, dilation), dim_rounding_mode)
    if x_tensor.rank == 2:
        return reshape(result, (result.shape[2], result.shape[3]))
    return reshape(result, (result.shape[0], result.shape[2], result.shape[3]))
