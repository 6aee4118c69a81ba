"""Fused kernels: FusedConv2D, FusedDepthwiseConv2D, _FusedMatMul.

As TF.js's cpu backend, each runs the plain kernel (Conv2D, DepthwiseConv2dNative,
BatchMatMul), then the Add kernel for the bias, then the activation's own kernel, so the
numbers are those of the unfused ops, bit for bit."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.backends.cpu.kernels.activation import ACTIVATIONS, leaky_relu, leaky_relu_values, prelu, relu6
from tfjs.backends.cpu.kernels.binary import BINARY
from tfjs.backends.cpu.kernels.buffer_memo import remembered
from tfjs.backends.cpu.kernels.conv import conv2d_values, depthwise_conv2d_values, forward_values
from tfjs.backends.cpu.kernels.matmul import batch_mat_mul
from tfjs.backends.cpu.kernels.unary import UNARY, relu
from tfjs.kernel_names import (
    ADD,
    ELU,
    FUSED_CONV2D,
    FUSED_DEPTHWISE_CONV2D,
    FUSED_MAT_MUL,
    RELU,
    RELU6,
    SIGMOID,
)
from tfjs.kernel_registry import kernel, register_kernel

# The activations of one input, by their fused names.
UNARY_ACTIVATIONS = {
    "relu": UNARY[RELU],
    "elu": ACTIVATIONS[ELU],
    "relu6": ACTIVATIONS[RELU6],
    "sigmoid": ACTIVATIONS[SIGMOID],
}


def apply_activation(
    backend: CpuBackend,
    x: TensorInfo,
    activation: str | None,
    prelu_activation_weights: Any = None,
    leakyrelu_alpha: float | None = None,
) -> TensorInfo:
    """TF.js's cpu applyActivation on an intermediate result `x` (freed when replaced)."""
    if not activation or activation == "linear":
        return x
    if activation == "prelu":
        result = prelu(backend, x, prelu_activation_weights)
    elif activation == "leakyrelu":
        result = leaky_relu(backend, x, alpha=leakyrelu_alpha)
    else:
        result = UNARY_ACTIVATIONS[activation](backend, x)
    backend.dispose_data(x.data_id)
    return result


def add_bias(backend: CpuBackend, x: TensorInfo, bias: Any) -> TensorInfo:
    """The Add kernel on an intermediate result `x` (freed) and the bias."""
    result = BINARY[ADD](backend, x, bias)
    backend.dispose_data(x.data_id)
    return result


def _channels_first(backend: CpuBackend, values: Any) -> Any:
    """A 1-D bias or PReLU weights of several channels, as [channels, 1, 1] to line up
    with an NCHW result (no copy)."""
    if values is not None and len(values.shape) == 1 and values.shape[0] != 1:
        return backend.forward(values, (values.shape[0], 1, 1))
    return values


def _finish_in_place(
    values: np.ndarray, bias: np.ndarray | None, activation: str | None, slopes: np.ndarray | None = None
) -> np.ndarray | None:
    """`values` (a kernel's new float32 array) plus `bias`, then a relu or relu6 (in
    place) or a prelu with `slopes`, as the Add and activation kernels compute them; None
    (nothing done) where those kernels must run instead."""
    if values.dtype != np.float32 or activation not in (None, "linear", "relu", "relu6", "prelu"):
        return None
    if activation == "prelu" and (
        slopes is None
        or slopes.dtype != np.float32
        or np.broadcast_shapes(values.shape, slopes.shape) != values.shape
    ):
        return None
    if bias is not None:
        if bias.dtype != np.float32 or np.broadcast_shapes(values.shape, bias.shape) != values.shape:
            return None
        np.add(values, bias, out=values)
    if activation == "relu":
        relu(values, out=values)
    elif activation == "relu6":
        relu6(values, out=values)
    elif activation == "prelu":
        values = leaky_relu_values(values, slopes)
    return values


_CONV2D_BEFORE_BIAS = functools.partial(conv2d_values, positive_zeros=False)


def _holds_negative_zero(values: np.ndarray) -> bool:
    """Whether a bias holds a -0 (remembered for a model's read-only weights)."""
    return remembered(values, "holds -0", lambda: bool(np.any(np.signbit(values) & (values == 0))))


def _fused_conv_kernel(
    values: Callable[..., np.ndarray], depthwise: bool, per_channel_nchw: bool
) -> Callable[..., TensorInfo]:
    """A fused convolution kernel: the convolution's `values` (conv.py), plus bias, then
    activation. Where `per_channel_nchw` (TF.js's FusedConv2D, not its
    FusedDepthwiseConv2D), an NCHW result takes a 1-D bias or PReLU weights of several
    values per channel."""

    def run(
        backend: CpuBackend,
        x: Any,
        filter: Any,  # noqa: A002 (TF.js's input name)
        bias: Any = None,
        prelu_activation_weights: Any = None,
        *,
        activation: str,
        leakyrelu_alpha: float | None,
        **conv_attrs: Any,
    ) -> TensorInfo:
        bias_values = None if bias is None else backend.values(bias)
        body = values
        if values is conv2d_values and bias_values is not None and not _holds_negative_zero(bias_values):
            body = _CONV2D_BEFORE_BIAS  # the bias turns a -0 sum into +0: no pass to do it first
        output = forward_values(body, depthwise, backend, x, filter, **conv_attrs)
        nchw = per_channel_nchw and conv_attrs["data_format"] == "NCHW"
        if bias is not None and nchw:
            bias = _channels_first(backend, bias)
            bias_values = backend.values(bias)
        weights = prelu_activation_weights
        if nchw and activation == "prelu":
            weights = _channels_first(backend, weights)
        if x.dtype == "float32":
            slopes = None if weights is None else backend.values(weights)
            finished = _finish_in_place(output, bias_values, activation, slopes)
            if finished is not None:
                return backend.make_output(finished, x.dtype)
        result = backend.make_output(output, x.dtype)
        if bias is not None:
            result = add_bias(backend, result, bias)
        return apply_activation(backend, result, activation, weights, leakyrelu_alpha)

    return run


# attributes: strides, pad, data_format, dilations, dim_rounding_mode (the convolution's),
# activation, leakyrelu_alpha
fused_conv2d = _fused_conv_kernel(conv2d_values, False, True)
fused_depthwise_conv2d = _fused_conv_kernel(depthwise_conv2d_values, True, False)
register_kernel(FUSED_CONV2D, "cpu", fused_conv2d)
register_kernel(FUSED_DEPTHWISE_CONV2D, "cpu", fused_depthwise_conv2d)


@kernel(FUSED_MAT_MUL, "cpu")
def fused_mat_mul(
    backend: CpuBackend,
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
    result = batch_mat_mul(backend, a, b, transpose_a=transpose_a, transpose_b=transpose_b)
    if bias is not None:
        result = add_bias(backend, result, bias)
    return apply_activation(backend, result, activation, prelu_activation_weights, leakyrelu_alpha)
