"""2-D pooling kernels: AvgPool and MaxPool, with TF.js's semantics: max skips NaN (a
window of NaNs gives -Infinity) and reads no padding; avg divides by the count of the
window's positions inside the input (an empty window gives 0/0 = NaN)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch
import torch.nn.functional as F

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TORCH_DTYPES, TorchBackend
from tfjs.backends.torch.kernels.conv_util import (
    channels_first,
    empty_output,
    from_channels_first,
    padded_to_output,
)
from tfjs.backends.torch.registry import register_torch_kernel
from tfjs.kernel_names import AVG_POOL, MAX_POOL
from tfjs.ops.conv_util import Conv2DInfo, compute_pool2d_info


def max_pool_values(x: torch.Tensor, info: Conv2DInfo) -> torch.Tensor:
    values = channels_first(x, info)
    values = (
        torch.where(torch.isnan(values), float("-inf"), values)
        if values.is_floating_point()
        else values.double()
    )
    padded = padded_to_output(values, info, float("-inf"))
    window, stride = (info.filter_height, info.filter_width), (info.stride_height, info.stride_width)
    return from_channels_first(F.max_pool2d(padded, window, stride), info)


def avg_pool_values(x: torch.Tensor, info: Conv2DInfo) -> torch.Tensor:
    values = channels_first(x, info)
    values = values if values.is_floating_point() else values.double()
    window, stride = (info.filter_height, info.filter_width), (info.stride_height, info.stride_width)
    sums = F.avg_pool2d(padded_to_output(values, info), window, stride, divisor_override=1)
    inside = torch.ones((1, 1, info.in_height, info.in_width), dtype=values.dtype, device=values.device)
    counts = F.avg_pool2d(padded_to_output(inside, info), window, stride, divisor_override=1)
    return from_channels_first(sums / counts, info)


def _pool_kernel(values: Callable[[torch.Tensor, Conv2DInfo], torch.Tensor]) -> Callable[..., TensorInfo]:
    def pool(
        backend: TorchBackend,
        x: Any,
        *,
        filter_size: Any,
        strides: Any,
        pad: Any,
        dim_rounding_mode: Any = None,
        data_format: str = "NHWC",
    ) -> TensorInfo:
        info = compute_pool2d_info(x.shape, filter_size, strides, 1, pad, dim_rounding_mode)
        if (info.filter_height, info.filter_width) == (1, 1) and tuple(info.in_shape) == tuple(
            info.out_shape
        ):
            return backend.forward(x, x.shape)  # TF.js's identity shortcut: NaN and -0 kept as they are
        if empty_output(info):
            return backend.make_output(torch.zeros(info.out_shape, dtype=TORCH_DTYPES[x.dtype]), x.dtype)
        return backend.make_output(values(backend.tensor(x), info), x.dtype)

    return pool


register_torch_kernel(AVG_POOL, _pool_kernel(avg_pool_values))
register_torch_kernel(MAX_POOL, _pool_kernel(max_pool_values))
