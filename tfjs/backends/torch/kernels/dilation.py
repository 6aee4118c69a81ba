"""Grayscale morphological dilation: Dilation2D and its gradients, Dilation2DBackpropInput
and Dilation2DBackpropFilter.

One pass per filter tap over every output position, in TF.js's tap order: a strict '>'
from Number.MIN_SAFE_INTEGER, so NaN never wins and the first of equal maxima stays. The
gradients send each output's dy to its maximum's input position and filter tap; a window
with no winning tap sends it to the window's corner clamped at 0 (input) or to tap
(0, 0) (filter), as TF.js's loops do.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import torch

from tfjs.backend_util.conv_info import compute_dilation2d_info
from tfjs.backend_util.conv_types import Conv2DInfo
from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.kernels.conv_util import padded_to_output
from tfjs.backends.torch.kernels.unary import to_uint8_truth
from tfjs.backends.torch.registry import register_torch_kernel, torch_kernel
from tfjs.kernel_names import DILATION2D, DILATION2D_BACKPROP_FILTER, DILATION2D_BACKPROP_INPUT

# TF.js starts every window's maximum at Number.MIN_SAFE_INTEGER.
_START = -9007199254740991.0


def argmax_taps(x: torch.Tensor, f: torch.Tensor, info: Conv2DInfo) -> tuple[torch.Tensor, ...]:
    """Each output's maximum of x + filter (float64, NHWC) and the filter tap (h, w) it
    came from (-1 where no tap wins)."""
    best = torch.full(info.out_shape, _START, dtype=torch.float64, device=x.device)
    best_h = torch.full(info.out_shape, -1, dtype=torch.long, device=x.device)
    best_w = best_h.clone()
    if best.numel() == 0 or x.numel() == 0:
        return best, best_h, best_w
    # taps past the input read -Infinity, which never wins
    padded = padded_to_output(x.double().permute(0, 3, 1, 2), info, float("-inf")).permute(0, 2, 3, 1)
    rows = slice(None, (info.out_height - 1) * info.stride_height + 1, info.stride_height)
    cols = slice(None, (info.out_width - 1) * info.stride_width + 1, info.stride_width)
    weights = f.double()
    for h in range(info.filter_height):
        for w in range(info.filter_width):
            top, left = h * info.dilation_height, w * info.dilation_width
            shifted = padded[:, top:, left:][:, rows, cols]
            value = shifted + weights[h, w]
            wins = value > best
            best = torch.where(wins, value, best)
            best_h = torch.where(wins, h, best_h)
            best_w = torch.where(wins, w, best_w)
    return best, best_h, best_w


@torch_kernel(DILATION2D)
def dilation2d(
    backend: TorchBackend,
    x: Any,
    filter: Any,  # noqa: A002
    *,
    strides: int | Sequence[int],
    pad: Any,
    dilations: int | Sequence[int],
) -> TensorInfo:
    """The maximum over the window of x + filter (sums in float64, stored in x's dtype)."""
    info = compute_dilation2d_info(x.shape, filter.shape, strides, pad, "NHWC", dilations)
    best, _, _ = argmax_taps(backend.tensor(x), backend.tensor(filter), info)
    if x.dtype == "bool":
        return backend.make_output(to_uint8_truth(best), "bool")
    return backend.make_output(best, x.dtype)


Positions = Callable[
    [Conv2DInfo, torch.Tensor, torch.Tensor, Sequence[int]], tuple[torch.Tensor, torch.Tensor]
]


def _input_positions(
    info: Conv2DInfo, best_h: torch.Tensor, best_w: torch.Tensor, shape: Sequence[int]
) -> tuple[torch.Tensor, torch.Tensor]:
    """Where each output's maximum lies in x (flat), and whether it is inside x."""
    device = best_h.device
    rows = (
        torch.arange(info.out_height, device=device)[:, None, None] * info.stride_height - info.pad_info.top
    )
    cols = torch.arange(info.out_width, device=device)[None, :, None] * info.stride_width - info.pad_info.left
    h_in = torch.where(best_h >= 0, rows + best_h * info.dilation_height, torch.clamp(rows, min=0))
    w_in = torch.where(best_w >= 0, cols + best_w * info.dilation_width, torch.clamp(cols, min=0))
    batch = torch.arange(info.batch_size, device=device)[:, None, None, None]
    channel = torch.arange(info.in_channels, device=device)
    inside = (h_in < info.in_height) & (w_in < info.in_width)
    flat = ((batch * info.in_height + h_in) * info.in_width + w_in) * info.in_channels + channel
    return flat, inside


def _filter_positions(
    info: Conv2DInfo, best_h: torch.Tensor, best_w: torch.Tensor, shape: Sequence[int]
) -> tuple[torch.Tensor, torch.Tensor]:
    """Where each output's maximum lies in the filter (flat); always inside."""
    _, f_width, depth = shape
    channel = torch.arange(depth, device=best_h.device)
    flat = (torch.clamp(best_h, min=0) * f_width + torch.clamp(best_w, min=0)) * depth + channel
    return flat, torch.ones(flat.shape, dtype=torch.bool, device=flat.device)


def _backprop_kernel(wrt: str, positions: Positions) -> Callable[..., TensorInfo]:
    """A gradient of dilation2d with respect to `wrt` ("x" or "filter"): dy added at its
    maxima's positions (float32 results in float32, others in float64 stored once)."""

    def run(
        backend: TorchBackend,
        x: Any,
        filter: Any,  # noqa: A002
        dy: Any,
        *,
        strides: int | Sequence[int],
        pad: Any,
        dilations: int | Sequence[int],
    ) -> TensorInfo:
        info = compute_dilation2d_info(x.shape, filter.shape, strides, pad, "NHWC", dilations)
        _, best_h, best_w = argmax_taps(backend.tensor(x), backend.tensor(filter), info)
        target = x if wrt == "x" else filter
        flat, inside = positions(info, best_h, best_w, target.shape)
        work = torch.float32 if target.dtype == "float32" else torch.float64
        out = torch.zeros(math.prod(target.shape), dtype=work, device=backend.device)
        grads = backend.tensor(dy).reshape(info.out_shape).to(work)
        out.index_add_(0, flat.broadcast_to(info.out_shape)[inside], grads[inside])
        return backend.make_output(out.reshape(target.shape), target.dtype)

    return run


register_torch_kernel(DILATION2D_BACKPROP_INPUT, _backprop_kernel("x", _input_positions))
register_torch_kernel(DILATION2D_BACKPROP_FILTER, _backprop_kernel("filter", _filter_positions))
