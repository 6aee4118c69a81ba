"""Einstein summation, computed as TF.js's cpu kernel computes it: inputs multiplied in
(broadcast over one axis per label) and the summed labels summed one at a time, each
product and each sum rounded into its dtype's storage."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend, to_storage
from tfjs.dtypes import sum_out_type, upcast_type
from tfjs.einsum_util import einsum_plan
from tfjs.kernel_names import EINSUM
from tfjs.kernel_registry import kernel

_WIDE = {"float32": np.float64, "int32": np.float64, "bool": np.float64, "complex64": np.complex128}
_ACCUMULATOR = {"float32": np.float64, "int32": np.int64, "bool": np.int64}


@kernel(EINSUM, "cpu")
def einsum(backend: CpuBackend, tensors: list[Any], *, equation: str) -> TensorInfo:
    """Every array is kept with one axis per label (size 1 where it has no such axis), so
    products broadcast and sums keep their axis until the end."""
    plan = einsum_plan(equation, [t.shape for t in tensors])
    rank = len(plan.all_dims)
    out: np.ndarray | None = None
    out_dtype = ""
    for i, step in enumerate(plan.steps):
        for t in step:
            x = _aligned(backend.values(tensors[t]), plan.id_dims[t], rank)
            if out is None:
                out, out_dtype = x, tensors[t].dtype
            else:
                out, out_dtype = _multiply(x, tensors[t].dtype, out, out_dtype)
        if i < len(plan.path) and plan.path[i] >= 0:
            if out_dtype == "complex64":
                raise TypeError("einsum: sum does not support complex64 tensors in the CPU backend.")
            total = np.sum(out, axis=plan.path[i], dtype=_ACCUMULATOR[out_dtype], keepdims=True)
            out_dtype = sum_out_type(out_dtype)
            out = to_storage(total, out_dtype)
    assert out is not None
    if len(tensors) == 1 and plan.path == (-1,) and _is_identity(plan.id_dims[0]):
        return backend.forward(tensors[0], plan.out_shape)  # "ij->ij": the input itself
    return backend.make_output(out.reshape(plan.out_shape), out_dtype)


def _aligned(values: np.ndarray, dims: tuple[int, ...], rank: int) -> np.ndarray:
    """`values` (whose axis j is label dims[j]) with its axes in label order and a
    length-1 axis for each label it lacks: a view, no copy."""
    order = sorted(range(len(dims)), key=lambda j: dims[j])
    shape = [1] * rank
    for j in order:
        shape[dims[j]] = values.shape[j]
    return values.transpose(order).reshape(shape)


def _multiply(a: np.ndarray, a_dtype: str, b: np.ndarray, b_dtype: str) -> tuple[np.ndarray, str]:
    """TF.js's Multiply: the product in the upcast dtype; JavaScript's double product,
    rounded into storage, unless both are float32 (where float32's product is the same)."""
    dtype = upcast_type(a_dtype, b_dtype)
    if a_dtype == b_dtype and dtype in ("float32", "complex64"):
        return np.multiply(a, b), dtype
    product = np.multiply(a.astype(_WIDE[a_dtype]), b.astype(_WIDE[b_dtype]))
    return to_storage(product, dtype), dtype


def _is_identity(dims: tuple[int, ...]) -> bool:
    return all(d == j for j, d in enumerate(dims))
