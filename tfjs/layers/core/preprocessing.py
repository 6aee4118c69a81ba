"""Preprocessing layers (tfjs-layers' layers/preprocessing/): Rescaling, CenterCrop, Resizing,
CategoryEncoding, RandomWidth, RandomHeight, each computing what TF.js computes (CenterCrop
samples with crop_and_resize 'nearest'; Resizing aligns corners unless it crops to the
aspect ratio; the random layers resize on every call, as TF.js's do)."""

from __future__ import annotations

import math
from typing import Any

from tfjs import ops
from tfjs.layers.core.common import positive_int
from tfjs.layers.engine.base_layer import Layer
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor

_INTERPOLATIONS = ("bilinear", "nearest")
_OUTPUT_MODES = {
    "multiHot": "multiHot",
    "multi_hot": "multiHot",
    "oneHot": "oneHot",
    "one_hot": "oneHot",
    "count": "count",
}


class Rescaling(Layer):
    """x * scale + offset."""

    class_name = "Rescaling"

    def __init__(self, scale: float, offset: float = 0.0, **base: Any) -> None:
        super().__init__(**base)
        self.scale, self.offset = float(scale), float(offset or 0.0)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        x = inputs if inputs.dtype == "float32" else ops.cast(inputs, "float32")
        return ops.add(ops.mul(x, self.scale), self.offset)

    def get_config(self) -> dict[str, Any]:
        return {"scale": self.scale, "offset": self.offset, **super().get_config()}


def _check_interpolation(value: Any, where: str) -> str:
    value = value or "bilinear"
    if value not in _INTERPOLATIONS:
        raise ValueError(f"{where}: Invalid interpolation parameter: {value} is not implemented")
    return value


def _resized_shape(input_shape: Any, height: int | None, width: int | None) -> tuple[Any, ...]:
    shape = list(input_shape)
    shape[-3], shape[-2] = height, width
    return tuple(shape)


class CenterCrop(Layer):
    """Crops the central `height` x `width` window of [.., h, w, c] images (enlarging with a
    bilinear resize when the image is smaller)."""

    class_name = "CenterCrop"

    def __init__(self, height: int, width: int, **base: Any) -> None:
        super().__init__(**base)
        self.height = positive_int(height, "height", self.class_name)
        self.width = positive_int(width, "width", self.class_name)

    def compute_output_shape(self, input_shape: Any) -> Any:
        return _resized_shape(input_shape, self.height, self.width)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        in_h, in_w = inputs.shape[-3], inputs.shape[-2]
        h_buffer = (in_h - self.height) // 2 if in_h != self.height else 0
        w_buffer = 0
        if in_w != self.width:
            w_buffer = math.floor((in_w - self.width) / 2) or 1  # TF.js moves an exact fit by one
        if h_buffer < 0 or w_buffer < 0:
            return ops.cast(ops.image.resize_bilinear(inputs, [self.height, self.width]), inputs.dtype)
        images = ops.expand_dims(inputs, 0) if inputs.rank == 3 else inputs
        box = [
            h_buffer / in_h,
            w_buffer / in_w,
            (self.height + h_buffer) / in_h,
            (self.width + w_buffer) / in_w,
        ]
        count = images.shape[0]
        boxes = ops.tensor2d([box] * count, [count, 4])
        indices = ops.range(0, count, 1, "int32")
        cropped = ops.image.crop_and_resize(images, boxes, indices, [self.height, self.width], "nearest")
        if inputs.rank == 3:
            cropped = ops.squeeze(cropped, [0])
        return ops.cast(cropped, inputs.dtype)

    def get_config(self) -> dict[str, Any]:
        return {"height": self.height, "width": self.width, **super().get_config()}


class Resizing(Layer):
    """Resizes [.., h, w, c] images to `height` x `width` (bilinear or nearest)."""

    class_name = "Resizing"

    def __init__(
        self,
        height: int,
        width: int,
        interpolation: str = "bilinear",
        crop_to_aspect_ratio: bool = False,
        **base: Any,
    ) -> None:
        super().__init__(**base)
        self.height = positive_int(height, "height", self.class_name)
        self.width = positive_int(width, "width", self.class_name)
        self.interpolation = _check_interpolation(interpolation, self.class_name)
        self.crop_to_aspect_ratio = bool(crop_to_aspect_ratio)

    def compute_output_shape(self, input_shape: Any) -> Any:
        return _resized_shape(input_shape, self.height, self.width)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        size = [self.height, self.width]
        resize = (
            ops.image.resize_bilinear
            if self.interpolation == "bilinear"
            else ops.image.resize_nearest_neighbor
        )
        return resize(inputs, size, not self.crop_to_aspect_ratio)

    def get_config(self) -> dict[str, Any]:
        config = {
            "height": self.height,
            "width": self.width,
            "interpolation": self.interpolation,
            "cropToAspectRatio": self.crop_to_aspect_ratio,
        }
        return {**config, **super().get_config()}


class CategoryEncoding(Layer):
    """Integer categories in [0, num_tokens) as multi-hot, one-hot or count vectors."""

    class_name = "CategoryEncoding"

    def __init__(self, num_tokens: int, output_mode: str = "multiHot", **base: Any) -> None:
        super().__init__(**base)
        self.num_tokens = positive_int(num_tokens, "num_tokens", self.class_name)
        if output_mode not in _OUTPUT_MODES:
            raise ValueError(
                f"CategoryEncoding: output_mode must be one of multiHot, oneHot, count; got {output_mode!r}"
            )
        self.output_mode = _OUTPUT_MODES[output_mode]

    def compute_output_shape(self, input_shape: Any) -> Any:
        shape = list(input_shape)
        if self.output_mode == "oneHot" and shape[-1] != 1:
            return (*shape, self.num_tokens)
        shape[-1] = self.num_tokens
        return tuple(shape)

    def output_dtype(self, inputs: list[Any]) -> str:
        return "float32"

    def call(self, inputs: Tensor, count_weights: Any = None, **kwargs: Any) -> Tensor:
        x = inputs if inputs.dtype == "int32" else ops.cast(inputs, "int32")
        low, high = (float(ops.min(x).data_sync()[0]), float(ops.max(x).data_sync()[0])) if x.size else (0, 0)
        if low < 0 or high >= self.num_tokens:
            raise ValueError(
                f"Input values must be between 0 < values <= numTokens with numTokens={self.num_tokens}"
            )
        if x.rank == 0:
            x = ops.expand_dims(x, -1)
        if self.output_mode == "oneHot" and x.shape[-1] != 1:
            x = ops.expand_dims(x, -1)
        if x.rank > 2:
            raise ValueError(
                "When outputMode is not int, maximum output rank is 2 Received outputMode "
                f"{self.output_mode} and "
                f"input shape {list(inputs.shape)} which would result in output rank {x.rank}."
            )
        weights = (
            count_weights if count_weights is not None and self.output_mode == "count" else ops.tensor1d([])
        )
        return ops.dense_bincount(x, weights, self.num_tokens, self.output_mode != "count")

    def get_config(self) -> dict[str, Any]:
        return {"numTokens": self.num_tokens, "outputMode": self.output_mode, **super().get_config()}


class RandomWidth(Layer):
    """Resizes the width by a random factor in [1 + lower, 1 + upper] on every call."""

    class_name = "RandomWidth"
    axis = -2

    def __init__(
        self, factor: Any, interpolation: str = "bilinear", seed: int | None = None, **base: Any
    ) -> None:
        super().__init__(**base)
        if isinstance(factor, (list, tuple)) and len(factor) == 2:
            lower, upper = float(factor[0]), float(factor[1])
        elif isinstance(factor, (int, float)) and factor > 0:
            lower, upper = -float(factor), float(factor)
        else:
            raise ValueError(f"Invalid factor: {factor}. Must be positive number or tuple of 2 numbers")
        if lower < -1 or upper < -1:
            raise ValueError(f"factor must have values larger than -1. Got: {factor}")
        if upper < lower:
            raise ValueError(f"factor cannot have upper bound less than lower bound. Got: {factor}")
        self.factor, self.lower, self.upper = factor, lower, upper
        self.interpolation = _check_interpolation(interpolation, self.class_name)
        self.seed = seed

    def compute_output_shape(self, input_shape: Any) -> Any:
        shape = list(input_shape)
        shape[self.axis] = None
        return tuple(shape)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        draw = ops.random_uniform([1], 1 + self.lower, 1 + self.upper, "float32", self.seed)
        size = [inputs.shape[-3], inputs.shape[-2]]
        size[self.axis + 3] = round(float(draw.data_sync()[0]) * size[self.axis + 3])
        resize = (
            ops.image.resize_bilinear
            if self.interpolation == "bilinear"
            else ops.image.resize_nearest_neighbor
        )
        return resize(inputs, size)

    def get_config(self) -> dict[str, Any]:
        return {
            "factor": self.factor,
            "interpolation": self.interpolation,
            "seed": self.seed,
            **super().get_config(),
        }


class RandomHeight(RandomWidth):
    """Resizes the height by a random factor in [1 + lower, 1 + upper] on every call."""

    class_name = "RandomHeight"
    axis = -3


for _cls in (Rescaling, CenterCrop, Resizing, CategoryEncoding, RandomWidth, RandomHeight):
    register_class(_cls)
