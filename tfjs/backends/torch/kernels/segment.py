"""unsorted_segment_sum (Bincount and DenseBincount are forwarded to `cpu`).

TF.js sums, for each segment, the input times a float32 mask of where the segment ids
name it: values are rounded to float32, summed in double, and a non-finite value
(0 * Infinity is NaN) makes every other segment of its column NaN.
"""

from __future__ import annotations

import math
from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import UNSORTED_SEGMENT_SUM


@torch_kernel(UNSORTED_SEGMENT_SUM)
def unsorted_segment_sum(backend: TorchBackend, x: Any, segment_ids: Any, *, num_segments: int) -> TensorInfo:
    values, ids = backend.tensor(x), backend.tensor(segment_ids)
    # The ids take trailing dimensions of 1 and broadcast against x (TF.js's mask).
    ids = ids.reshape(ids.shape + (1,) * max(0, values.dim() - ids.dim()))
    shape = torch.broadcast_shapes(values.shape, ids.shape)
    rows, columns = shape[0], math.prod(shape[1:])
    if num_segments * columns * rows == 0:
        zeros = torch.zeros((num_segments, *shape[1:]), device=values.device)
        return backend.make_output(zeros, "float32")
    weights = values.to(torch.float32).double().broadcast_to(shape).reshape(rows, columns)
    ids = ids.long().broadcast_to(shape).reshape(rows, columns)
    valid = (ids >= 0) & (ids < num_segments)
    bins = torch.where(valid, ids * columns + torch.arange(columns, device=ids.device), 0)
    sums = torch.zeros(num_segments * columns, dtype=torch.float64, device=values.device)
    sums.index_add_(0, bins.reshape(-1), torch.where(valid, weights, 0.0).reshape(-1))
    bad = ~torch.isfinite(weights)
    own = torch.zeros(num_segments * columns, dtype=torch.long, device=values.device)
    own.index_add_(0, bins.reshape(-1), (bad & valid).long().reshape(-1))
    elsewhere = bad.sum(0) > own.reshape(num_segments, columns)  # a non-finite value in another segment
    sums = torch.where(elsewhere, float("nan"), sums.reshape(num_segments, columns))
    return backend.make_output(sums.reshape(num_segments, *shape[1:]), "float32")
