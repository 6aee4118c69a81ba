"""Kernels moving blocks of values between the batch, the spatial dimensions and the
depth: SpaceToBatchND, BatchToSpaceND, DepthToSpace. Each is a reshape, a transpose and
a reshape (with a pad or a crop around it)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import BATCH_TO_SPACE_ND, DEPTH_TO_SPACE, SPACE_TO_BATCH_ND
from tfjs.kernel_registry import kernel


@kernel(SPACE_TO_BATCH_ND, "cpu")
def space_to_batch_nd(
    backend: CpuBackend, x: Any, *, block_shape: tuple[int, ...], paddings: tuple[tuple[int, int], ...]
) -> TensorInfo:
    m = len(block_shape)
    rest = x.shape[1 + m :]
    padded = np.pad(backend.values(x), ((0, 0), *paddings, *((0, 0),) * len(rest)))
    batch, spatial = padded.shape[0], padded.shape[1 : 1 + m]
    # [batch, s1/b1, b1, ..., sM/bM, bM, rest] -> [b1, ..., bM, batch, s1/b1, ..., sM/bM, rest]
    split = [batch, *(d for s, b in zip(spatial, block_shape, strict=True) for d in (s // b, b)), *rest]
    perm = [*range(2, 2 * m + 1, 2), 0, *range(1, 2 * m, 2), *range(2 * m + 1, len(split))]
    out_shape = (
        batch * math.prod(block_shape),
        *(s // b for s, b in zip(spatial, block_shape, strict=True)),
        *rest,
    )
    return backend.make_output(padded.reshape(split).transpose(perm).reshape(out_shape), x.dtype)


@kernel(BATCH_TO_SPACE_ND, "cpu")
def batch_to_space_nd(
    backend: CpuBackend, x: Any, *, block_shape: tuple[int, ...], crops: tuple[tuple[int, int], ...]
) -> TensorInfo:
    m = len(block_shape)
    batch = x.shape[0] // math.prod(block_shape)
    spatial, rest = x.shape[1 : 1 + m], x.shape[1 + m :]
    # [b1, ..., bM, batch, s1, ..., sM, rest] -> [batch, s1, b1, ..., sM, bM, rest]
    perm = [m, *(d for i in range(m) for d in (m + 1 + i, i)), *range(2 * m + 1, 2 * m + 1 + len(rest))]
    grown = (batch, *(s * b for s, b in zip(spatial, block_shape, strict=True)), *rest)
    values = backend.values(x).reshape((*block_shape, batch, *spatial, *rest)).transpose(perm).reshape(grown)
    kept = (slice(c0, size - c1) for (c0, c1), size in zip(crops, grown[1 : 1 + m], strict=True))
    cropped = values[(slice(None), *kept)]
    return backend.make_output(cropped, x.dtype)


@kernel(DEPTH_TO_SPACE, "cpu")
def depth_to_space(backend: CpuBackend, x: Any, *, block_size: int, data_format: str) -> TensorInfo:
    values, bs = backend.values(x), block_size
    if data_format == "NHWC":
        batch, height, width, depth = x.shape
        blocks = values.reshape(batch, height, width, bs, bs, depth // (bs * bs))
        out = blocks.transpose(0, 1, 3, 2, 4, 5).reshape(batch, height * bs, width * bs, depth // (bs * bs))
    else:
        batch, depth, height, width = x.shape
        blocks = values.reshape(batch, bs, bs, depth // (bs * bs), height, width)
        out = blocks.transpose(0, 3, 4, 1, 5, 2).reshape(batch, depth // (bs * bs), height * bs, width * bs)
    return backend.make_output(out, x.dtype)
