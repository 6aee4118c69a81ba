"""3-D convolution kernels: Conv3D, Conv3DBackpropInputV2 (conv3d_transpose) and
Conv3DBackpropFilterV2 — conv.py's N-d bodies on NDHWC data. TF.js's 3-D 'same' split
is not clamped at 0: a negative front pad starts the windows inside the input."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs.backend_util.conv_info import compute_conv3d_info
from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.kernels.conv import (
    backprop_filter_values,
    backprop_input_values,
    conv_values,
    filter_of,
    work_dtype,
)
from tfjs.backends.torch.registry import cpu_kernel_func, torch_kernel
from tfjs.kernel_names import CONV3D, CONV3D_BACKPROP_FILTER_V2, CONV3D_BACKPROP_INPUT_V2


@torch_kernel(CONV3D)
def conv3d(
    backend: TorchBackend,
    x: Any,
    filter: Any,  # noqa: A002
    *,
    strides: int | Sequence[int],
    pad: str | int,
    data_format: str,
    dilations: int | Sequence[int],
) -> TensorInfo:
    """The result has x's dtype. TF.js stores each product into an int32 or bool result
    as it goes (truncating, wrapping): those run cpu's kernel on the host."""
    if x.dtype != "float32":
        attrs = {"strides": strides, "pad": pad, "data_format": data_format, "dilations": dilations}
        return backend.run_on_host(cpu_kernel_func(CONV3D), {"x": x, "filter": filter, **attrs})
    info = compute_conv3d_info(x.shape, filter.shape, strides, dilations, pad)
    w = filter_of(backend, filter, False, work_dtype(x.dtype))
    return backend.make_output(conv_values(backend.tensor(x), w, info), x.dtype)


@torch_kernel(CONV3D_BACKPROP_INPUT_V2)
def conv3d_backprop_input_v2(
    backend: TorchBackend,
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
    values = backprop_input_values(backend.tensor(dy), backend.tensor(filter), info)
    return backend.make_output(values, "float32")


@torch_kernel(CONV3D_BACKPROP_FILTER_V2)
def conv3d_backprop_filter_v2(
    backend: TorchBackend,
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
    values = backprop_filter_values(backend.tensor(x), backend.tensor(dy), info)
    return backend.make_output(values, "float32")
