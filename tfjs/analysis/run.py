"""Pixels in, model out: `run_model` feeds an image to a model and saves its image
outputs through `tf.browser.to_pixels`, summarising the others."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from tfjs.analysis.inputs import IMAGE_DEPTHS, make_inputs
from tfjs.analysis.labels import read_labels, top_labels
from tfjs.analysis.models import call_model, load_model, output_names
from tfjs.tensor import Tensor


@dataclass
class RunResult:
    """What `run_model` did: each output's (name, shape, dtype), the image files it wrote,
    one summary line per output, and for a classifier with a metadata.json of labels
    (`labels_file`) the top labels of its first output with their scores."""

    outputs: list[tuple[str, list[int], str]]
    images: list[str]
    summary: list[str]
    labels: list[tuple[str, float]] = dataclasses.field(default_factory=list)
    labels_file: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON-ready values."""
        return dataclasses.asdict(self)


def image_scale(values: np.ndarray) -> float | None:
    """How an output's values map to pixels: 1 for values in [0, 1] (float32 read as
    TF.js's to_pixels reads them), 255 for values in [0, 255], None when it is not an
    image (wrong rank or depth, a single row or column, as boxes of [1, 200, 4] are, or
    values outside both ranges).

    >>> image_scale(np.zeros([1, 4, 4, 1], np.float32)), image_scale(np.full([4, 4, 3], 200.0))
    (1.0, 255.0)
    >>> image_scale(np.zeros([4, 4, 2], np.float32)), image_scale(np.zeros([1, 200, 4], np.float32))
    (None, None)
    """
    if values.ndim not in (3, 4) or values.shape[-1] not in IMAGE_DEPTHS or min(values.shape[-3:-1]) < 2:
        return None
    if values.dtype == np.bool_ or not np.issubdtype(values.dtype, np.number):
        return None
    if not np.isfinite(values).all():
        return None
    low, high = float(values.min()), float(values.max())
    if low >= 0 and high <= 1:
        return 1.0
    if low >= 0 and high <= 255:
        return 255.0
    return None


def _paths(out: str, count: int) -> list[str]:
    stem, ext = os.path.splitext(out)
    return [out] + [f"{stem}_{i}{ext or '.png'}" for i in range(1, count)]


def _summary(name: str, values: np.ndarray) -> str:
    text = f"{name}: shape {list(values.shape)} {values.dtype}"
    if values.size == 0 or not np.issubdtype(values.dtype, np.number):
        return text
    numbers = values.astype(np.float64)
    text += f", min {numbers.min():.6g}, max {numbers.max():.6g}, mean {numbers.mean():.6g}"
    flat = numbers.reshape(-1) if values.ndim <= 1 else numbers.reshape(values.shape[0], -1)[0]
    if values.ndim <= 2 and flat.size > 1:
        top = np.argsort(-flat, kind="stable")[:5]
        text += ", top " + ", ".join(f"{i}: {flat[i]:.4g}" for i in top)
    return text


def save_image(item: np.ndarray, scale: float, path: str | os.PathLike) -> None:
    """Writes one HxWxC output `item` as a PNG at `path` through `tf.browser.to_pixels`:
    float32 values for `scale` 1 (values in [0, 1]), rounded int32 ones for 255."""
    from tfjs import browser, ops

    pixels: Tensor = (
        ops.tensor(item.astype(np.float32), list(item.shape), "float32")
        if scale == 1.0
        else ops.tensor(np.rint(item).astype(np.int32), list(item.shape), "int32")
    )
    try:
        browser.to_pixels_sync(pixels, path)
    finally:
        pixels.dispose()


def run_model(
    path: str,
    image: Any,
    out: str | None = None,
    shapes: Mapping[str, list[int]] | None = None,
    top: int = 3,
) -> RunResult:
    """Runs the model at `path` (a graph model, or a layers model through `predict`) on
    `image` (a file path, Pillow image or HxWxC uint8 array; see `make_inputs`). Image
    outputs (rank 3 or 4, depth 1, 3 or 4, values in [0, 1] or [0, 255]) are written as
    PNGs through `tf.browser.to_pixels` to `out` (each item of a batch, and each further
    image output, to `out`'s stem + _1, _2...); without `out` nothing is written. Every
    output gets a summary line. With a metadata.json of labels beside the model (a
    Teachable Machine export; see `read_labels`), the `top` labels of the first output
    are listed with their scores.

    >>> result = run_model("tests/analysis/fixtures/image/model.json", np.zeros([8, 8, 3], np.uint8))
    >>> result.outputs
    [('inverted', [1, 8, 8, 3], 'float32'), ('mean', [1, 3], 'float32')]
    """
    if image is None:
        raise ValueError("run_model() needs an image: a file path, a Pillow image or an HxWxC uint8 array")
    if not isinstance(top, int) or isinstance(top, bool) or top < 1:
        raise ValueError(f"run_model(): top must be an int >= 1, got {top!r}")
    labels = read_labels(path)
    model = load_model(path)
    try:
        inputs = make_inputs(model, shapes, image, *([labels.prep] if labels else []))
        try:
            tensors = call_model(model, inputs)
        finally:
            for tensor in inputs.values():
                tensor.dispose()
        names = output_names(model)
    finally:
        model.dispose()
    outputs, summary, pictures, best = [], [], [], []
    try:
        for name, tensor in zip(names, tensors, strict=False):
            values = tensor.numpy()
            if labels is not None and not outputs:
                best = top_labels(values, labels, name, top)
            outputs.append((name, list(tensor.shape), tensor.dtype))
            scale = image_scale(values)
            if scale is None:
                summary.append(_summary(name, values))
                continue
            items = list(values) if values.ndim == 4 else [values]
            pictures += [(item, scale) for item in items]
            summary.append(f"{name}: shape {list(values.shape)} {tensor.dtype}, an image ({len(items)})")
    finally:
        for tensor in tensors:
            tensor.dispose()
    written: list[str] = []
    if out is not None and pictures:
        for target, (item, scale) in zip(_paths(os.fspath(out), len(pictures)), pictures, strict=True):
            save_image(item, scale, target)
            written.append(target)
    elif pictures:
        summary.append("image outputs not saved: give an output path (out) to write them")
    return RunResult(outputs, written, summary, best, labels.path if labels else None)
