"""Inputs for a model under analysis: random (seeded) tensors or an image, with unknown
dimensions filled from given shapes, and one run keeping every node's values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from tfjs.analysis.models import input_specs
from tfjs.environment import ENV
from tfjs.tensor import Tensor

SEED = 0
IMAGE_DEPTHS = (1, 3, 4)


@dataclass(frozen=True)
class ImagePrep:
    """How an image becomes a float32 input: its centred square only (`square`, as
    Teachable Machine's image library crops), then resized, then pixel / divisor + offset
    (TF.js's usual [0, 1] by default; Teachable Machine feeds [-1, 1]: / 127 - 1)."""

    divisor: float = 255.0
    offset: float = 0.0
    square: bool = False


UNIT_RANGE = ImagePrep()


def input_shape(
    name: str, shape: list[int] | None, shapes: Mapping[str, list[int]] | None = None
) -> list[int]:
    """The concrete shape of input `name` (its model shape `shape`, -1 for unknown sizes):
    `shapes[name]` (or `shapes["*"]`) where given, checked against the known sizes; else
    the model's shape with an unknown batch (first) dimension set to 1.

    >>> input_shape("x", [-1, 4])
    [1, 4]
    >>> input_shape("x", [-1, -1, 3], {"x": [2, 5, 3]})
    [2, 5, 3]
    """
    given = None
    if shapes:
        given = shapes.get(name, shapes.get("*"))
    if given is not None:
        given = [int(d) for d in given]
        if any(d < 0 for d in given):
            raise ValueError(f"The shape given for input '{name}' must have sizes >= 0, got {given}")
        if shape is not None:
            if len(given) != len(shape):
                raise ValueError(
                    f"Input '{name}' has rank {len(shape)} (shape {shape}); the shape given, {given}, "
                    f"has rank {len(given)}"
                )
            clashes = [i for i, (d, g) in enumerate(zip(shape, given, strict=True)) if d >= 0 and d != g]
            if clashes:
                raise ValueError(
                    f"Input '{name}' has shape {shape}; the shape given, {given}, differs in dimension "
                    f"{clashes[0]}"
                )
        return given
    if shape is None:
        raise ValueError(f"Input '{name}' has an unknown rank: give its shape ({_how_to_give(name, [1, 4])})")
    filled = [1 if i == 0 and d < 0 else d for i, d in enumerate(shape)]
    unknown = [i for i, d in enumerate(filled) if d < 0]
    if unknown:
        raise ValueError(
            f"Input '{name}' has shape {shape}: dimension {unknown[0]} is unknown; give its shape "
            f"({_how_to_give(name, [1 if d < 0 else d for d in shape])})"
        )
    return filled


def _how_to_give(name: str, example: list[int]) -> str:
    """How to give an input's shape, from Python and from the `tfjs` command."""
    dims = ",".join(map(str, example))
    return f"e.g. shapes={{'{name}': {example}}}, or on the command line --shape {name}={dims}"


def _random(shape: list[int], dtype: str | None, rng: np.random.Generator) -> np.ndarray:
    if dtype in (None, "float32"):
        return rng.random(shape, dtype=np.float32)
    if dtype == "int32":
        return rng.integers(0, 10, shape, dtype=np.int32)
    if dtype == "bool":
        return rng.random(shape) < 0.5
    raise ValueError(
        f"Cannot make a random input of dtype {dtype}: give the model float32, int32 or bool inputs"
    )


def _image_input(model: Any) -> Any:
    """The first input of rank 3 or 4: the one an image feeds."""
    specs = input_specs(model)
    for info in specs:
        if info.shape is not None and len(info.shape) in (3, 4):
            return info
    listing = ", ".join(f"'{i.name}' {i.shape}" for i in specs)
    raise ValueError(
        f"No input of the model takes an image (an input of rank 3 or 4): its inputs are {listing}"
    )


def _image_tensor(image: Any, shape: list[int], dtype: str | None, prep: ImagePrep = UNIT_RANGE) -> Tensor:
    from tfjs import browser, ops

    depth = shape[-1]
    if depth not in IMAGE_DEPTHS:
        raise ValueError(f"An image has 1, 3 or 4 channels; the model's input takes {depth} (shape {shape})")
    height, width = shape[-3], shape[-2]

    def make() -> Tensor:
        pixels = browser.from_pixels(image, num_channels=depth)
        if prep.square:
            rows, cols = pixels.shape[:2]
            side = min(rows, cols)
            pixels = ops.slice(pixels, [(rows - side) // 2, (cols - side) // 2, 0], [side, side, depth])
        if (height, width) != tuple(pixels.shape[:2]):
            pixels = ops.image.resize_bilinear(pixels, [height, width])
        values = ops.cast(pixels, "float32")
        scaled = dtype in (None, "float32")
        if scaled:
            values = ops.div(values, prep.divisor)
            values = ops.add(values, prep.offset) if prep.offset else values
        else:
            values = ops.cast(ops.round(values), dtype)
        if len(shape) == 4:
            values = ops.tile(ops.expand_dims(values, 0), [shape[0], 1, 1, 1])
        return values

    from tfjs.engine import ENGINE

    return ENGINE.tidy(make)


def check_shape_names(shapes: Mapping[str, list[int]] | None, names: list[str]) -> None:
    """A ValueError where `shapes` names what is not one of the inputs `names` ("*" is
    every input).

    >>> check_shape_names({"x": [1, 2]}, ["input_1"])
    Traceback (most recent call last):
    ValueError: shapes are given for ['x'], which are not inputs of the model (its inputs: ['input_1'])
    """
    unknown = sorted(set(shapes or {}) - {"*", *names})
    if unknown:
        raise ValueError(
            f"shapes are given for {unknown}, which are not inputs of the model (its inputs: {names})"
        )


def make_inputs(
    model: Any,
    shapes: Mapping[str, list[int]] | None = None,
    image: Any = None,
    prep: ImagePrep = UNIT_RANGE,
) -> dict[str, Tensor]:
    """Inputs to run `model` (a graph or layers model) once: a random (seeded) tensor per
    input, or the image `image` (a file path, a Pillow image or an HxWxC uint8 array) for
    the first input of rank 3 or 4, resized (bilinear) to its height and width, scaled
    for a float32 input ([0, 1] by default; see `ImagePrep`) and batched.

    Unknown (-1) sizes come from `shapes` (by input name, or "*" for all); an unknown
    batch (first) size is otherwise 1. The caller disposes the tensors.

    >>> model = tf.load_graph_model("tests/converter/fixtures/add_mul/model.json")
    >>> inputs = make_inputs(model)
    >>> {name: t.shape for name, t in inputs.items()}
    {'x': (1,)}
    >>> tf.dispose(inputs); model.dispose()
    """
    from tfjs import ops

    infos = input_specs(model)
    if not infos:
        raise ValueError("the model has no inputs")
    check_shape_names(shapes, [info.name for info in infos])
    rng = np.random.default_rng(SEED)
    image_name = _image_input(model).name if image is not None else None
    result: dict[str, Tensor] = {}
    try:
        for info in infos:
            if info.name == image_name:
                result[info.name] = _image_tensor(image, _image_shape(info, shapes, image), info.dtype, prep)
            else:
                shape = input_shape(info.name, info.shape, shapes)
                result[info.name] = ops.tensor(
                    _random(shape, info.dtype, rng), shape, info.dtype or "float32"
                )
    except BaseException:
        for tensor in result.values():
            tensor.dispose()
        raise
    return result


def _image_shape(info: Any, shapes: Mapping[str, list[int]] | None, image: Any) -> list[int]:
    """The image input's shape: as given in `shapes`, else its unknown batch size 1, an
    unknown depth 3 and an unknown height and width the image's own."""
    if shapes and (info.name in shapes or "*" in shapes):
        return input_shape(info.name, info.shape, shapes)
    shape = list(info.shape)
    if len(shape) == 4 and shape[0] < 0:
        shape[0] = 1
    if shape[-1] < 0:
        shape[-1] = 3
    if shape[-3] < 0 or shape[-2] < 0:
        from tfjs import browser

        pixels = browser.from_pixels(image, num_channels=shape[-1] if shape[-1] in IMAGE_DEPTHS else 3)
        height, width = pixels.shape[:2]
        pixels.dispose()
        shape[-3] = height if shape[-3] < 0 else shape[-3]
        shape[-2] = width if shape[-2] < 0 else shape[-2]
    return shape


def run_keeping(model: Any, inputs: Mapping[str, Tensor]) -> dict[str, list[np.ndarray | None]]:
    """Runs `model` once with TF.js's model debugging mode (KEEP_INTERMEDIATE_TENSORS) and
    returns every node's values as NumPy arrays: {node name: [array per output]}, the
    weights and inputs included."""
    before = ENV.get("KEEP_INTERMEDIATE_TENSORS")
    ENV.set("KEEP_INTERMEDIATE_TENSORS", True)
    try:
        outputs = model.execute(dict(inputs))
        try:
            kept = model.get_intermediate_tensors()
            return {
                name: [t.numpy() if isinstance(t, Tensor) and not t.is_disposed else None for t in tensors]
                for name, tensors in kept.items()
            }
        finally:
            model.dispose_intermediate_tensors()
            for tensor in outputs if isinstance(outputs, list) else [outputs]:
                tensor.dispose()
    finally:
        ENV.set("KEEP_INTERMEDIATE_TENSORS", before)
