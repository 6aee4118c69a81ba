"""Normalization kernels: FusedBatchNorm, LRN (and its LRNGrad), Softmax, and SparseToDense.

TF.js computes each value in JavaScript doubles and stores it into a Float32Array;
these kernels compute in float64 in the same order of operations and round once."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs.backend_util.gather_indices import flat_slice_indices
from tfjs.backend_util.value_checks import check_scatter_indices
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import FUSED_BATCH_NORM, LRN, LRN_GRAD, SOFTMAX, SPARSE_TO_DENSE
from tfjs.kernel_registry import kernel


@kernel(FUSED_BATCH_NORM, "cpu")
def fused_batch_norm(
    backend: CpuBackend,
    x: Any,
    mean: Any,
    variance: Any,
    offset: Any = None,
    scale: Any = None,
    *,
    variance_epsilon: float,
) -> TensorInfo:
    """offset + (x - mean) * scale / sqrt(variance + epsilon), the parameters broadcast
    against x (the op has checked they do); TF.js's loop repeats each parameter's values
    along x's flat values, which is the same wherever a parameter's shape is a suffix of
    x's shape."""
    values = backend.values(x).astype(np.float64)

    def param(info: Any) -> np.ndarray | float:
        array = backend.values(info).astype(np.float64)
        if array.ndim > values.ndim:  # leading ones beyond x's rank
            array = array.reshape(array.shape[array.ndim - values.ndim :])
        return array

    normalized = (values - param(mean)) * (1.0 if scale is None else param(scale))
    normalized = normalized / np.sqrt(param(variance) + variance_epsilon)
    result = (0.0 if offset is None else param(offset)) + normalized  # 0 + -0 is +0, as in TF.js
    return backend.make_output(np.broadcast_to(result, x.shape), x.dtype)


@kernel(LRN, "cpu")
def lrn(
    backend: CpuBackend, x: Any, *, depth_radius: int, bias: float, alpha: float, beta: float
) -> TensorInfo:
    """x * (bias + alpha * sum of squares over the channels within depth_radius) ** -beta,
    x being NHWC. The squares are added in channel order, one shifted slice at a time, as
    TF.js's loop adds them (a cumulative sum would round differently)."""
    values = backend.values(x).astype(np.float64)
    channels = x.shape[3]
    radius = min(int(depth_radius), channels - 1)
    sums = np.zeros_like(values)  # a negative radius sums no channel
    padded = np.pad(np.square(values), [(0, 0)] * 3 + [(max(radius, 0), max(radius, 0))])
    for shift in range(2 * radius + 1):  # channels c - radius ... c + radius, in order
        sums += padded[..., shift : shift + channels]
    return backend.make_output(values * np.power(bias + alpha * sums, -beta), x.dtype)


@kernel(LRN_GRAD, "cpu")
def lrn_grad(
    backend: CpuBackend, x: Any, y: Any, dy: Any, *, depth_radius: int, bias: float, alpha: float, beta: float
) -> TensorInfo:
    """TF.js's LRNGrad: each output channel c (norm: bias + alpha * its sum of squares)
    adds to the gradient of every channel k within depth_radius
    `(-2 * alpha * beta * x[k] * y[c] / norm + (norm ** -beta if k == c)) * dy[c]`. TF.js
    adds these into a Float32Array in order of c, rounding after each addition: so here,
    one shift c - k at a time."""
    values = backend.values(x).astype(np.float64)
    outputs = backend.values(y).astype(np.float64)
    grads = backend.values(dy).astype(np.float64)
    channels = x.shape[3]
    radius = max(min(int(depth_radius), channels - 1), -1)
    sums = np.zeros_like(values)
    padded = np.pad(np.square(values), [(0, 0)] * 3 + [(max(radius, 0), max(radius, 0))])
    for shift in range(2 * radius + 1):
        sums += padded[..., shift : shift + channels]
    norm = alpha * sums + bias
    result = np.zeros(values.shape, np.float32)
    for shift in range(-radius, radius + 1):  # output channel c = k + shift, c increasing
        k = slice(max(0, -shift), min(channels, channels - shift))
        c = slice(max(0, shift), min(channels, channels + shift))
        term = -2 * alpha * beta * values[..., k] * outputs[..., c] / norm[..., c]
        if shift == 0:
            term = term + np.power(norm[..., c], -beta)
        result[..., k] = (result[..., k] + term * grads[..., c]).astype(np.float32)
    return backend.make_output(result, "float32")


@kernel(SOFTMAX, "cpu")
def softmax(backend: CpuBackend, logits: Any, *, dim: int) -> TensorInfo:
    """exp(x - max) / sum(exp(x - max)) along the last axis, with TF.js's roundings: the
    shift and the quotient in float32, exp and the sum in double, each stored as float32."""
    values = backend.values(logits).astype(np.float32)
    if values.size == 0:
        return backend.make_output(values, "float32")
    shifted = values - np.max(values, axis=-1, keepdims=True)
    exps = np.exp(shifted.astype(np.float64)).astype(np.float32)
    total = np.sum(exps, axis=-1, keepdims=True, dtype=np.float64).astype(np.float32)
    return backend.make_output(exps / total, "float32")


@kernel(SPARSE_TO_DENSE, "cpu")
def sparse_to_dense(
    backend: CpuBackend,
    sparse_indices: Any,
    sparse_values: Any,
    default_value: Any,
    *,
    output_shape: tuple[int, ...],
) -> TensorInfo:
    """A tensor of `output_shape` filled with the default value, with each value written
    at its index (one value for all when sparse_values is a scalar; of repeated indices
    the last wins). Every index is checked first."""
    dtype = sparse_values.dtype
    check_scatter_indices(backend.values(sparse_indices), output_shape, "sparse_to_dense")
    out = np.full(int(np.prod(output_shape)), backend.values(default_value).reshape(-1)[0])
    out = out.astype(backend.values(sparse_values).dtype, copy=False)
    index = backend.values(sparse_indices)
    if out.size and index.size and len(output_shape):
        flat = flat_slice_indices(index.reshape(-1, len(output_shape)), output_shape)
        updates = np.broadcast_to(backend.values(sparse_values).reshape(-1), flat.shape)
        last = len(flat) - 1 - np.unique(flat[::-1], return_index=True)[1]  # the last write wins
        out[flat[last]] = updates[last]
    return backend.make_output(out.reshape(output_shape), dtype)
