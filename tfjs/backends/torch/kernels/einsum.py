"""Einstein summation as TF.js's cpu kernel computes it: inputs multiplied in (broadcast
over one axis per label) and the summed labels summed one at a time, each product and
each sum stored into its dtype."""

from __future__ import annotations

from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend, to_storage
from tfjs.backends.torch.registry import torch_kernel
from tfjs.dtypes import sum_out_type, upcast_type
from tfjs.einsum_util import einsum_plan
from tfjs.kernel_names import EINSUM

_ACCUMULATOR = {"float32": torch.float64, "int32": torch.int64, "bool": torch.int64}


@torch_kernel(EINSUM)
def einsum(backend: TorchBackend, tensors: list[Any], *, equation: str) -> TensorInfo:
    """Every tensor is kept with one axis per label (size 1 where it has no such axis),
    so products broadcast and sums keep their axis until the end."""
    plan = einsum_plan(equation, [t.shape for t in tensors])
    if len(tensors) == 1 and plan.path == (-1,) and all(d == j for j, d in enumerate(plan.id_dims[0])):
        return backend.forward(tensors[0], plan.out_shape)  # "ij->ij": the input itself
    rank = len(plan.all_dims)
    out: torch.Tensor | None = None
    out_dtype = ""
    for i, step in enumerate(plan.steps):
        for t in step:
            x = aligned(backend.tensor(tensors[t]), plan.id_dims[t], rank)
            if out is None:
                out, out_dtype = x, tensors[t].dtype
            else:
                out, out_dtype = multiply(x, tensors[t].dtype, out, out_dtype)
        if i < len(plan.path) and plan.path[i] >= 0:
            assert out is not None
            if out_dtype == "complex64":
                raise TypeError("einsum: sum does not support complex64 tensors in the CPU backend.")
            total = out.sum(plan.path[i], dtype=_ACCUMULATOR[out_dtype], keepdim=True)
            out_dtype = sum_out_type(out_dtype)
            out = to_storage(total, out_dtype)
    assert out is not None
    return backend.make_output(out.reshape(plan.out_shape), out_dtype)


def aligned(values: torch.Tensor, dims: tuple[int, ...], rank: int) -> torch.Tensor:
    """`values` (whose axis j is label dims[j]) with its axes in label order and a
    length-1 axis for each label it lacks."""
    order = sorted(range(len(dims)), key=lambda j: dims[j])
    shape = [1] * rank
    for j in order:
        shape[dims[j]] = values.shape[j]
    return values.permute(order).reshape(shape)


def multiply(a: torch.Tensor, a_dtype: str, b: torch.Tensor, b_dtype: str) -> tuple[torch.Tensor, str]:
    """TF.js's Multiply: the product in the upcast dtype; JavaScript's double product,
    stored, unless both are float32 (where float32's product is the same)."""
    dtype = upcast_type(a_dtype, b_dtype)
    if a_dtype == b_dtype and dtype in ("float32", "complex64"):
        return a * b, dtype
    wide = torch.complex128 if dtype == "complex64" else torch.float64
    return to_storage(a.to(wide) * b.to(wide), dtype), dtype
