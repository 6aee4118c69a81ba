"""Image sampling geometry shared by the image ops and the kernels: JavaScript's rounding
of source coordinates, a resize's ratios and rotate_with_offset's source pixels."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def math_round(x: np.ndarray) -> np.ndarray:
    """JavaScript's Math.round: the nearest integer, halves toward +Infinity."""
    floor = np.floor(x)
    return floor + (x - floor >= 0.5)


def resize_ratios(old: tuple[int, int], new: tuple[int, int], align_corners: bool) -> tuple[float, float]:
    """TF.js's effectiveInputSize / effectiveOutputSize per axis (align_corners counts
    the gaps between pixels when the output has more than one)."""
    ratios = []
    for old_size, new_size in zip(old, new, strict=True):
        aligned = align_corners and new_size > 1
        in_size, out_size = (old_size - 1, new_size - 1) if aligned else (old_size, new_size)
        ratios.append(in_size / out_size if out_size else float("inf"))
    return ratios[0], ratios[1]


def rotation_sources(
    height: int, width: int, radians: float, center: float | Sequence[float]
) -> tuple[np.ndarray, np.ndarray]:
    """rotate_with_offset's source row and column of each output pixel ([height, 1] and
    [1, width] broadcasting to [height, width], whole numbers as floats): the output pixel
    rotated about `center` (fractions of the width and height), rounded as TF.js does."""
    fractions = (center, center) if isinstance(center, (int, float)) else tuple(center)
    center_x, center_y = width * fractions[0], height * fractions[1]
    with np.errstate(invalid="ignore"):  # Math.sin(±Infinity) is NaN: every pixel is filled
        sin, cos = np.sin(radians), np.cos(radians)
    dx = np.arange(width, dtype=np.float64)[None, :] - center_x
    dy = np.arange(height, dtype=np.float64)[:, None] - center_y
    cols = math_round(dx * cos - dy * sin + center_x)
    rows = math_round(dx * sin + dy * cos + center_y)
    return rows, cols
