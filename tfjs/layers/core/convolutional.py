"""Convolutional layers (tfjs-layers' layers/convolutional.ts): Conv1D, Conv2D, Conv3D,
Conv2DTranspose, Cropping2D, UpSampling2D. Weights are TF.js's: kernel
[*kernel_size, in_channels, filters] (transposed convolution: [*kernel_size, filters,
in_channels]) and bias [filters]; `channelsFirst` inputs are transposed to channels-last."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.layers.activations import serialize_activation
from tfjs.layers.core.common import data_format as check_format
from tfjs.layers.core.common import get_activation, int_tuple, kernel_bias_specs, positive_int
from tfjs.layers.core.common import padding as check_padding
from tfjs.layers.core.core import _serialized_regularizer
from tfjs.layers.engine.base_layer import InputSpec, Layer, shape_str
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor


def conv_output_length(size: int | None, kernel: int, pad: str, stride: int, dilation: int = 1) -> int | None:
    """The output size of a convolution or pooling along one axis (Keras's conv_output_length)."""
    if size is None:
        return None
    effective = kernel + (kernel - 1) * (dilation - 1)
    length = size - effective + 1 if pad == "valid" else size
    return (length + stride - 1) // stride


def deconv_length(size: int | None, stride: int, kernel: int, pad: str) -> int | None:
    """The output size of a transposed convolution along one axis (TF.js deconvLength)."""
    if size is None:
        return None
    return size * stride + max(kernel - stride, 0) if pad == "valid" else size * stride


def to_channels_last(x: Tensor, fmt: str) -> Tensor:
    if fmt == "channelsFirst":
        return ops.transpose(x, [0, *range(2, x.rank), 1])
    return x


def from_channels_last(x: Tensor, fmt: str) -> Tensor:
    if fmt == "channelsFirst":
        return ops.transpose(x, [0, x.rank - 1, *range(1, x.rank - 1)])
    return x


class Conv(Layer):
    """The convolutions' shared arguments, weights, shapes and config (TF.js BaseConv/Conv)."""

    rank = 2

    def __init__(
        self,
        filters: int,
        kernel_size: Any,
        strides: Any = 1,
        padding: str = "valid",
        data_format: str | None = None,
        dilation_rate: Any = 1,
        activation: Any = None,
        use_bias: bool = True,
        kernel_initializer: Any = "glorotNormal",
        bias_initializer: Any = "zeros",
        kernel_regularizer: Any = None,
        bias_regularizer: Any = None,
        activity_regularizer: Any = None,
        kernel_constraint: Any = None,
        bias_constraint: Any = None,
        **base: Any,
    ) -> None:
        super().__init__(**base)
        where = self.class_name
        self.filters = positive_int(filters, "filters", where)
        self.kernel_size = int_tuple(kernel_size, self.rank, "kernel_size", where)
        self.strides = int_tuple(strides, self.rank, "strides", where)
        self.padding = check_padding(padding, where)
        self.data_format = check_format(data_format, where)
        self.dilation_rate = int_tuple(dilation_rate, self.rank, "dilation_rate", where)
        self.activation = get_activation(activation)
        self.use_bias = bool(use_bias)
        self.specs = kernel_bias_specs(
            kernel_initializer,
            bias_initializer,
            kernel_regularizer,
            bias_regularizer,
            kernel_constraint,
            bias_constraint,
        )
        self.activity_regularizer = activity_regularizer
        self.input_spec = [InputSpec(ndim=self.rank + 2)]

    def _channel_axis(self) -> int:
        return 1 if self.data_format == "channelsFirst" else -1

    def _kernel_shape(self, channels: int) -> list[int]:
        return [*self.kernel_size, channels, self.filters]

    def build(self, input_shape: Any) -> None:
        channels = input_shape[self._channel_axis()]
        if channels is None:
            raise ValueError(
                f"The channel dimension of the inputs should be defined. Found {shape_str(input_shape)}"
            )
        self.kernel = self.specs.add(self, "kernel", "kernel", self._kernel_shape(channels))
        self.bias = self.specs.add(self, "bias", "bias", [self.filters]) if self.use_bias else None
        self.input_spec = [InputSpec(ndim=self.rank + 2, axes={self._channel_axis(): channels})]
        self.built = True

    def compute_output_shape(self, input_shape: Any) -> Any:
        first = self.data_format == "channelsFirst"
        spatial = input_shape[2:] if first else input_shape[1:-1]
        sizes = [
            conv_output_length(s, k, self.padding, st, d)
            for s, k, st, d in zip(spatial, self.kernel_size, self.strides, self.dilation_rate, strict=True)
        ]
        return (input_shape[0], self.filters, *sizes) if first else (input_shape[0], *sizes, self.filters)

    def _finish(self, y: Tensor) -> Tensor:
        if self.bias is not None:
            y = ops.add(y, self.bias.read())
        return from_channels_last(self.activation(y), self.data_format)

    def get_config(self) -> dict[str, Any]:
        specs = self.specs.config()
        config = {
            "filters": self.filters,
            "kernelSize": list(self.kernel_size),
            "strides": list(self.strides),
            "padding": self.padding,
            "dataFormat": self.data_format,
            "dilationRate": list(self.dilation_rate),
            "activation": serialize_activation(self.activation),
            "useBias": self.use_bias,
            **specs,
            "activityRegularizer": _serialized_regularizer(self.activity_regularizer),
        }
        return {**config, **super().get_config()}


class Conv2D(Conv):
    """2-D convolution over [batch, height, width, channels] inputs."""

    class_name = "Conv2D"
    rank = 2

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        x = to_channels_last(inputs, self.data_format)
        y = ops.conv2d(x, self.kernel.read(), self.strides, self.padding, "NHWC", self.dilation_rate)
        return self._finish(y)


class Conv1D(Conv):
    """1-D convolution over [batch, steps, channels] inputs."""

    class_name = "Conv1D"
    rank = 1

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        x = to_channels_last(inputs, self.data_format)
        pad = self.padding
        if pad == "causal":
            left = self.dilation_rate[0] * (self.kernel_size[0] - 1)
            x = ops.pad(x, [[0, 0], [left, 0], [0, 0]])
            pad = "valid"
        y = ops.conv1d(x, self.kernel.read(), self.strides[0], pad, "NWC", self.dilation_rate[0])
        return self._finish(y)

    def compute_output_shape(self, input_shape: Any) -> Any:
        if self.padding != "causal":
            return super().compute_output_shape(input_shape)
        size = conv_output_length(
            input_shape[1], self.kernel_size[0], "same", self.strides[0], self.dilation_rate[0]
        )
        return (input_shape[0], size, self.filters)


class Conv3D(Conv):
    """3-D convolution over [batch, depth, height, width, channels] inputs."""

    class_name = "Conv3D"
    rank = 3

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        x = to_channels_last(inputs, self.data_format)
        y = ops.conv3d(x, self.kernel.read(), self.strides, self.padding, "NDHWC", self.dilation_rate)
        return self._finish(y)


class ConvTranspose(Conv):
    """Transposed convolutions' shared shapes and call; kernel [*kernel_size, filters,
    in_channels]."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.padding not in ("valid", "same"):
            raise ValueError(f"{self.class_name}: padding must be 'valid' or 'same', got {self.padding!r}")

    def _kernel_shape(self, channels: int) -> list[int]:
        return [*self.kernel_size, self.filters, channels]

    def _sizes(self, spatial: Any) -> list[int | None]:
        return [
            deconv_length(s, st, k, self.padding)
            for s, st, k in zip(spatial, self.strides, self.kernel_size, strict=True)
        ]

    def compute_output_shape(self, input_shape: Any) -> Any:
        first = self.data_format == "channelsFirst"
        sizes = self._sizes(input_shape[2:] if first else input_shape[1:-1])
        return (input_shape[0], self.filters, *sizes) if first else (input_shape[0], *sizes, self.filters)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        x = to_channels_last(inputs, self.data_format)
        out_shape = [x.shape[0], *self._sizes(x.shape[1:-1]), self.filters]
        transpose = ops.conv2d_transpose if self.rank == 2 else ops.conv3d_transpose
        return self._finish(transpose(x, self.kernel.read(), out_shape, self.strides, self.padding))


class Conv2DTranspose(ConvTranspose):
    """Transposed 2-D convolution; kernel [kh, kw, filters, in_channels]."""

    class_name = "Conv2DTranspose"
    rank = 2


class Conv3DTranspose(ConvTranspose):
    """Transposed 3-D convolution; kernel [kd, kh, kw, filters, in_channels]."""

    class_name = "Conv3DTranspose"
    rank = 3


class UpSampling2D(Layer):
    """Repeats rows and columns `size` times (nearest or bilinear resize)."""

    class_name = "UpSampling2D"

    def __init__(
        self, size: Any = (2, 2), data_format: str | None = None, interpolation: str = "nearest", **base: Any
    ) -> None:
        super().__init__(**base)
        self.size = int_tuple(size, 2, "size", "UpSampling2D")
        self.data_format = check_format(data_format, "UpSampling2D")
        if interpolation not in ("nearest", "bilinear"):
            raise ValueError(
                f"UpSampling2D: interpolation must be 'nearest' or 'bilinear', got {interpolation!r}"
            )
        self.interpolation = interpolation
        self.input_spec = [InputSpec(ndim=4)]

    def compute_output_shape(self, input_shape: Any) -> Any:
        def scaled(d: int | None, s: int) -> int | None:
            return None if d is None else d * s

        if self.data_format == "channelsFirst":
            b, c, h, w = input_shape
            return (b, c, scaled(h, self.size[0]), scaled(w, self.size[1]))
        b, h, w, c = input_shape
        return (b, scaled(h, self.size[0]), scaled(w, self.size[1]), c)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        x = to_channels_last(inputs, self.data_format)
        size = [x.shape[1] * self.size[0], x.shape[2] * self.size[1]]
        resize = (
            ops.image.resize_nearest_neighbor
            if self.interpolation == "nearest"
            else ops.image.resize_bilinear
        )
        return from_channels_last(resize(x, size), self.data_format)

    def get_config(self) -> dict[str, Any]:
        config = {
            "size": list(self.size),
            "dataFormat": self.data_format,
            "interpolation": self.interpolation,
        }
        return {**config, **super().get_config()}


class Cropping2D(Layer):
    """Crops rows and columns: `cropping` is an int, [rows, cols] or [[top, bottom], [left, right]]."""

    class_name = "Cropping2D"

    def __init__(self, cropping: Any, data_format: str | None = None, **base: Any) -> None:
        super().__init__(**base)
        if isinstance(cropping, int):
            cropping = [[cropping, cropping], [cropping, cropping]]
        elif all(isinstance(c, int) for c in cropping):
            cropping = [[cropping[0], cropping[0]], [cropping[1], cropping[1]]]
        self.cropping = [[int(a), int(b)] for a, b in cropping]
        self.data_format = check_format(data_format, "Cropping2D")
        self.input_spec = [InputSpec(ndim=4)]

    def compute_output_shape(self, input_shape: Any) -> Any:
        (top, bottom), (left, right) = self.cropping
        first = self.data_format == "channelsFirst"
        h, w = (input_shape[2], input_shape[3]) if first else (input_shape[1], input_shape[2])
        h = None if h is None else h - top - bottom
        w = None if w is None else w - left - right
        return (input_shape[0], input_shape[1], h, w) if first else (input_shape[0], h, w, input_shape[3])

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        (top, bottom), (left, right) = self.cropping
        x = to_channels_last(inputs, self.data_format)
        y = ops.slice(x, [0, top, left, 0], [-1, x.shape[1] - top - bottom, x.shape[2] - left - right, -1])
        return from_channels_last(y, self.data_format)

    def get_config(self) -> dict[str, Any]:
        return {"cropping": self.cropping, "dataFormat": self.data_format, **super().get_config()}


for _cls in (Conv1D, Conv2D, Conv3D, Conv2DTranspose, Conv3DTranspose, UpSampling2D, Cropping2D):
    register_class(_cls)
