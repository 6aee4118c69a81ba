"""TopK (Unique is forwarded to `cpu`): each row's k greatest values, greatest first,
ties by index, ordered as TF.js orders float32 values (by their bits: -0 as 0, NaN
above Infinity)."""

from __future__ import annotations

import math
from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import TOPK


def order_keys(rows: torch.Tensor) -> torch.Tensor:
    """int32 keys that order as TF.js orders the values (floats by their bits, -0 as 0)."""
    if rows.dtype == torch.float32:
        bits = (rows + 0.0).view(torch.int32)
        return bits ^ ((bits >> 31) & 0x7FFFFFFF)
    return rows.to(torch.int32)


@torch_kernel(TOPK)
def top_k(backend: TorchBackend, x: Any, *, k: int, sorted: bool) -> list[TensorInfo]:  # noqa: A002
    values = backend.tensor(x)
    n = x.shape[-1]
    out_shape = (*x.shape[:-1], k)
    rows = values.reshape(math.prod(x.shape[:-1]), n)
    if k == 0 or rows.shape[0] == 0:
        index = torch.zeros((rows.shape[0], k), dtype=torch.long, device=values.device)
    elif not sorted and k == n:
        index = torch.arange(n, device=values.device).expand(rows.shape)  # TF.js neither selects nor sorts
    else:
        index = torch.sort(order_keys(rows), dim=1, descending=True, stable=True).indices[:, :k]
    picked = rows.gather(1, index)
    return [
        backend.make_output(picked.reshape(out_shape), x.dtype),
        backend.make_output(index.reshape(out_shape), "int32"),
    ]
