"""Grayscale morphological dilation: Dilation2D."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.backends.cpu.kernels.conv_util import geometry, tap_windows
from tfjs.kernel_names import DILATION2D
from tfjs.kernel_registry import kernel
from tfjs.ops.conv_util import compute_dilation2d_info

# TF.js starts every window's maximum at Number.MIN_SAFE_INTEGER: a window whose taps
# all fall outside the input (or are all NaN) keeps it.
_START = -9007199254740991.0


@kernel(DILATION2D, "cpu")
def dilation2d(
    backend: CpuBackend,
    x: Any,
    filter: Any,  # noqa: A002
    *,
    strides: int | Sequence[int],
    pad: Any,
    dilations: int | Sequence[int],
) -> TensorInfo:
    """The maximum over the window of x + filter, one pass per filter tap (kh*kw) over
    every output position; sums in float64 as TF.js's, stored once in x's dtype."""
    info = compute_dilation2d_info(x.shape, filter.shape, strides, pad, "NHWC", dilations)
    best = np.full(info.out_shape, _START)
    xv = backend.values(x).astype(np.float64)
    fv = backend.values(filter).astype(np.float64)
    with np.errstate(all="ignore"):
        if best.size and xv.size:
            for (h, w), out_idx, in_idx in tap_windows(geometry(info)):
                region = best[out_idx]
                value = xv[in_idx] + fv[h, w]
                # a strict '>' as TF.js's: NaN never wins, and the first of equal values
                # (-0 before +0) stays
                np.copyto(region, value, where=value > region)
        if x.dtype == "bool":
            return backend.make_output(dtypes.to_uint8_truth(best), "bool")
        return backend.make_output(best, x.dtype)
