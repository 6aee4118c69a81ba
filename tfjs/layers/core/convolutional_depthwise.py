"""Depthwise and separable convolutions (tfjs-layers' layers/convolutional_depthwise.ts and
SeparableConv2D): a depthwise kernel [kh, kw, in_channels, depth_multiplier], and for the
separable one a pointwise kernel [1, 1, in_channels * depth_multiplier, filters]."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.layers.activations import serialize_activation
from tfjs.layers.core.common import WeightSpecs, get_activation, int_tuple, positive_int
from tfjs.layers.core.common import data_format as check_format
from tfjs.layers.core.common import padding as check_padding
from tfjs.layers.core.convolutional import conv_output_length, from_channels_last, to_channels_last
from tfjs.layers.core.core import _serialized_regularizer
from tfjs.layers.engine.base_layer import InputSpec, Layer, shape_str
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor


class DepthwiseConv2D(Layer):
    """Convolves each input channel with its own `depth_multiplier` filters."""

    class_name = "DepthwiseConv2D"

    def __init__(
        self,
        kernel_size: Any,
        depth_multiplier: int = 1,
        strides: Any = 1,
        padding: str = "valid",
        data_format: str | None = None,
        dilation_rate: Any = 1,
        activation: Any = None,
        use_bias: bool = True,
        depthwise_initializer: Any = "glorotUniform",
        bias_initializer: Any = "zeros",
        depthwise_regularizer: Any = None,
        bias_regularizer: Any = None,
        activity_regularizer: Any = None,
        depthwise_constraint: Any = None,
        bias_constraint: Any = None,
        **base: Any,
    ) -> None:
        super().__init__(**base)
        where = self.class_name
        self.kernel_size = int_tuple(kernel_size, 2, "kernel_size", where)
        self.depth_multiplier = positive_int(depth_multiplier, "depth_multiplier", where)
        self.strides = int_tuple(strides, 2, "strides", where)
        self.padding = check_padding(padding, where, ("valid", "same"))
        self.data_format = check_format(data_format, where)
        self.dilation_rate = int_tuple(dilation_rate, 2, "dilation_rate", where)
        self.activation = get_activation(activation)
        self.use_bias = bool(use_bias)
        self.specs = WeightSpecs(
            depthwise_initializer=depthwise_initializer or "glorotUniform",
            bias_initializer=bias_initializer or "zeros",
            depthwise_regularizer=depthwise_regularizer,
            bias_regularizer=bias_regularizer,
            depthwise_constraint=depthwise_constraint,
            bias_constraint=bias_constraint,
        )
        self.activity_regularizer = activity_regularizer
        self.input_spec = [InputSpec(ndim=4)]

    def _channels(self, input_shape: Any) -> int:
        channels = input_shape[1] if self.data_format == "channelsFirst" else input_shape[-1]
        if channels is None:
            raise ValueError(
                f"The channel dimension of the inputs to {self.name} should be "
                f"defined. Found {shape_str(input_shape)}"
            )
        return channels

    def build(self, input_shape: Any) -> None:
        channels = self._channels(input_shape)
        shape = [*self.kernel_size, channels, self.depth_multiplier]
        self.depthwise_kernel = self.specs.add(self, "depthwise_kernel", "depthwise", shape)
        self.bias = (
            self.specs.add(self, "bias", "bias", [channels * self.depth_multiplier])
            if self.use_bias
            else None
        )
        self.built = True

    def _out_channels(self, input_shape: Any) -> int:
        return self._channels(input_shape) * self.depth_multiplier

    def compute_output_shape(self, input_shape: Any) -> Any:
        first = self.data_format == "channelsFirst"
        spatial = input_shape[2:] if first else input_shape[1:-1]
        sizes = [
            conv_output_length(s, k, self.padding, st, d)
            for s, k, st, d in zip(spatial, self.kernel_size, self.strides, self.dilation_rate, strict=True)
        ]
        out = self._out_channels(input_shape)
        return (input_shape[0], out, *sizes) if first else (input_shape[0], *sizes, out)

    def _convolve(self, x: Tensor) -> Tensor:
        return ops.depthwise_conv2d(
            x, self.depthwise_kernel.read(), self.strides, self.padding, "NHWC", self.dilation_rate
        )

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        y = self._convolve(to_channels_last(inputs, self.data_format))
        if self.bias is not None:
            y = ops.add(y, self.bias.read())
        return from_channels_last(self.activation(y), self.data_format)

    def _common_config(self) -> dict[str, Any]:
        return {
            "kernelSize": list(self.kernel_size),
            "strides": list(self.strides),
            "padding": self.padding,
            "dataFormat": self.data_format,
            "dilationRate": list(self.dilation_rate),
            "activation": serialize_activation(self.activation),
            "useBias": self.use_bias,
            "activityRegularizer": _serialized_regularizer(self.activity_regularizer),
        }

    def get_config(self) -> dict[str, Any]:
        config = {**self._common_config(), "depthMultiplier": self.depth_multiplier, **self.specs.config()}
        return {**config, **super().get_config()}


class SeparableConv2D(DepthwiseConv2D):
    """A depthwise convolution followed by a 1x1 convolution to `filters` channels."""

    class_name = "SeparableConv2D"

    def __init__(
        self,
        filters: int,
        kernel_size: Any,
        pointwise_initializer: Any = "glorotUniform",
        pointwise_regularizer: Any = None,
        pointwise_constraint: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(kernel_size, **kwargs)
        self.filters = positive_int(filters, "filters", self.class_name)
        extra = WeightSpecs(
            pointwise_initializer=pointwise_initializer or "glorotUniform",
            pointwise_regularizer=pointwise_regularizer,
            pointwise_constraint=pointwise_constraint,
        )
        self.specs.initializers.update(extra.initializers)
        self.specs.regularizers.update(extra.regularizers)
        self.specs.constraints.update(extra.constraints)

    def build(self, input_shape: Any) -> None:
        channels = self._channels(input_shape)
        mult = self.depth_multiplier
        self.depthwise_kernel = self.specs.add(
            self, "depthwise_kernel", "depthwise", [*self.kernel_size, channels, mult]
        )
        self.pointwise_kernel = self.specs.add(
            self, "pointwise_kernel", "pointwise", [1, 1, channels * mult, self.filters]
        )
        self.bias = self.specs.add(self, "bias", "bias", [self.filters]) if self.use_bias else None
        self.built = True

    def _out_channels(self, input_shape: Any) -> int:
        return self.filters

    def _convolve(self, x: Tensor) -> Tensor:
        return ops.separable_conv2d(
            x,
            self.depthwise_kernel.read(),
            self.pointwise_kernel.read(),
            self.strides,
            self.padding,
            self.dilation_rate,
            "NHWC",
        )

    def get_config(self) -> dict[str, Any]:
        config = {
            "filters": self.filters,
            **self._common_config(),
            "depthMultiplier": self.depth_multiplier,
            **self.specs.config(),
        }
        return {**config, **Layer.get_config(self)}


register_class(DepthwiseConv2D)
register_class(SeparableConv2D)
