"""Operations / Images (tf.image), less the non-max suppressions (specs/nms.py)."""

from __future__ import annotations

import math

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec

IMG3 = ((4, 5, 2), F32)
IMG4 = ((2, 4, 5, 3), F32)


def _bilinear(x: np.ndarray, size: tuple[int, int], align: bool = False, half: bool = False) -> np.ndarray:
    """TensorFlow's definition, one output pixel at a time (x: [height, width, depth])."""
    (height, width), out = x.shape[:2], np.zeros((*size, x.shape[2]))
    scale = [
        (old - 1) / (new - 1) if align and new > 1 else old / new
        for old, new in ((height, size[0]), (width, size[1]))
    ]
    for i in range(size[0]):
        for j in range(size[1]):
            y = scale[0] * (i + 0.5) - 0.5 if half else scale[0] * i
            v = scale[1] * (j + 0.5) - 0.5 if half else scale[1] * j
            y0, v0 = max(0, math.floor(y)), max(0, math.floor(v))
            y1, v1 = min(height - 1, math.ceil(y)), min(width - 1, math.ceil(v))
            dy, dv = y - y0, v - v0
            top = x[y0, v0] * (1 - dv) + x[y0, v1] * dv
            bottom = x[y1, v0] * (1 - dv) + x[y1, v1] * dv
            out[i, j] = top * (1 - dy) + bottom * dy
    return out


def _nearest(x: np.ndarray, size: tuple[int, int], align: bool = False, half: bool = False) -> np.ndarray:
    """x: [batch, height, width, depth]."""
    (height, width), out = x.shape[1:3], np.zeros((x.shape[0], *size, x.shape[3]))
    scale = [
        (old - 1) / (new - 1) if align and new > 1 else old / new
        for old, new in ((height, size[0]), (width, size[1]))
    ]

    def source(k: int, s: float, old: int) -> int:
        frac = s * (k + 0.5) if half else s * k
        return max(0, min(old - 1, math.floor(frac + 0.5) if align else math.floor(frac)))

    for i in range(size[0]):
        for j in range(size[1]):
            out[:, i, j] = x[:, source(i, scale[0], height), source(j, scale[1], width)]
    return out


def _rotate(
    x: np.ndarray, radians: float, fill: float, center: tuple[float, float] = (0.5, 0.5)
) -> np.ndarray:
    """Nearest-pixel rotation about `center` (fractions of the width and height), one
    output pixel at a time."""
    height, width = x.shape[1:3]
    cx, cy = width * center[0], height * center[1]
    out = np.full(x.shape, float(fill))
    for row in range(height):
        for col in range(width):
            dx, dy = col - cx, row - cy
            src_x = math.floor(dx * math.cos(radians) - dy * math.sin(radians) + cx + 0.5)
            src_y = math.floor(dx * math.sin(radians) + dy * math.cos(radians) + cy + 0.5)
            if 0 <= src_x < width and 0 <= src_y < height:
                out[:, row, col] = x[:, src_y, src_x]
    return out


def _otsu_threshold(x: np.ndarray, inverted: bool = False) -> np.ndarray:
    """Otsu's method on a one-channel image of whole numbers in [0, 256)."""
    hist = np.bincount(np.round(x).astype(np.int64).ravel(), minlength=256)[:256].astype(np.float64)
    levels, total = np.arange(256), x.shape[0] * x.shape[1]
    best, best_level = 0.0, -1
    for level in range(255):
        first, second = hist[: level + 1], hist[level + 1 :]
        if first.sum() == 0 or second.sum() == 0:
            continue
        mean_first = (first * levels[: level + 1]).sum() / first.sum()
        mean_second = (second * levels[level + 1 :]).sum() / second.sum()
        between = first.sum() / total * second.sum() / total * (mean_first - mean_second) ** 2
        if between > best:
            best, best_level = between, level
    above = x > best_level
    return np.where(~above if inverted else above, 255, 0)


def _shift_left(x: np.ndarray) -> np.ndarray:
    """Each pixel takes its right neighbour's value; the last column is 0."""
    return np.concatenate([x[:, :, 1:], np.zeros_like(x[:, :, :1])], axis=2)


SPECS: list[OpSpec] = [
    # resizing
    OpSpec(
        "image.resize_bilinear",
        lambda x: tf.image.resize_bilinear(x, [7, 3]),
        lambda x: _bilinear(x, (7, 3)),
        (IMG3,),
        F32,
    ),
    OpSpec(
        "image.resize_bilinear",
        lambda x: tf.image.resize_bilinear(x, [3, 8], True),
        lambda x: np.stack([_bilinear(image, (3, 8), align=True) for image in x]),
        (IMG4,),
        F32,
        id_suffix="align-corners-batch",
    ),
    OpSpec(
        "image.resize_bilinear",
        lambda x: tf.image.resize_bilinear(x, [6, 9], False, True),
        lambda x: _bilinear(x, (6, 9), half=True),
        (((4, 5, 2), I32),),
        F32,
        id_suffix="half-pixel-int32",
    ),
    OpSpec(
        "image.resize_bilinear",
        lambda x: tf.image.resize_bilinear(x, [3, 7], False, True),
        lambda x: np.stack([_bilinear(image, (3, 7), half=True) for image in x]),
        (IMG4,),
        F32,
        id_suffix="half-pixel",
    ),
    OpSpec(
        "image.resize_nearest_neighbor",
        lambda x: tf.image.resize_nearest_neighbor(x, [9, 2], True),
        lambda x: _nearest(x, (9, 2), align=True),
        (IMG4,),
        F32,
        id_suffix="align-corners",
    ),
    OpSpec(
        "image.resize_nearest_neighbor",
        lambda x: tf.image.resize_nearest_neighbor(x, [7, 3]),
        lambda x: _nearest(x[None], (7, 3))[0],
        (IMG3,),
        F32,
    ),
    OpSpec(
        "image.resize_nearest_neighbor",
        lambda x: tf.image.resize_nearest_neighbor(x, [3, 8], True),
        lambda x: _nearest(x, (3, 8), align=True),
        (((2, 4, 5, 3), I32),),
        I32,
        id_suffix="align-corners-int32",
    ),
    OpSpec(
        "image.resize_nearest_neighbor",
        lambda x: tf.image.resize_nearest_neighbor(x, [6, 2], False, True),
        lambda x: _nearest(x, (6, 2), half=True),
        (IMG4,),
        F32,
        id_suffix="half-pixel",
    ),
    # crops: the whole image at its own size is the image; a flipped box flips it
    OpSpec(
        "image.crop_and_resize",
        lambda x: tf.image.crop_and_resize(x, [[0, 0, 1, 1], [1, 1, 0, 0]], [1, 0], [4, 5]),
        lambda x: np.stack([x[1], x[0, ::-1, ::-1]]),
        (IMG4,),
        F32,
        differentiable=False,  # CropAndResize has no gradient yet (NON_DIFFERENTIABLE)
    ),
    OpSpec(
        "image.crop_and_resize",
        lambda x: tf.image.crop_and_resize(x, [[0, 0, 1, 1], [0, 0, 2, 0.5]], [0, 1], [7, 3], "nearest", -1),
        lambda x: np.stack(
            [_nearest(x[:1], (7, 3), align=True)[0], np.concatenate([x[1, :4, :3], np.full((3, 3, 3), -1.0)])]
        ),
        (IMG4,),
        F32,
        id_suffix="nearest-extrapolation",
        differentiable=False,  # CropAndResize has no gradient yet (NON_DIFFERENTIABLE)
    ),
    # projective transforms: a shift by one column
    OpSpec(
        "image.transform",
        lambda x: tf.image.transform(x, [[1, 0, 1, 0, 1, 0, 0, 0]]),
        _shift_left,
        (IMG4,),
        F32,
        differentiable=False,  # Transform has no gradient yet (NON_DIFFERENTIABLE)
    ),
    OpSpec(
        "image.transform",
        lambda x: tf.image.transform(x, [[1, 0, 1, 0, 1, 0, 0, 0]] * 2, "bilinear", "wrap"),
        lambda x: np.roll(x, -1, axis=2),
        (IMG4,),
        F32,
        id_suffix="bilinear-wrap",
        differentiable=False,  # Transform has no gradient yet (NON_DIFFERENTIABLE)
    ),
    OpSpec(
        "image.rotate_with_offset",
        lambda x: tf.image.rotate_with_offset(x, 0.7, 3),
        lambda x: _rotate(x, 0.7, 3),
        (IMG4,),
        F32,
    ),
    OpSpec(
        "image.rotate_with_offset",
        lambda x: tf.image.rotate_with_offset(x, -2.1, 0, [0.2, 0.7]),
        lambda x: _rotate(x, -2.1, 0, (0.2, 0.7)),
        (IMG4,),
        F32,
        id_suffix="center",
    ),
    OpSpec("image.flip_left_right", tf.image.flip_left_right, lambda x: x[:, :, ::-1], (IMG4,), F32),
    OpSpec(
        "image.grayscale_to_rgb",
        tf.image.grayscale_to_rgb,
        lambda x: np.repeat(x, 3, axis=-1),
        (((2, 3, 1), F32),),
        F32,
    ),
    OpSpec(
        "image.grayscale_to_rgb",
        tf.image.grayscale_to_rgb,
        lambda x: np.repeat(x, 3, axis=-1),
        (((2, 2, 3, 1), I32),),
        I32,
        id_suffix="int32",
    ),
    OpSpec(
        "image.rgb_to_grayscale",
        tf.image.rgb_to_grayscale,
        lambda x: (x @ np.array([0.2989, 0.587, 0.114]))[..., None],
        (((2, 4, 5, 3), F32),),
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "image.threshold",
        tf.image.threshold,
        lambda x: np.where(x > 127.5, 255, 0),
        (((6, 7, 1), F32),),
        I32,
        low=0,
        high=255,
    ),
    OpSpec(
        "image.threshold",
        lambda x: tf.image.threshold(x, "otsu", True),
        lambda x: _otsu_threshold(x, inverted=True),
        (((8, 9, 1), I32),),
        I32,
        low=0,
        high=256,
        id_suffix="otsu-inverted",
    ),
]
