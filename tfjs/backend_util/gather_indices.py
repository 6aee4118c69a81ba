"""Index vectors of gather_nd/scatter_nd-style ops as flat slice numbers, as TF.js
computes them (shared by the op checks and the kernels)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np


def flat_slice_indices(indices: np.ndarray, shape: Sequence[int]) -> np.ndarray:
    """The flat slice number of each index vector along `indices`' last axis (the dot
    product with the row-major strides of `shape`'s first axes, as TF.js computes it, so
    only the flat number has to be in range, not each component)."""
    slice_rank = indices.shape[-1]
    vectors = indices.reshape(math.prod(indices.shape[:-1]), slice_rank)
    if slice_rank == 0:
        return np.zeros(len(vectors), dtype=np.intp)
    flat = vectors[:, 0].astype(np.intp)
    for axis in range(1, slice_rank):  # Horner's rule: one pass per component, in place
        flat *= shape[axis]
        flat += vectors[:, axis]
    return flat
