"""Image kernels: resizing, crops, projective transforms, rotation and flips.

Each computes the source coordinates of every output pixel at once (TF.js's formulas, in
doubles as its JavaScript computes them), gathers with those index arrays, interpolates
in float64 and rounds into the output's typed array once.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tfjs.backend_util.image_geometry import math_round, resize_ratios, rotation_sources
from tfjs.backend_util.value_checks import box_index_error, first_outside
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
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
from tfjs.kernel_registry import kernel, register_kernel

# ---- shared helpers -------------------------------------------------------------------


def _lerp(a: np.ndarray, b: np.ndarray, t: np.ndarray) -> np.ndarray:
    """`a + (b - a) * t`, the order of operations of TF.js's bilinear kernels (in one
    new array: the steps run in place)."""
    result = np.subtract(b, a)
    if result.shape != np.broadcast_shapes(result.shape, np.shape(t), np.shape(a)):
        return a + result * t
    result *= t
    result += a
    return result


def _as_index(coords: np.ndarray, size: int) -> np.ndarray:
    """Integer coordinates (NaN and out-of-range ones replaced by 0) that are safe to
    gather with; callers mask the replaced ones."""
    safe = np.where((coords >= 0) & (coords < size), coords, 0)
    return safe.astype(np.intp)


def _unread(shape: tuple[int, ...], dtype: str) -> np.ndarray:
    """What TF.js's kernels store when they read past an empty image's values
    (undefined): NaN in a Float32Array, 0 in an Int32Array."""
    return np.full(shape, 0 if dtype == "int32" else np.nan)


# ---- resizing -------------------------------------------------------------------------


def _resize(
    backend: CpuBackend,
    images: Any,
    size: Sequence[int],
    align_corners: bool,
    dtype: str,
    sources: Callable[[float, int, int], Any],
    resample: Callable[[np.ndarray, Any, Any], np.ndarray],
) -> TensorInfo:
    """What both resize kernels do: `sources(ratio, new size, old size)` gives the source
    rows (then the columns) of the output, `resample(x, rows, cols)` the output values,
    stored as `dtype`. An empty image reads TF.js's undefined values."""
    x = backend.values(images)
    batch, old_height, old_width, channels = x.shape
    new_height, new_width = size
    if x.size == 0:
        return backend.make_output(_unread((batch, new_height, new_width, channels), dtype), dtype)
    row_ratio, col_ratio = resize_ratios((old_height, old_width), (new_height, new_width), align_corners)
    rows = sources(row_ratio, new_height, old_height)
    cols = sources(col_ratio, new_width, old_width)
    return backend.make_output(resample(x, rows, cols), dtype)


@kernel(RESIZE_BILINEAR, "cpu")
def resize_bilinear(
    backend: CpuBackend, images: Any, *, align_corners: bool, half_pixel_centers: bool, size: Sequence[int]
) -> TensorInfo:
    def sources(ratio: float, new_size: int, old_size: int) -> Any:
        return _bilinear_sources(ratio, new_size, old_size, half_pixel_centers)

    return _resize(backend, images, size, align_corners, "float32", sources, _bilinear_resample)


def _bilinear_sources(
    ratio: float, new_size: int, old_size: int, half_pixel_centers: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each output row (or column): the source row below and above it and the
    fraction between them."""
    out = np.arange(new_size, dtype=np.float64)
    frac = ratio * (out + 0.5) - 0.5 if half_pixel_centers else ratio * out
    floor = np.maximum(0.0, np.floor(frac))
    ceil = np.minimum(old_size - 1, np.ceil(frac))
    return floor.astype(np.intp), ceil.astype(np.intp), frac - floor


def _bilinear_resample(x: np.ndarray, rows: Any, cols: Any) -> np.ndarray:
    # TF.js's `top` and `bottom` rows depend only on the source row: interpolate every
    # source row along the columns once, then pick and blend rows (the same operations).
    left, right = np.take(x, cols[0], axis=2), np.take(x, cols[1], axis=2)
    # each column's fraction repeated over the channels: a broadcast over the channels
    # alone would make NumPy's inner loop as short as the channel count
    fractions = np.repeat(cols[2], x.shape[3]).reshape(1, 1, -1, x.shape[3])
    across = _lerp(left.astype(np.float64), right.astype(np.float64), fractions)
    top, bottom = np.take(across, rows[0], axis=1), np.take(across, rows[1], axis=1)
    return _lerp(top, bottom, rows[2][None, :, None, None])


@kernel(RESIZE_NEAREST_NEIGHBOR, "cpu")
def resize_nearest_neighbor(
    backend: CpuBackend, images: Any, *, align_corners: bool, half_pixel_centers: bool, size: Sequence[int]
) -> TensorInfo:
    def sources(ratio: float, new_size: int, old_size: int) -> np.ndarray:
        return _nearest_sources(ratio, new_size, old_size, align_corners, half_pixel_centers)

    return _resize(backend, images, size, align_corners, images.dtype, sources, _nearest_resample)


def _nearest_sources(
    ratio: float, new_size: int, old_size: int, align_corners: bool, half_pixel_centers: bool
) -> np.ndarray:
    out = np.arange(new_size, dtype=np.float64)
    frac = ratio * (out + 0.5) if half_pixel_centers else ratio * out
    nearest = np.minimum(old_size - 1, math_round(frac) if align_corners else np.floor(frac))
    if half_pixel_centers:
        nearest = np.maximum(0.0, nearest)
    return nearest.astype(np.intp)


def _nearest_resample(x: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    # TF.js writes the result into a Float32Array, whatever the dtype: int32 values
    # beyond 2**24 come back rounded to float32 (and 2**31 - 1 wraps to -2**31).
    return x[:, rows][:, :, cols].astype(np.float32)


# ---- resizing gradients --------------------------------------------------------------


def _accumulate_float32(size: int, targets: np.ndarray, values: np.ndarray) -> np.ndarray:
    """[size, channels] float32: TF.js's `output[target] += value` into a Float32Array,
    each value (a double, [channels]) added in order and rounded after each addition. The
    additions to one target go one round at a time, all targets at once."""
    order = np.argsort(targets, kind="stable")
    targets, values = targets[order], values[order]
    rank = np.arange(len(targets)) - np.searchsorted(targets, targets)  # position in its target's sequence
    by_rank = np.argsort(rank, kind="stable")
    bounds = np.searchsorted(rank[by_rank], np.arange(rank.max(initial=-1) + 2))
    out = np.zeros((size, values.shape[-1]), np.float32)
    for start, stop in itertools.pairwise(bounds):
        pick = by_rank[start:stop]
        t = targets[pick]
        out[t] = (out[t].astype(np.float64) + values[pick]).astype(np.float32)
    return out


def _resize_grad_kernel(taps: Callable[..., Any], float32_sums: bool) -> Callable[..., TensorInfo]:
    """A resize's gradient kernel (inputs images and dy, the resize's attributes):
    `taps(ratios, old, new, align_corners, half_pixel_centers)` gives the source rows,
    columns and weights (broadcasting to [out_rows, out_cols]) of the output pixels, one
    tap after the other; each output's dy times a tap's weight goes to that tap's source
    pixel. `float32_sums`: rounded after each addition (TF.js's bilinear gradient adds
    into a Float32Array), else summed in doubles and rounded once."""

    def run(
        backend: CpuBackend,
        images: Any,
        dy: Any,
        *,
        align_corners: bool,
        half_pixel_centers: bool,
        size: Sequence[int],
    ) -> TensorInfo:
        batch, height, width, channels = images.shape
        _, new_height, new_width, _ = dy.shape
        if images.size == 0 or dy.size == 0:
            return backend.make_output(np.zeros(images.shape), "float32")
        old, new = (height, width), (new_height, new_width)
        ratios = resize_ratios(old, new, align_corners)
        grads = backend.values(dy).astype(np.float64)
        targets, values = [], []
        for rows, cols, weight in taps(ratios, old, new, align_corners, half_pixel_centers):
            pixel = (np.arange(batch)[:, None, None] * height + rows) * width + cols
            targets.append(np.broadcast_to(pixel, grads.shape[:3]))
            values.append(grads * weight[..., None])
        # TF.js's order: output pixel by pixel, its taps in order.
        target = np.stack(targets, axis=3).reshape(-1)
        value = np.stack(values, axis=3).reshape(-1, channels)
        pixels = batch * height * width
        if float32_sums:
            out = _accumulate_float32(pixels, target, value)
        else:  # in doubles, added in dy's order (np.add.at's), stored once
            out = np.zeros((pixels, channels))
            np.add.at(out, target, value)
        return backend.make_output(out.reshape(images.shape), "float32")

    return run


def _bilinear_grad_taps(
    ratios: Any, old: tuple[int, int], new: tuple[int, int], align_corners: bool, half_pixel_centers: bool
) -> Any:
    """TF.js's ResizeBilinearGrad: each output's dy, times the bilinear weights, added to
    its four source pixels (top left, top right, bottom left, bottom right) in a Float32Array.
    Two departures from TF.js 4.22's cpu kernel, which ignores `half_pixel_centers`
    (computing the gradient of the resize without them) and returns the shape
    [batch, width, height, depth] (an error for a non-square image): the source pixels are
    the forward kernel's, half-pixel centers included, and the shape is the images'."""
    top, bottom, row_lerp = _bilinear_sources(ratios[0], new[0], old[0], half_pixel_centers)
    left, right, col_lerp = _bilinear_sources(ratios[1], new[1], old[1], half_pixel_centers)
    rows = [top[:, None], bottom[:, None]]
    cols = [left[None, :], right[None, :]]
    row_weights = [1.0 - row_lerp[:, None], row_lerp[:, None]]
    col_weights = [1.0 - col_lerp[None, :], col_lerp[None, :]]
    for i in range(2):
        for j in range(2):
            yield rows[i], cols[j], row_weights[i] * col_weights[j]


def _nearest_grad_taps(
    ratios: Any, old: tuple[int, int], new: tuple[int, int], align_corners: bool, half_pixel_centers: bool
) -> Any:
    """TF.js's ResizeNearestNeighborGrad: each pixel's gradient is the sum, in doubles, of
    the dy of the outputs that read it. TF.js 4.22's cpu kernel ignores
    `half_pixel_centers` (the gradient of the resize without them); this uses the forward
    kernel's source pixels, half-pixel centers included."""
    rows = _nearest_sources(ratios[0], new[0], old[0], align_corners, half_pixel_centers)
    cols = _nearest_sources(ratios[1], new[1], old[1], align_corners, half_pixel_centers)
    yield rows[:, None], cols[None, :], np.ones((new[0], new[1]))


resize_bilinear_grad = _resize_grad_kernel(_bilinear_grad_taps, float32_sums=True)
resize_nearest_neighbor_grad = _resize_grad_kernel(_nearest_grad_taps, float32_sums=False)
register_kernel(RESIZE_BILINEAR_GRAD, "cpu", resize_bilinear_grad)
register_kernel(RESIZE_NEAREST_NEIGHBOR_GRAD, "cpu", resize_nearest_neighbor_grad)


# ---- crops ----------------------------------------------------------------------------


@kernel(CROP_AND_RESIZE, "cpu")
def crop_and_resize(
    backend: CpuBackend,
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
    the batch is an error."""
    values = backend.values(image)
    batch, height, width, channels = values.shape
    indices = backend.values(box_ind)
    bad = first_outside(indices, batch)
    if bad is not None:
        raise box_index_error("crop_and_resize", bad, int(indices.flat[bad]), batch)
    box_values = backend.values(boxes).astype(np.float64)
    crop_height, crop_width = crop_size
    y1, x1, y2, x2 = (box_values[:, i : i + 1] for i in range(4))
    y_in = _crop_coords(y1, y2, crop_height, height)
    x_in = _crop_coords(x1, x2, crop_width, width)
    outside = ((y_in < 0) | (y_in > height - 1))[:, :, None] | ((x_in < 0) | (x_in > width - 1))[:, None, :]
    unknown = (np.isnan(y_in)[:, :, None] | np.isnan(x_in)[:, None, :]) | (indices < 0)[:, None, None]
    if values.size == 0:  # every read is past the (empty) image
        unknown = np.ones_like(outside)
        values = np.zeros((1, 1, 1, channels))
    b = np.where((indices >= 0) & (indices < batch), indices, 0)[:, None, None]
    source = values.astype(np.float64)
    if method == "bilinear":
        top, bottom = np.floor(y_in), np.ceil(y_in)
        left, right = np.floor(x_in), np.ceil(x_in)
        t, bo = _as_index(top, height)[:, :, None], _as_index(bottom, height)[:, :, None]
        le, ri = _as_index(left, width)[:, None, :], _as_index(right, width)[:, None, :]
        x_lerp = (x_in - left)[:, None, :, None]
        top_row = _lerp(source[b, t, le], source[b, t, ri], x_lerp)
        bottom_row = _lerp(source[b, bo, le], source[b, bo, ri], x_lerp)
        result = _lerp(top_row, bottom_row, (y_in - top)[:, :, None, None])
    else:
        rows = _as_index(math_round(y_in), height)[:, :, None]
        cols = _as_index(math_round(x_in), width)[:, None, :]
        result = source[b, rows, cols]
    result = np.where(unknown[..., None], np.nan, result)
    result = np.where(outside[..., None], extrapolation_value, result)
    result = np.where((indices >= batch)[:, None, None, None], 0.0, result)
    return backend.make_output(result, "float32")


def _crop_coords(start: np.ndarray, end: np.ndarray, crop_size: int, image_size: int) -> np.ndarray:
    """The source coordinate of each crop row (or column) of each box, [boxes, crop_size]."""
    if crop_size > 1:
        scale = (end - start) * (image_size - 1) / (crop_size - 1)
        return start * (image_size - 1) + np.arange(crop_size, dtype=np.float64) * scale
    return 0.5 * (start + end) * (image_size - 1)


# ---- projective transforms and rotation -----------------------------------------------


@kernel(TRANSFORM, "cpu")
def transform(
    backend: CpuBackend,
    image: Any,
    transforms: Any,
    *,
    interpolation: str,
    fill_mode: str,
    fill_value: float,
    output_shape: Sequence[int] | None,
) -> TensorInfo:
    """TF.js's Transform, applied to every image of the batch (TF.js 4.22's cpu kernel
    returns after the first image and leaves the others filled)."""
    values = backend.values(image)
    batch, height, width, channels = values.shape
    out_height, out_width = output_shape if output_shape is not None else (height, width)
    t = backend.values(transforms).astype(np.float64)[:, :, None, None]
    out_y = np.arange(out_height, dtype=np.float64)[:, None]
    out_x = np.arange(out_width, dtype=np.float64)[None, :]
    projection = t[:, 6] * out_x + t[:, 7] * out_y + 1
    in_x = (t[:, 0] * out_x + t[:, 1] * out_y + t[:, 2]) / projection
    in_y = (t[:, 3] * out_x + t[:, 4] * out_y + t[:, 5]) / projection
    x = _map_coord(in_x, width, fill_mode)
    y = _map_coord(in_y, height, fill_mode)
    shape = (batch, out_height, out_width)
    x, y, projection = (np.broadcast_to(a, shape) for a in (x, y, projection))
    read = _FillReader(values, fill_value)
    if interpolation == "nearest":
        result = read(math_round(y), math_round(x))
    else:
        y_floor, x_floor = np.floor(y), np.floor(x)
        y_ceil, x_ceil = y_floor + 1, x_floor + 1
        left, right = (x_ceil - x)[..., None], (x - x_floor)[..., None]
        at_floor = left * read(y_floor, x_floor) + right * read(y_floor, x_ceil)
        at_ceil = left * read(y_ceil, x_floor) + right * read(y_ceil, x_ceil)
        result = (y_ceil - y)[..., None] * at_floor + (y - y_floor)[..., None] * at_ceil
    result = np.where((projection == 0)[..., None], fill_value, result)
    return backend.make_output(result.reshape((*shape, channels)), image.dtype)


class _FillReader:
    """Reads image pixels at integer coordinates [batch, rows, cols] (float arrays),
    `fill` where a coordinate is outside the image or NaN; one value per channel."""

    def __init__(self, values: np.ndarray, fill: Any) -> None:
        self.height, self.width = values.shape[1:3] if values.size else (0, 0)  # nothing to read
        self.source = values if values.size else np.zeros((values.shape[0], 1, 1, values.shape[3]))
        self.fill = fill
        self.batch = np.arange(values.shape[0])[:, None, None]

    def __call__(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        inside = (rows >= 0) & (rows < self.height) & (cols >= 0) & (cols < self.width)
        gathered = self.source[
            self.batch, np.where(inside, rows, 0).astype(np.intp), np.where(inside, cols, 0).astype(np.intp)
        ]
        return np.where(inside[..., None], gathered.astype(np.float64), self.fill)


def _map_coord(coord: np.ndarray, size: int, mode: str) -> np.ndarray:
    """TF.js's mapCoord: where a coordinate outside [0, size - 1] reads from."""
    if mode == "constant":
        return coord
    if mode in ("reflect", "wrap") and size > 1:
        below, above = coord < 0, coord > size - 1
        if mode == "reflect":
            twice = 2 * size
            low = twice * np.trunc(-coord / twice) + coord  # TF.js: always, as coord < 2 * size
            low = np.where(low < -size, low + twice, -low - 1)
            high = coord - twice * np.trunc(coord / twice)
            high = np.where(high >= size, twice - high - 1, high)
        else:
            period = size - 1
            low = coord + size * (np.trunc(-coord / period) + 1)
            high = coord - size * np.trunc(coord / period)
        coord = np.where(below, low, np.where(above, high, coord))
    elif mode in ("reflect", "wrap"):
        coord = np.where((coord < 0) | (coord > size - 1), 0.0, coord)
    # util.clamp(0, c, size - 1) = Math.max(0, Math.min(c, size - 1)): NaN stays NaN.
    return np.maximum(0.0, np.minimum(coord, size - 1))


@kernel(ROTATE_WITH_OFFSET, "cpu")
def rotate_with_offset(
    backend: CpuBackend,
    image: Any,
    *,
    radians: float,
    fill_value: float | Sequence[float],
    center: float | Sequence[float],
) -> TensorInfo:
    """Each output pixel reads the input pixel it rotates from (about `center`, a
    fraction of the width and height), rounded to the nearest; outside the image it is
    `fill_value` (a number, or [r, g, b] with 255 for an alpha channel)."""
    values = backend.values(image)
    batch, height, width, channels = values.shape
    rows, cols = rotation_sources(height, width, radians, center)
    if isinstance(fill_value, (int, float)):
        fill: Any = float(fill_value)
    else:
        fill = np.array([255.0 if c == 3 else fill_value[c] for c in range(channels)])
    read = _FillReader(values, fill)
    shape = (batch, height, width)
    result = read(np.broadcast_to(rows, shape), np.broadcast_to(cols, shape))
    return backend.make_output(result, image.dtype)


@kernel(FLIP_LEFT_RIGHT, "cpu")
def flip_left_right(backend: CpuBackend, image: Any) -> TensorInfo:
    return backend.make_output(backend.values(image)[:, :, ::-1], image.dtype)
