"""3-D convolution kernels: Conv3D, Conv3DBackpropInputV2 (conv3d_transpose) and
Conv3DBackpropFilterV2.

Conv3D's sum is conv_util.conv_values, as Conv2D's: TF.js's order of typed-array stores
(one filter tap and input channel at a time over every output position, skipping the
padding) where it matters (a partial sum that could leave float32's range, a non-finite
input, an int32/bool result that wraps or truncates along the way) or is cheap, else one
float64 BLAS product of an im2col matrix, rounded once.

Conv3DBackpropInputV2 sums each input position's gradient in a double and stores it
once, as TF.js does (conv_util.backprop_input_values, as Conv2DBackpropInput), and
Conv3DBackpropFilterV2 each weight's (conv_util.backprop_filter_values: a float64 sum per
filter tap, stored once). Both take a `dilations` attribute (default 1) that TF.js's lack
(its gradient refuses dilated convolutions; TensorFlow's kernels take it).

TF.js's 3-D 'same' split is not clamped at 0: a negative front pad starts the windows
inside the input, which conv_util's spans allow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs.backend_util.conv_info import compute_conv3d_info
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.backends.cpu.kernels.conv_util import (
    backprop_filter_values,
    backprop_input_values,
    conv_values,
    geometry,
)
from tfjs.kernel_names import CONV3D, CONV3D_BACKPROP_FILTER_V2, CONV3D_BACKPROP_INPUT_V2
from tfjs.kernel_registry import kernel


@kernel(CONV3D, "cpu")
def conv3d(
    backend: CpuBackend,
    x: Any,
    filter: Any,  # noqa: A002
    *,
    strides: int | Sequence[int],
    pad: str | int,
    data_format: str,
    dilations: int | Sequence[int],
) -> TensorInfo:
    """The result has x's dtype (TF.js's typed array of it holds the sum)."""
    info = compute_conv3d_info(x.shape, filter.shape, strides, dilations, pad)
    values = conv_values(backend.values(x), backend.values(filter), geometry(info), x.dtype)
    return backend.make_output(values, x.dtype)


@kernel(CONV3D_BACKPROP_INPUT_V2, "cpu")
def conv3d_backprop_input_v2(
    backend: CpuBackend,
    dy: Any,
    filter: Any,  # noqa: A002
    *,
    strides: int | Sequence[int],
    pad: str | int,
    input_shape: Sequence[int],
    dilations: int | Sequence[int] = 1,
) -> TensorInfo:
    """The gradient of conv3d with respect to its input, float32."""
    info = compute_conv3d_info(input_shape, filter.shape, strides, dilations, pad)
    values = backprop_input_values(backend.values(dy), backend.values(filter), geometry(info))
    return backend.make_output(values, "float32")


@kernel(CONV3D_BACKPROP_FILTER_V2, "cpu")
def conv3d_backprop_filter_v2(
    backend: CpuBackend,
    x: Any,
    dy: Any,
    *,
    strides: int | Sequence[int],
    pad: str | int,
    filter_shape: Sequence[int],
    dilations: int | Sequence[int] = 1,
) -> TensorInfo:
    """The gradient of conv3d with respect to its filter, float32 shaped `filter_shape`."""
    info = compute_conv3d_info(x.shape, filter_shape, strides, dilations, pad)
    values = backprop_filter_values(backend.values(x), backend.values(dy), geometry(info), info.filter_shape)
    return backend.make_output(values, "float32")
