"""Image kernels: resizing (and its gradients), crops, projective transforms, rotation
and flips. Each computes the source coordinates of every output pixel at once (TF.js's
formulas, in doubles on the device), gathers, interpolates in doubles and rounds once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch

from tfjs.backend_util.image_geometry import resize_ratios, rotation_sources
from tfjs.backend_util.value_checks import box_index_error
from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TORCH_DTYPES, TorchBackend
from tfjs.backends.torch.kernels.bilinear import (
    bilinear_resample,
    bilinear_sources,
    doubled_asymmetric,
    doubles_each_axis,
    lerp,
    positions,
    torch_upsampled,
)
from tfjs.backends.torch.registry import register_torch_kernel, torch_kernel
from tfjs.kernel_names import (
    CROP_AND_RESIZE,
    FLIP_LEFT_RIGHT,
    RESIZE_BILINEAR,
    RESIZE_BILINEAR_GRAD,
    RESIZE_NEAREST_NEIGHBOR,
    RESIZE_NEAREST_NEIGHBOR_GRAD,
    ROTATE_WITH_OFFSET,
    TRANSFORM,
)

Sources = Callable[[float, int, int, torch.device], Any]


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


@torch_kernel(RESIZE_BILINEAR)
def resize_bilinear(
    backend: TorchBackend, images: Any, *, align_corners: bool, half_pixel_centers: bool, size: Sequence[int]
) -> TensorInfo:
    if images.dtype == "float32" and not align_corners and doubles_each_axis(images.shape, size):
        x = backend.tensor(images)
        upsampled = torch_upsampled(x, size) if half_pixel_centers else doubled_asymmetric(x, size)
        if upsampled is not None:
            return backend.make_output(upsampled, "float32")

    def sources(ratio: float, new_size: int, old_size: int, device: torch.device) -> Any:
        return bilinear_sources(ratio, new_size, old_size, half_pixel_centers, device)

    return _resize(backend, images, size, align_corners, "float32", sources, bilinear_resample)


def nearest_sources(
    ratio: float, new_size: int, old_size: int, align_corners: bool, half_pixel_centers: bool, device: Any
) -> torch.Tensor:
    """Each output row's (or column's) source: Math.round of its position when aligning
    corners, else its floor."""
    out = positions(new_size, device)
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


def _math_round(x: torch.Tensor) -> torch.Tensor:
    """JavaScript's Math.round: the nearest integer, halves toward +Infinity."""
    floor = torch.floor(x)
    return floor + (x - floor >= 0.5)


def _crop_coords(start: torch.Tensor, end: torch.Tensor, crop_size: int, image_size: int) -> torch.Tensor:
    """The source coordinate of each crop row (or column) of each box, [boxes, crop_size]."""
    if crop_size > 1:
        scale = (end - start) * (image_size - 1) / (crop_size - 1)
        return start * (image_size - 1) + positions(crop_size, start.device) * scale
    return 0.5 * (start + end) * (image_size - 1)


def _index(coords: torch.Tensor, size: int) -> torch.Tensor:
    """Integer coordinates (NaN and out-of-range ones as 0: callers mask them)."""
    return torch.where((coords >= 0) & (coords < size), coords, 0.0).long()


@torch_kernel(CROP_AND_RESIZE)
def crop_and_resize(
    backend: TorchBackend,
    image: Any,
    boxes: Any,
    box_ind: Any,
    *,
    crop_size: Sequence[int],
    method: str,
    extrapolation_value: float,
) -> TensorInfo:
    """TF.js's CropAndResize: a box index >= batch leaves its crop 0, a sample outside
    the image is `extrapolation_value`, a NaN coordinate reads NaN; a box index outside
    the batch is an error (pending on a GPU, the crop read from image 0 meanwhile)."""
    values = backend.tensor(image).double()
    batch, height, width, channels = values.shape
    indices = backend.tensor(box_ind).long()
    bad = (indices < 0) | (indices >= batch)
    if backend.checks.check(
        bad, lambda at, raw=indices: box_index_error("crop_and_resize", at, int(raw.reshape(-1)[at]), batch)
    ):
        indices = torch.where(bad, 0, indices)
    box_values = backend.tensor(boxes).double()
    crop_height, crop_width = crop_size
    y1, x1, y2, x2 = (box_values[:, i : i + 1] for i in range(4))
    y_in = _crop_coords(y1, y2, crop_height, height)
    x_in = _crop_coords(x1, x2, crop_width, width)
    outside = ((y_in < 0) | (y_in > height - 1))[:, :, None] | ((x_in < 0) | (x_in > width - 1))[:, None, :]
    unknown = (torch.isnan(y_in)[:, :, None] | torch.isnan(x_in)[:, None, :]) | (indices < 0)[:, None, None]
    if values.numel() == 0:  # every read is past the (empty) image
        unknown = torch.ones_like(outside)
        values = torch.zeros((1, 1, 1, channels), dtype=torch.float64, device=values.device)
    b = torch.where((indices >= 0) & (indices < batch), indices, 0)[:, None, None]
    if method == "bilinear":
        top, bottom = torch.floor(y_in), torch.ceil(y_in)
        left, right = torch.floor(x_in), torch.ceil(x_in)
        t, bo = _index(top, height)[:, :, None], _index(bottom, height)[:, :, None]
        le, ri = _index(left, width)[:, None, :], _index(right, width)[:, None, :]
        x_lerp = (x_in - left)[:, None, :, None]
        top_row = lerp(values[b, t, le], values[b, t, ri], x_lerp)
        bottom_row = lerp(values[b, bo, le], values[b, bo, ri], x_lerp)
        result = lerp(top_row, bottom_row, (y_in - top)[:, :, None, None])
    else:
        rows = _index(_math_round(y_in), height)[:, :, None]
        cols = _index(_math_round(x_in), width)[:, None, :]
        result = values[b, rows, cols]
    result = torch.where(unknown[..., None], float("nan"), result)
    result = torch.where(outside[..., None], extrapolation_value, result)
    result = torch.where((indices >= batch)[:, None, None, None], 0.0, result)
    return backend.make_output(result, "float32")


class _FillReader:
    """Reads image pixels at integer coordinates [batch, rows, cols] (float tensors),
    `fill` where a coordinate is outside the image or NaN; one value per channel."""

    def __init__(self, values: torch.Tensor, fill: Any) -> None:
        self.height, self.width = values.shape[1:3] if values.numel() else (0, 0)  # nothing to read
        self.source = values if values.numel() else values.new_zeros((values.shape[0], 1, 1, values.shape[3]))
        self.fill = fill
        self.batch = torch.arange(values.shape[0], device=values.device)[:, None, None]

    def __call__(self, rows: torch.Tensor, cols: torch.Tensor) -> torch.Tensor:
        inside = (rows >= 0) & (rows < self.height) & (cols >= 0) & (cols < self.width)
        gathered = self.source[
            self.batch, torch.where(inside, rows, 0).long(), torch.where(inside, cols, 0).long()
        ]
        return torch.where(inside[..., None], gathered.double(), self.fill)


def _map_coord(coord: torch.Tensor, size: int, mode: str) -> torch.Tensor:
    """TF.js's mapCoord: where a coordinate outside [0, size - 1] reads from."""
    if mode in ("reflect", "wrap") and size > 1:
        below, above = coord < 0, coord > size - 1
        if mode == "reflect":
            twice = 2 * size
            low = twice * torch.trunc(-coord / twice) + coord  # TF.js: always, as coord < 2 * size
            low = torch.where(low < -size, low + twice, -low - 1)
            high = coord - twice * torch.trunc(coord / twice)
            high = torch.where(high >= size, twice - high - 1, high)
        else:
            period = size - 1
            low = coord + size * (torch.trunc(-coord / period) + 1)
            high = coord - size * torch.trunc(coord / period)
        coord = torch.where(below, low, torch.where(above, high, coord))
    elif mode in ("reflect", "wrap"):
        coord = torch.where((coord < 0) | (coord > size - 1), 0.0, coord)
    # util.clamp(0, c, size - 1) = Math.max(0, Math.min(c, size - 1)): NaN stays NaN.
    return torch.clamp(coord, max=size - 1).clamp(min=0.0) if mode != "constant" else coord


@torch_kernel(TRANSFORM)
def transform(
    backend: TorchBackend,
    image: Any,
    transforms: Any,
    *,
    interpolation: str,
    fill_mode: str,
    fill_value: float,
    output_shape: Sequence[int] | None,
) -> TensorInfo:
    """TF.js's Transform, applied to every image of the batch."""
    values = backend.tensor(image)
    batch, height, width, channels = values.shape
    out_height, out_width = output_shape if output_shape is not None else (height, width)
    t = backend.tensor(transforms).double()[:, :, None, None]
    out_y = positions(out_height, values.device)[:, None]
    out_x = positions(out_width, values.device)[None, :]
    projection = t[:, 6] * out_x + t[:, 7] * out_y + 1
    x = _map_coord((t[:, 0] * out_x + t[:, 1] * out_y + t[:, 2]) / projection, width, fill_mode)
    y = _map_coord((t[:, 3] * out_x + t[:, 4] * out_y + t[:, 5]) / projection, height, fill_mode)
    shape = (batch, out_height, out_width)
    x, y, projection = (a.broadcast_to(shape) for a in (x, y, projection))
    read = _FillReader(values, fill_value)
    if interpolation == "nearest":
        result = read(_math_round(y), _math_round(x))
    else:
        y_floor, x_floor = torch.floor(y), torch.floor(x)
        y_ceil, x_ceil = y_floor + 1, x_floor + 1
        left, right = (x_ceil - x)[..., None], (x - x_floor)[..., None]
        at_floor = left * read(y_floor, x_floor) + right * read(y_floor, x_ceil)
        at_ceil = left * read(y_ceil, x_floor) + right * read(y_ceil, x_ceil)
        result = (y_ceil - y)[..., None] * at_floor + (y - y_floor)[..., None] * at_ceil
    result = torch.where((projection == 0)[..., None], fill_value, result)
    return backend.make_output(result.reshape(*shape, channels), image.dtype)


@torch_kernel(ROTATE_WITH_OFFSET)
def rotate_with_offset(
    backend: TorchBackend,
    image: Any,
    *,
    radians: float,
    fill_value: float | Sequence[float],
    center: float | Sequence[float],
) -> TensorInfo:
    """Each output pixel reads the input pixel it rotates from (about `center`, a
    fraction of the width and height), rounded to the nearest; outside the image it is
    `fill_value` (a number, or [r, g, b] with 255 for an alpha channel)."""
    values = backend.tensor(image)
    batch, height, width, channels = values.shape
    sources = rotation_sources(height, width, radians, center)  # [height, 1] and [1, width]
    rows, cols = (torch.as_tensor(a, dtype=torch.float64, device=values.device) for a in sources)
    if isinstance(fill_value, (int, float)):
        fill: Any = float(fill_value)
    else:
        fill = torch.tensor(
            [255.0 if c == 3 else fill_value[c] for c in range(channels)],
            dtype=torch.float64,
            device=values.device,
        )
    shape = (batch, height, width)
    result = _FillReader(values, fill)(rows.broadcast_to(shape), cols.broadcast_to(shape))
    return backend.make_output(result, image.dtype)
