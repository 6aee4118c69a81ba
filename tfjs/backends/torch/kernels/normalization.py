"""Normalization kernels: FusedBatchNorm, LRN and Softmax (SparseToDense is forwarded to
`cpu`). Softmax keeps TF.js's roundings: the shift and the quotient in float32, exp and
the sum in double."""

from __future__ import annotations

import math
from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.kernels.gather_scatter import checked_slice_numbers, write_last
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import FUSED_BATCH_NORM, LRN, LRN_GRAD, SOFTMAX, SPARSE_TO_DENSE


@torch_kernel(FUSED_BATCH_NORM)
def fused_batch_norm(
    backend: TorchBackend,
    x: Any,
    mean: Any,
    variance: Any,
    offset: Any = None,
    scale: Any = None,
    *,
    variance_epsilon: float,
) -> TensorInfo:
    """offset + (x - mean) * scale / sqrt(variance + epsilon), the parameters broadcast
    against x (the op has checked they do)."""
    values = backend.tensor(x).to(torch.float32)

    def param(info: Any) -> torch.Tensor:
        tensor = backend.tensor(info).to(torch.float32)
        if tensor.dim() > values.dim():  # leading ones beyond x's rank
            tensor = tensor.reshape(tensor.shape[tensor.dim() - values.dim() :])
        return tensor

    normalized = (values - param(mean)) * (1.0 if scale is None else param(scale))
    normalized = normalized / torch.sqrt(param(variance) + variance_epsilon)
    result = (0.0 if offset is None else param(offset)) + normalized  # 0 + -0 is +0, as in TF.js
    return backend.make_output(torch.broadcast_to(result, x.shape), x.dtype)


@torch_kernel(LRN)
def lrn(
    backend: TorchBackend, x: Any, *, depth_radius: int, bias: float, alpha: float, beta: float
) -> TensorInfo:
    """x * (bias + alpha * sum of squares over the channels within depth_radius) ** -beta,
    x being NHWC; the squares added in channel order, as TF.js's loop adds them."""
    values = backend.tensor(x).double()
    channels = x.shape[3]
    radius = max(min(int(depth_radius), channels - 1), 0)
    padded = torch.nn.functional.pad(torch.square(values), (radius, radius))
    sums = torch.zeros_like(values)  # a negative radius sums no channel
    for shift in range(2 * radius + 1) if int(depth_radius) >= 0 else ():
        sums = sums + padded[..., shift : shift + channels]
    return backend.make_output(values * torch.pow(bias + alpha * sums, -beta), x.dtype)


@torch_kernel(SOFTMAX)
def softmax(backend: TorchBackend, logits: Any, *, dim: int) -> TensorInfo:
    """exp(x - max) / sum(exp(x - max)) along the last axis."""
    values = backend.tensor(logits).to(torch.float32)
    if values.numel() == 0:
        return backend.make_output(values, "float32")
    shifted = values - values.amax(-1, keepdim=True)
    exps = torch.exp(shifted.double()).to(torch.float32)
    total = exps.sum(-1, keepdim=True, dtype=torch.float64).to(torch.float32)
    return backend.make_output(exps / total, "float32")


@torch_kernel(LRN_GRAD)
def lrn_grad(
    backend: TorchBackend,
    x: Any,
    y: Any,
    dy: Any,
    *,
    depth_radius: int,
    bias: float,
    alpha: float,
    beta: float,
) -> TensorInfo:
    """TF.js's LRNGrad: each output channel c (norm: bias + alpha * its sum of squares)
    adds to the gradient of every channel k within depth_radius
    `(-2 * alpha * beta * x[k] * y[c] / norm + (norm ** -beta if k == c)) * dy[c]`, in
    order of c (one shift c - k at a time), stored as float32 after each addition."""
    values, outputs, grads = (backend.tensor(t).double() for t in (x, y, dy))
    channels = x.shape[3]
    radius = max(min(int(depth_radius), channels - 1), -1)
    sums = torch.zeros_like(values)
    padded = torch.nn.functional.pad(torch.square(values), (max(radius, 0), max(radius, 0)))
    for shift in range(2 * radius + 1):
        sums = sums + padded[..., shift : shift + channels]
    norm = alpha * sums + bias
    result = torch.zeros(values.shape, dtype=torch.float32, device=values.device)
    for shift in range(-radius, radius + 1):  # output channel c = k + shift, c increasing
        k = slice(max(0, -shift), min(channels, channels - shift))
        c = slice(max(0, shift), min(channels, channels + shift))
        term = -2 * alpha * beta * values[..., k] * outputs[..., c] / norm[..., c]
        if shift == 0:
            term = term + torch.pow(norm[..., c], -beta)
        updated = (result[..., k].double() + term * grads[..., c]).to(torch.float32)
        result = torch.cat([result[..., : k.start], updated, result[..., k.stop :]], -1)
    return backend.make_output(result, "float32")


@torch_kernel(SPARSE_TO_DENSE)
def sparse_to_dense(
    backend: TorchBackend,
    sparse_indices: Any,
    sparse_values: Any,
    default_value: Any,
    *,
    output_shape: tuple[int, ...],
) -> TensorInfo:
    """A tensor of `output_shape` filled with the default value, with each value written
    at its index (one value for all when sparse_values is a scalar; of repeated indices
    the last wins). Every index is checked first."""
    values = backend.tensor(sparse_values).reshape(-1)
    size = math.prod(output_shape)
    out = backend.tensor(default_value).reshape(-1)[:1].to(values.dtype).expand(size, 1)
    index = backend.tensor(sparse_indices)
    if size and index.numel():
        flat = checked_slice_numbers(backend, index, output_shape, "sparse_to_dense", False)
        out = write_last(out, flat, values.expand(len(flat))[:, None])
    return backend.make_output(out.reshape(output_shape), sparse_values.dtype)
