"""What resize_bilinear and resize_nearest_neighbor share: their checks, and a rank-3
image resized as a batch of one."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import (
    RESIZE_BILINEAR,
    RESIZE_BILINEAR_GRAD,
    RESIZE_NEAREST_NEIGHBOR,
    RESIZE_NEAREST_NEIGHBOR_GRAD,
)
from tfjs.kernel_registry import register_gradient
from tfjs.ops.image.image_util import check_sizes, js_text
from tfjs.ops.reduction_util import check_flag
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size


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
    if isinstance(size, Tensor):
        raise TypeError(
            f"{op_name}: size is [newHeight, newWidth] as numbers, not a Tensor (as TF.js's); "
            "read a tensor's values first (size.array_sync())"
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
    align_corners = check_flag(align_corners, op_name, "align_corners")
    half_pixel_centers = check_flag(half_pixel_centers, op_name, "half_pixel_centers")
    if half_pixel_centers and align_corners:
        raise ValueError(
            f"{op_name}: Error in {tfjs_name}: If halfPixelCenters is true, alignCorners must be false."
        )
    new_size = check_sizes(size, "size", op_name)
    batch_size = images.shape[0] if images.rank == 4 else 1
    out_dtype = images.dtype if kernel_name == RESIZE_NEAREST_NEIGHBOR else "float32"
    check_tensor_size([batch_size, *new_size, images.shape[-1]], out_dtype, op_name)
    batch = images if images.rank == 4 else reshape(images, (1, *images.shape))
    attrs = {
        "align_corners": align_corners,
        "half_pixel_centers": half_pixel_centers,
        "size": new_size,
    }
    result = ENGINE.run_kernel(kernel_name, {"images": batch}, attrs)
    return result if images.rank == 4 else reshape(result, result.shape[1:])


def _register_resize_gradients(kernel_name: str, grad_kernel_name: str) -> None:
    """A resize's gradient, TF.js's: its backward kernel on dy. The backward kernel is
    linear in dy and is the resize's adjoint: its own gradient (TF.js has none) is the
    resize of its gradient; the images only give it their shape."""

    @register_gradient(kernel_name, save_inputs=("images",))
    def _resize_grad(dy: Tensor, images: Tensor, **attrs: object) -> dict[str, Tensor]:
        return {"images": ENGINE.run_kernel(grad_kernel_name, {"images": images, "dy": dy}, attrs)}

    @register_gradient(grad_kernel_name, save_inputs=("images",))
    def _resize_grad_grad(grad: Tensor, images: Tensor, **attrs: object) -> dict[str, Tensor]:
        from tfjs.ops.zeros_like import zeros_like

        return {"dy": ENGINE.run_kernel(kernel_name, {"images": grad}, attrs), "images": zeros_like(images)}


_register_resize_gradients(RESIZE_BILINEAR, RESIZE_BILINEAR_GRAD)
_register_resize_gradients(RESIZE_NEAREST_NEIGHBOR, RESIZE_NEAREST_NEIGHBOR_GRAD)
