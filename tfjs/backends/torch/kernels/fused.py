"""Fused kernels: FusedConv2D, FusedDepthwiseConv2D, _FusedMatMul — the plain kernel's
values, plus the bias as the Add kernel adds it, then the activation's own formula, so
the numbers are those of the unfused torch kernels, bit for bit."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import torch
import torch.nn.functional as F

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import NO_NEGATIVE_ZERO, TorchBackend, to_storage
from tfjs.backends.torch.kernels.activation import (
    channel_slopes,
    exp_minus_one_below_zero,
    leaky_relu_values,
    prelu_values,
    relu6,
)
from tfjs.backends.torch.kernels.conv import conv_bias, forward_values
from tfjs.backends.torch.kernels.matmul import matmul_values
from tfjs.backends.torch.kernels.unary import relu
from tfjs.backends.torch.registry import register_torch_kernel, torch_kernel
from tfjs.kernel_names import FUSED_CONV2D, FUSED_DEPTHWISE_CONV2D, FUSED_MAT_MUL

# The activations of one input, by their fused names (elu as its kernel: in float64).
UNARY_ACTIVATIONS: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "relu": relu,
    "elu": lambda x: exp_minus_one_below_zero(x.double()).to(x.dtype),
    "relu6": relu6,
    "sigmoid": torch.sigmoid,
}


def finish(
    values: torch.Tensor,
    dtype: str,
    bias: torch.Tensor | None,
    activation: str | None,
    slopes: torch.Tensor | None,
    leakyrelu_alpha: float | None,
) -> torch.Tensor:
    """`values` plus `bias`, then the activation (TF.js's applyActivation)."""
    if bias is not None:  # the Add kernel: another dtype's bias is added in doubles
        values = (
            values + bias
            if bias.dtype == values.dtype
            else to_storage(values.double() + bias.double(), dtype)
        )
    return activate(values, dtype, activation, slopes, leakyrelu_alpha)


def activate(
    values: torch.Tensor,
    dtype: str,
    activation: str | None,
    slopes: torch.Tensor | None,
    leakyrelu_alpha: float | None,
) -> torch.Tensor:
    """The fused activation of `values` (of a kernel's `dtype`)."""
    if not activation or activation == "linear":
        return values
    if dtype != "float32":  # the activation kernels take any dtype and give float32
        values = values.double()
    if activation == "prelu":
        assert slopes is not None
        return leaky_relu_values(values, slopes.to(values.dtype))
    if activation == "leakyrelu":
        return leaky_relu_values(values, leakyrelu_alpha)
    return UNARY_ACTIVATIONS[activation](values)


# In place, on a fresh float32 result with no -0 (whose -0 fix-ups they can skip).
_IN_PLACE_ACTIVATIONS: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "relu": torch.relu_,
    "relu6": lambda x: x.clamp_(0, 6),
    "sigmoid": torch.sigmoid_,
}


_IN_PLACE_OR_NONE = frozenset({None, "", "linear", *_IN_PLACE_ACTIVATIONS})


def _bias_per_column(a: torch.Tensor, b: torch.Tensor, dtype: str, bias: Any) -> bool:
    """Whether a float32 product of matrices has a float32 bias of one value or one per
    column (which the sgemm itself can add)."""
    if bias is None or dtype != "float32" or bias.dtype != "float32" or a.dim() != 2 or b.dim() != 2:
        return False
    columns = b.shape[-1]
    return tuple(bias.shape) in ((), (1,), (columns,), (1, columns))


def fused_dtype(dtype: str, activation: str | None) -> str:
    """The result's dtype: the input's, float32 after prelu and leakyrelu (as their kernels)."""
    return "float32" if activation in ("prelu", "leakyrelu") else dtype


def _per_channel_first(values: torch.Tensor | None) -> torch.Tensor | None:
    """A 1-D bias or PReLU weights of several channels as [channels, 1, 1], to line up
    with an NCHW result."""
    if values is not None and values.dim() == 1 and values.shape[0] != 1:
        return values.reshape(-1, 1, 1)
    return values


def _fused_conv_kernel(depthwise: bool) -> Callable[..., TensorInfo]:
    """A fused convolution kernel; an NCHW FusedConv2D (not FusedDepthwiseConv2D, as in
    TF.js) takes a 1-D bias or PReLU weights of several values per channel."""

    def run(
        backend: TorchBackend,
        x: Any,
        filter: Any,  # noqa: A002 (TF.js's input name)
        bias: Any = None,
        prelu_activation_weights: Any = None,
        *,
        activation: str,
        leakyrelu_alpha: float | None,
        **conv_attrs: Any,
    ) -> TensorInfo:
        slopes = None if prelu_activation_weights is None else backend.tensor(prelu_activation_weights)
        nchw = conv_attrs["data_format"] == "NCHW"
        if not depthwise and nchw:
            slopes = _per_channel_first(slopes)
        dtype = fused_dtype(x.dtype, activation)
        if _bias_per_channel(x, filter, bias, depthwise, nchw):
            # the convolution adds the bias as it stores each sum: no -0 left to fix
            output = forward_values(depthwise, backend, x, filter, bias=bias, **conv_attrs)
            in_place = _IN_PLACE_ACTIVATIONS.get(activation)
            if in_place is not None:
                return backend.make_output(in_place(output), dtype)
            if activation == "prelu" and not nchw:
                weight = channel_slopes(backend, prelu_activation_weights, output.shape, x.dtype)
                if weight is not None:
                    return backend.make_output(prelu_values(output, weight, no_negative_zero=True), dtype)
            if activation in (None, "linear"):
                return backend.mark(backend.make_output(output, dtype), NO_NEGATIVE_ZERO)
            return backend.make_output(activate(output, x.dtype, activation, slopes, leakyrelu_alpha), dtype)
        output = forward_values(depthwise, backend, x, filter, **conv_attrs)
        bias_values = None if bias is None else backend.tensor(bias)
        if not depthwise and nchw:
            bias_values = _per_channel_first(bias_values)
        result = finish(output, x.dtype, bias_values, activation, slopes, leakyrelu_alpha)
        return backend.make_output(result, dtype)

    return run


def _bias_per_channel(x: Any, filter: Any, bias: Any, depthwise: bool, nchw: bool) -> bool:  # noqa: A002
    """Whether a float32 convolution's bias is one value or a 1-D one per output channel
    (which the convolution itself can add)."""
    if bias is None or x.dtype != "float32" or bias.dtype != "float32":
        return False
    if math.prod(bias.shape) == 1 and len(bias.shape) <= len(x.shape):
        return True
    out_channels = filter.shape[2] * filter.shape[3] if depthwise else filter.shape[3]
    return len(bias.shape) == 1 and bias.shape[0] == out_channels and not (depthwise and nchw)


register_torch_kernel(FUSED_CONV2D, _fused_conv_kernel(False))
register_torch_kernel(FUSED_DEPTHWISE_CONV2D, _fused_conv_kernel(True))


@torch_kernel(FUSED_MAT_MUL)
def fused_mat_mul(
    backend: TorchBackend,
    a: Any,
    b: Any,
    bias: Any = None,
    prelu_activation_weights: Any = None,
    *,
    transpose_a: bool,
    transpose_b: bool,
    activation: str,
    leakyrelu_alpha: float | None,
) -> TensorInfo:
    """BatchMatMul (batch dimensions broadcast), plus bias, then activation."""
    a_values, b_values = backend.tensor(a), backend.tensor(b)
    if transpose_a:
        a_values = a_values.transpose(-1, -2)
    if transpose_b:
        b_values = b_values.transpose(-1, -2)
    if _bias_per_column(a_values, b_values, a.dtype, bias) and activation in _IN_PLACE_OR_NONE:
        # the sgemm adds the bias as it stores each sum: no -0 left to fix (as a convolution's)
        row = conv_bias(backend, bias, b_values.shape[-1], torch.float32)
        output = F.linear(a_values, b_values.t(), row)  # addmm; a form oneDNN Graph maps (onednn_graph.py)
        in_place = _IN_PLACE_ACTIVATIONS.get(activation)
        return backend.make_output(output if in_place is None else in_place(output), a.dtype)
    output = matmul_values(a_values, b_values, a.dtype)
    bias_values = None if bias is None else backend.tensor(bias)
    slopes = None if prelu_activation_weights is None else backend.tensor(prelu_activation_weights)
    result = finish(output, a.dtype, bias_values, activation, slopes, leakyrelu_alpha)
    return backend.make_output(result, fused_dtype(a.dtype, activation))
