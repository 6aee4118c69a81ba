"""Image kernels: ResizeBilinear, ResizeNearestNeighbor, their gradients, FlipLeftRight.
The resizes take TF.js's source coordinates and interpolation (in doubles on the
device, in its order, rounded once)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TORCH_DTYPES, TorchBackend
from tfjs.backends.torch.registry import register_torch_kernel, torch_kernel
from tfjs.kernel_names import (
    FLIP_LEFT_RIGHT,
    RESIZE_BILINEAR,
    RESIZE_BILINEAR_GRAD,
    RESIZE_NEAREST_NEIGHBOR,
    RESIZE_NEAREST_NEIGHBOR_GRAD,
)

Sources = Callable[[float, int, int, torch.device], Any]


def resize_ratios(old: tuple[int, int], new: tuple[int, int], align_corners: bool) -> tuple[float, float]:
    """TF.js's effectiveInputSize / effectiveOutputSize per axis (align_corners counts
    the gaps between pixels when the output has more than one)."""
    ratios = []
    for old_size, new_size in zip(old, new, strict=True):
        aligned = align_corners and new_size > 1
        in_size, out_size = (old_size - 1, new_size - 1) if aligned else (old_size, new_size)
        ratios.append(in_size / out_size if out_size else float("inf"))
    return ratios[0], ratios[1]


def _resize(
    backend: TorchBackend,
    images: Any,
    size: Sequence[int],
    align_corners: bool,
    dtype: str,
    sources: Sources,
    resample: Callable[[torch.Tensor, Any, Any], torch.Tensor],
) -> TensorInfo:
    """`sources(ratio, new size, old size, device)` gives the source rows (then columns)
    of the output, `resample(x, rows, cols)` the values; an empty image reads TF.js's
    undefined values (NaN in a Float32Array, 0 in an Int32Array)."""
    x = backend.tensor(images)
    batch, old_height, old_width, channels = x.shape
    new_height, new_width = size
    if x.numel() == 0:
        unread = 0 if dtype == "int32" else float("nan")
        shape = (batch, new_height, new_width, channels)
        return backend.make_output(
            torch.full(shape, unread, dtype=TORCH_DTYPES[dtype], device=x.device), dtype
        )
    row_ratio, col_ratio = resize_ratios((old_height, old_width), (new_height, new_width), align_corners)
    rows = sources(row_ratio, new_height, old_height, x.device)
    cols = sources(col_ratio, new_width, old_width, x.device)
    return backend.make_output(resample(x, rows, cols), dtype)


def _positions(new_size: int, device: torch.device) -> torch.Tensor:
    return torch.arange(new_size, dtype=torch.float64, device=device)


def bilinear_sources(
    ratio: float, new_size: int, old_size: int, half_pixel_centers: bool, device: Any
) -> Any:
    """For each output row (or column): the source row below and above it and the
    fraction between them."""
    out = _positions(new_size, device)
    frac = ratio * (out + 0.5) - 0.5 if half_pixel_centers else ratio * out
    floor = torch.clamp(torch.floor(frac), min=0.0)
    ceil = torch.clamp(torch.ceil(frac), max=old_size - 1)
    return floor.long(), ceil.long(), frac - floor


def _lerp(a: torch.Tensor, b: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
    """`a + (b - a) * t`, TF.js's order of operations."""
    return a + (b - a) * t


def bilinear_resample(x: torch.Tensor, rows: Any, cols: Any) -> torch.Tensor:
    x = x.double()  # TF.js interpolates in doubles and rounds once
    across = _lerp(x.index_select(2, cols[0]), x.index_select(2, cols[1]), cols[2][None, None, :, None])
    return _lerp(
        across.index_select(1, rows[0]), across.index_select(1, rows[1]), rows[2][None, :, None, None]
    )


@torch_kernel(RESIZE_BILINEAR)
def resize_bilinear(
    backend: TorchBackend, images: Any, *, align_corners: bool, half_pixel_centers: bool, size: Sequence[int]
) -> TensorInfo:
    def sources(ratio: float, new_size: int, old_size: int, device: torch.device) -> Any:
        return bilinear_sources(ratio, new_size, old_size, half_pixel_centers, device)

    return _resize(backend, images, size, align_corners, "float32", sources, bilinear_resample)


def nearest_sources(
    ratio: float, new_size: int, old_size: int, align_corners: bool, half_pixel_centers: bool, device: Any
) -> torch.Tensor:
    """Each output row's (or column's) source: Math.round of its position when aligning
    corners, else its floor."""
    out = _positions(new_size, device)
    frac = ratio * (out + 0.5) if half_pixel_centers else ratio * out
    floor = torch.floor(frac)
    rounded = floor + (frac - floor >= 0.5) if align_corners else floor
    nearest = torch.clamp(rounded, max=old_size - 1)
    if half_pixel_centers:
        nearest = torch.clamp(nearest, min=0.0)
    return nearest.long()


def nearest_resample(x: torch.Tensor, rows: torch.Tensor, cols: torch.Tensor) -> torch.Tensor:
    # TF.js writes the result into a Float32Array, whatever the dtype.
    return x.index_select(1, rows).index_select(2, cols).to(torch.float32)


@torch_kernel(RESIZE_NEAREST_NEIGHBOR)
def resize_nearest_neighbor(
    backend: TorchBackend, images: Any, *, align_corners: bool, half_pixel_centers: bool, size: Sequence[int]
) -> TensorInfo:
    def sources(ratio: float, new_size: int, old_size: int, device: torch.device) -> torch.Tensor:
        return nearest_sources(ratio, new_size, old_size, align_corners, half_pixel_centers, device)

    return _resize(backend, images, size, align_corners, images.dtype, sources, nearest_resample)


@torch_kernel(FLIP_LEFT_RIGHT)
def flip_left_right(backend: TorchBackend, image: Any) -> TensorInfo:
    return backend.make_output(backend.tensor(image).flip(2), image.dtype)


def _resize_grad_kernel(taps: Callable[..., Any]) -> Callable[..., TensorInfo]:
    """A resize's gradient kernel: `taps(ratios, old, new, align_corners,
    half_pixel_centers, device)` gives the source rows, columns and weights of the output
    pixels, one tap after another; each output's dy times a tap's weight goes to that
    tap's source pixel (summed in doubles, stored once)."""

    def run(
        backend: TorchBackend,
        images: Any,
        dy: Any,
        *,
        align_corners: bool,
        half_pixel_centers: bool,
        size: Sequence[int],
    ) -> TensorInfo:
        batch, height, width, channels = images.shape
        _, new_height, new_width, _ = dy.shape
        device = backend.device
        if 0 in images.shape or 0 in dy.shape:
            return backend.make_output(torch.zeros(images.shape, device=device), "float32")
        old, new = (height, width), (new_height, new_width)
        ratios = resize_ratios(old, new, align_corners)
        grads = backend.tensor(dy).double()
        out = torch.zeros((batch * height * width, channels), dtype=torch.float64, device=device)
        for rows, cols, weight in taps(ratios, old, new, align_corners, half_pixel_centers, device):
            pixel = (torch.arange(batch, device=device)[:, None, None] * height + rows) * width + cols
            pixel = pixel.broadcast_to(grads.shape[:3]).reshape(-1)
            out.index_add_(0, pixel, (grads * weight[..., None]).reshape(-1, channels))
        return backend.make_output(out.reshape(images.shape), "float32")

    return run


def _bilinear_grad_taps(
    ratios: Any, old: Any, new: Any, align_corners: bool, half_pixel: bool, device: Any
) -> Any:
    """Each output's four source pixels with their bilinear weights (the forward
    kernel's sources, half-pixel centers included, as cpu's kernel)."""
    top, bottom, row_lerp = bilinear_sources(ratios[0], new[0], old[0], half_pixel, device)
    left, right, col_lerp = bilinear_sources(ratios[1], new[1], old[1], half_pixel, device)
    rows = [top[:, None], bottom[:, None]]
    cols = [left[None, :], right[None, :]]
    row_weights = [1.0 - row_lerp[:, None], row_lerp[:, None]]
    col_weights = [1.0 - col_lerp[None, :], col_lerp[None, :]]
    for i in range(2):
        for j in range(2):
            yield rows[i], cols[j], row_weights[i] * col_weights[j]


def _nearest_grad_taps(ratios: Any, old: Any, new: Any, aligned: bool, half_pixel: bool, device: Any) -> Any:
    """Each output's source pixel, weight 1."""
    rows = nearest_sources(ratios[0], new[0], old[0], aligned, half_pixel, device)
    cols = nearest_sources(ratios[1], new[1], old[1], aligned, half_pixel, device)
    yield rows[:, None], cols[None, :], torch.ones((new[0], new[1]), dtype=torch.float64, device=device)


register_torch_kernel(RESIZE_BILINEAR_GRAD, _resize_grad_kernel(_bilinear_grad_taps))
register_torch_kernel(RESIZE_NEAREST_NEIGHBOR_GRAD, _resize_grad_kernel(_nearest_grad_taps))
