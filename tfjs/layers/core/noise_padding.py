"""Noise layers (tfjs-layers' layers/noise.ts: GaussianNoise, GaussianDropout, AlphaDropout,
active only while training) and ZeroPadding2D (layers/padding.ts)."""

from __future__ import annotations

import math
from typing import Any

from tfjs import ops
from tfjs.layers.core.common import data_format as check_format
from tfjs.layers.core.common import rate as check_rate
from tfjs.layers.engine.base_layer import InputSpec, Layer
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor

# SELU's constants, which AlphaDropout keeps the mean and variance of.
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


class GaussianNoise(Layer):
    """Adds zero-centred Gaussian noise of `stddev` while training."""

    class_name = "GaussianNoise"
    supports_masking = True

    def __init__(self, stddev: float, **base: Any) -> None:
        super().__init__(**base)
        self.stddev = float(stddev)

    def call(self, inputs: Tensor, training: bool | None = None, **kwargs: Any) -> Tensor:
        if not training:
            return inputs
        return ops.add(ops.random_normal(list(inputs.shape), 0, self.stddev), inputs)

    def get_config(self) -> dict[str, Any]:
        return {"stddev": self.stddev, **super().get_config()}


class GaussianDropout(Layer):
    """Multiplies by Gaussian noise of mean 1 and variance rate / (1 - rate) while training."""

    class_name = "GaussianDropout"
    supports_masking = True

    def __init__(self, rate: float, **base: Any) -> None:
        super().__init__(**base)
        self.rate = check_rate(rate, "rate", self.class_name)

    def call(self, inputs: Tensor, training: bool | None = None, **kwargs: Any) -> Tensor:
        if not training or not 0 < self.rate < 1:
            return inputs
        stddev = math.sqrt(self.rate / (1 - self.rate))
        return ops.mul(inputs, ops.random_normal(list(inputs.shape), 1, stddev))

    def get_config(self) -> dict[str, Any]:
        return {"rate": self.rate, **super().get_config()}


class AlphaDropout(Layer):
    """Dropout that keeps SELU's self-normalizing mean and variance (training only)."""

    class_name = "AlphaDropout"
    supports_masking = True

    def __init__(self, rate: float, noise_shape: Any = None, **base: Any) -> None:
        super().__init__(**base)
        self.rate = check_rate(rate, "rate", self.class_name)
        self.noise_shape = noise_shape

    def call(self, inputs: Tensor, training: bool | None = None, **kwargs: Any) -> Tensor:
        if not training or not 0 < self.rate < 1:
            return inputs
        shape = list(self.noise_shape) if self.noise_shape is not None else list(inputs.shape)
        alpha_p = -_SELU_ALPHA * _SELU_SCALE
        kept = ops.cast(ops.greater_equal(ops.random_uniform(shape), self.rate), "float32")
        a = ((1 - self.rate) * (1 + self.rate * alpha_p**2)) ** -0.5
        b = -a * alpha_p * self.rate
        x = ops.add(ops.mul(inputs, kept), ops.mul(ops.add(kept, -1), alpha_p))
        return ops.add(ops.mul(x, a), b)

    def get_config(self) -> dict[str, Any]:
        return {"rate": self.rate, **super().get_config()}


class ZeroPadding2D(Layer):
    """Pads rows and columns with zeros: `padding` is an int, [rows, cols] or
    [[top, bottom], [left, right]]."""

    class_name = "ZeroPadding2D"

    def __init__(self, padding: Any = 1, data_format: str | None = None, **base: Any) -> None:
        super().__init__(**base)
        if isinstance(padding, int):
            padding = [[padding, padding], [padding, padding]]
        elif all(isinstance(p, int) for p in padding):
            if len(padding) != 2:
                raise ValueError(f"ZeroPadding2D expects padding of length 2, got {padding!r}")
            padding = [[padding[0], padding[0]], [padding[1], padding[1]]]
        self.padding = [[int(a), int(b)] for a, b in padding]
        self.data_format = check_format(data_format, self.class_name)
        self.input_spec = [InputSpec(ndim=4)]

    def compute_output_shape(self, input_shape: Any) -> Any:
        (top, bottom), (left, right) = self.padding
        first = self.data_format == "channelsFirst"
        h, w = (input_shape[2], input_shape[3]) if first else (input_shape[1], input_shape[2])
        h = None if h is None else h + top + bottom
        w = None if w is None else w + left + right
        return (input_shape[0], input_shape[1], h, w) if first else (input_shape[0], h, w, input_shape[3])

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        rows, cols = self.padding
        if self.data_format == "channelsFirst":
            return ops.pad(inputs, [[0, 0], [0, 0], rows, cols])
        return ops.pad(inputs, [[0, 0], rows, cols, [0, 0]])

    def get_config(self) -> dict[str, Any]:
        return {"padding": self.padding, "dataFormat": self.data_format, **super().get_config()}


for _cls in (GaussianNoise, GaussianDropout, AlphaDropout, ZeroPadding2D):
    register_class(_cls)
