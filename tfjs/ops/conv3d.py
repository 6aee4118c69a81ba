from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import CONV3D
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.conv_util import (
    check_filter_fits,
    check_pad,
    check_tuple_param,
    compute_conv3d_info,
    either_strides_or_dilations_are_one,
    js_param,
    strides_or_dilations_are_positive,
)
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
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
    if x_tensor.rank not in (4, 5):
        raise ValueError(f"{_ERROR}: input must be rank 5, but got rank {x_tensor.rank}.")
    x_shape = x_tensor.shape if x_tensor.rank == 5 else (1, *x_tensor.shape)
    if filter_tensor.rank != 5:
        raise ValueError(f"{_ERROR}: filter must be rank 5, but got rank {filter_tensor.rank}.")
    if x_shape[4] != filter_tensor.shape[3]:
        raise ValueError(
            f"{_ERROR}: depth of input ({x_shape[4]}) must match input depth for filter "
            f"{filter_tensor.shape[3]}."
        )
    strides = check_tuple_param(strides, "strides", "conv3d", 3)
    dilations = check_tuple_param(dilations, "dilations", "conv3d", 3)
    if not either_strides_or_dilations_are_one(strides, dilations):
        raise ValueError(
            "conv3d: Error in conv3D: Either strides or dilations must be 1. "
            f"Got strides {js_param(strides)} and dilations '{js_param(dilations)}'"
        )
    if data_format != "NDHWC":
        raise ValueError(f"{_ERROR}: got dataFormat of {data_format} but only NDHWC is currently supported.")
    if not strides_or_dilations_are_positive(dilations):
        raise ValueError("conv3d: Error in conv3D: Dilated rates should be larger than 0.")
    if not strides_or_dilations_are_positive(strides):
        raise ValueError("conv3d: Error in conv3D: Strides should be larger than 0.")
    pad = check_pad(pad, "conv3d", explicit=False)
    assert_not_complex(x_tensor, "conv3d", "x")
    assert_not_complex(filter_tensor, "conv3d", "filter")
    info = compute_conv3d_info(x_shape, filter_tensor.shape, strides, dilations, pad)
    check_filter_fits("conv3d", x_shape, filter_tensor.shape, x_shape[1:4], info.out_shape[1:4], pad)
    x5d = x_tensor if x_tensor.rank == 5 else reshape(x_tensor, x_shape)
    attrs = {"strides": strides, "pad": pad, "data_format": data_format, "dilations": dilations}
    result = ENGINE.run_kernel(CONV3D, {"x": x5d, "filter": filter_tensor}, attrs)
    return result if x_tensor.rank == 5 else reshape(result, result.shape[1:])
