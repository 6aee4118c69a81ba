"""What resize_bilinear and resize_nearest_neighbor share: their checks, and a rank-3
image resized as a batch of one."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.engine import ENGINE
from tfjs.ops.image.image_util import check_sizes, js_text
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor


def resize(
    images: Tensor,
    size: Sequence[int],
    align_corners: bool,
    half_pixel_centers: bool,
    kernel_name: str,
    op_name: str,
    tfjs_name: str,
) -> Tensor:
    """Runs the resize kernel on `images` (rank 3 or 4) after TF.js's checks."""
    if images.rank not in (3, 4):
        raise ValueError(
            f"{op_name}: Error in {tfjs_name}: x must be rank 3 or 4, but got rank {images.rank}."
        )
    if not isinstance(size, (list, tuple, np.ndarray)) or len(size) != 2:
        raise ValueError(
            f"{op_name}: Error in {tfjs_name}: new shape must 2D, but got shape {js_text(size)}."
        )
    if tfjs_name == "resizeNearestNeighbor" and images.dtype not in ("float32", "int32"):
        raise TypeError(
            f"{op_name}: `images` must have `int32` or `float32` as dtype, but got {images.dtype}"
        )
    if images.dtype == "complex64":
        raise TypeError(f"{op_name}: {tfjs_name} does not support complex64 tensors in the CPU backend.")
    if half_pixel_centers and align_corners:
        raise ValueError(
            f"{op_name}: Error in {tfjs_name}: If halfPixelCenters is true, alignCorners must be false."
        )
    new_size = check_sizes(size, "size", op_name)
    batch = images if images.rank == 4 else reshape(images, (1, *images.shape))
    attrs = {
        "align_corners": bool(align_corners),
        "half_pixel_centers": bool(half_pixel_centers),
        "size": new_size,
    }
    result = ENGINE.run_kernel(kernel_name, {"images": batch}, attrs)
    return result if images.rank == 4 else reshape(result, result.shape[1:])
