"""Activation kernels: TF.js's cpu formulas, computed in float64 as JavaScript computes
them and stored into the result's typed array."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.backends.cpu.kernels.unary import js_exp, positive_zeros, unary_kernel
from tfjs.kernel_names import ELU, ELU_GRAD, LEAKY_RELU, PRELU, RELU6, SELU, SIGMOID, SOFTPLUS, STEP
from tfjs.kernel_registry import kernel, register_kernel

SELU_SCALE_ALPHA = 1.7580993408473768599402175208123
SELU_SCALE = 1.0507009873554804934193349852946

# As TF.js (after tf.nn.softplus): beyond ±threshold, softplus(x) is x or exp(x) to
# within float32's machine epsilon.
SOFTPLUS_THRESHOLD = math.log(1.1920928955078125e-7) + 2.0


def exp_minus_one_below_zero(x: np.ndarray) -> np.ndarray:
    """Math.exp(x) - 1 where x < 0 (V8's exp: the subtraction cancels, so its last bit
    shows), else x."""
    result = x.copy()
    below = x < 0
    result[below] = js_exp(x[below]) - 1
    return result


def elu(x: np.ndarray) -> np.ndarray:
    return exp_minus_one_below_zero(x)


def selu(x: np.ndarray) -> np.ndarray:
    return np.where(x >= 0, SELU_SCALE * x, SELU_SCALE_ALPHA * exp_minus_one_below_zero(x))


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-x))


def softplus(x: np.ndarray) -> np.ndarray:
    middle = np.log(1.0 + np.exp(x))
    return np.where(x < SOFTPLUS_THRESHOLD, np.exp(x), np.where(x > -SOFTPLUS_THRESHOLD, x, middle))


def relu6(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Math.min(Math.max(0, x), 6): NaN stays NaN and -0 becomes +0 (into `out` when given)."""
    result = np.maximum(x, 0, out=out)
    result = np.minimum(result, 6, out=result) if isinstance(result, np.ndarray) else np.minimum(result, 6)
    return positive_zeros(result)


def step(x: np.ndarray, *, alpha: float) -> np.ndarray:
    return np.where(np.isnan(x), np.nan, np.where(x > 0, 1.0, alpha))


def leaky_relu_values(x: np.ndarray, alpha: Any) -> np.ndarray:
    """alpha * x below zero, else x (NaN and -0 pass through)."""
    return select(x < 0, alpha * x, x)


def select(condition: np.ndarray, if_true: np.ndarray, if_false: np.ndarray) -> np.ndarray:
    """np.where(condition, if_true, if_false) for two float arrays of one dtype, picked
    with bit masks: NumPy's where branches on every element, which costs ~8x more where
    the condition is as random as the signs of a layer's outputs."""
    if_true, if_false = np.asarray(if_true), np.asarray(if_false)
    if if_true.dtype != if_false.dtype or if_true.dtype.kind != "f" or np.ndim(condition) == 0:
        return np.where(condition, if_true, if_false)
    if not (condition.shape == if_true.shape == if_false.shape):
        condition, if_true, if_false = np.broadcast_arrays(condition, if_true, if_false)
    ints = np.dtype(f"i{if_true.dtype.itemsize}")
    true_bits = np.ascontiguousarray(if_true).view(ints)
    false_bits = np.ascontiguousarray(if_false).view(ints)
    mask = condition.astype(ints)
    np.negative(mask, out=mask)  # all ones where the condition holds
    result = np.empty(if_true.shape, if_true.dtype)  # a base array: make_output keeps it as is
    picked = result.view(ints)
    np.bitwise_xor(true_bits, false_bits, out=picked)
    picked &= mask
    picked ^= false_bits
    return result


@kernel(LEAKY_RELU, "cpu")
def leaky_relu(backend: CpuBackend, x: Any, *, alpha: float) -> TensorInfo:
    values = backend.values(x).astype(np.float64)
    return backend.make_output(leaky_relu_values(values, alpha), "float32")


@kernel(PRELU, "cpu")
def prelu(backend: CpuBackend, x: Any, alpha: Any) -> TensorInfo:
    """Leaky relu with a broadcast tensor of slopes; a float32 result whatever the dtypes."""
    values, slopes = backend.values(x), backend.values(alpha)
    if values.dtype != np.float32 or slopes.dtype != np.float32:
        # a float32 product is exact in float64 and its float32 rounding is numpy's: only
        # other dtypes need the float64 detour
        values, slopes = values.astype(np.float64), slopes.astype(np.float64)
    return backend.make_output(leaky_relu_values(values, slopes), "float32")


@kernel(ELU_GRAD, "cpu")
def elu_grad(backend: CpuBackend, dy: Any, y: Any) -> TensorInfo:
    """Elu's backward pass from its output y: dy where y >= 0, else dy * (y + 1)."""
    outputs = backend.values(y).astype(np.float64)
    dys = backend.values(dy).astype(np.float64)
    return backend.make_output(np.where(outputs >= 0, dys, dys * (outputs + 1)), "float32")


ACTIVATIONS = {
    ELU: unary_kernel(elu, exact_in_float32=False),
    RELU6: unary_kernel(relu6),
    SELU: unary_kernel(selu, exact_in_float32=False),
    SIGMOID: unary_kernel(sigmoid, exact_in_float32=False),
    SOFTPLUS: unary_kernel(softplus, exact_in_float32=False),
    STEP: unary_kernel(step, exact_in_float32=False),
}

for _name, _kernel in ACTIVATIONS.items():
    register_kernel(_name, "cpu", _kernel)
