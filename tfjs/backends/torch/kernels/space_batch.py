"""Kernels moving blocks of values between the batch, the spatial dimensions and the
depth: SpaceToBatchND, BatchToSpaceND, DepthToSpace — each a reshape, a permutation and
a reshape (with a pad or a crop around it)."""

from __future__ import annotations

import math
from typing import Any

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.kernels.pad import border_padded
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import BATCH_TO_SPACE_ND, DEPTH_TO_SPACE, SPACE_TO_BATCH_ND


@torch_kernel(SPACE_TO_BATCH_ND)
def space_to_batch_nd(
    backend: TorchBackend, x: Any, *, block_shape: tuple[int, ...], paddings: tuple[tuple[int, int], ...]
) -> TensorInfo:
    m = len(block_shape)
    rest = x.shape[1 + m :]
    values = backend.tensor(x)
    # F.pad takes the last axis first
    flat_pads = [
        p for before_after in reversed(((0, 0), *paddings, *((0, 0),) * len(rest))) for p in before_after
    ]
    padded = border_padded(values, flat_pads) if any(flat_pads) else values
    batch, spatial = padded.shape[0], padded.shape[1 : 1 + m]
    # [batch, s1/b1, b1, ..., sM/bM, bM, rest] -> [b1, ..., bM, batch, s1/b1, ..., sM/bM, rest]
    split = [batch, *(d for s, b in zip(spatial, block_shape, strict=True) for d in (s // b, b)), *rest]
    perm = [*range(2, 2 * m + 1, 2), 0, *range(1, 2 * m, 2), *range(2 * m + 1, len(split))]
    out_shape = (
        batch * math.prod(block_shape),
        *(s // b for s, b in zip(spatial, block_shape, strict=True)),
        *rest,
    )
    return backend.make_output(padded.reshape(split).permute(perm).reshape(out_shape), x.dtype)


@torch_kernel(BATCH_TO_SPACE_ND)
def batch_to_space_nd(
    backend: TorchBackend, x: Any, *, block_shape: tuple[int, ...], crops: tuple[tuple[int, int], ...]
) -> TensorInfo:
    m = len(block_shape)
    batch = x.shape[0] // math.prod(block_shape)
    spatial, rest = x.shape[1 : 1 + m], x.shape[1 + m :]
    # [b1, ..., bM, batch, s1, ..., sM, rest] -> [batch, s1, b1, ..., sM, bM, rest]
    perm = [m, *(d for i in range(m) for d in (m + 1 + i, i)), *range(2 * m + 1, 2 * m + 1 + len(rest))]
    grown = (batch, *(s * b for s, b in zip(spatial, block_shape, strict=True)), *rest)
    values = backend.tensor(x).reshape((*block_shape, batch, *spatial, *rest)).permute(perm).reshape(grown)
    kept = (slice(c0, size - c1) for (c0, c1), size in zip(crops, grown[1 : 1 + m], strict=True))
    return backend.make_output(values[(slice(None), *kept)], x.dtype)


@torch_kernel(DEPTH_TO_SPACE)
def depth_to_space(backend: TorchBackend, x: Any, *, block_size: int, data_format: str) -> TensorInfo:
    values, bs = backend.tensor(x), block_size
    if data_format == "NHWC":
        batch, height, width, depth = x.shape
        blocks = values.reshape(batch, height, width, bs, bs, depth // (bs * bs))
        out = blocks.permute(0, 1, 3, 2, 4, 5).reshape(batch, height * bs, width * bs, depth // (bs * bs))
    else:
        batch, depth, height, width = x.shape
        blocks = values.reshape(batch, bs, bs, depth // (bs * bs), height, width)
        out = blocks.permute(0, 3, 4, 1, 5, 2).reshape(batch, depth // (bs * bs), height * bs, width * bs)
    return backend.make_output(out, x.dtype)
