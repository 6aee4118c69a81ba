"""Core layers (tfjs-layers' layers/core.ts): Dense, Activation, Dropout, SpatialDropout1D,
Flatten, Reshape, Permute, RepeatVector, Masking."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tfjs import ops
from tfjs.globals import tidy
from tfjs.layers.activations import serialize_activation
from tfjs.layers.core.common import get_activation, kernel_bias_specs, positive_int
from tfjs.layers.core.common import rate as check_rate
from tfjs.layers.engine.base_layer import InputSpec, Layer, shape_str
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor


def dot_last_axis(x: Tensor, kernel: Tensor) -> Tensor:
    """x's last axis times a 2-D kernel, for x of any rank >= 2 (TF.js's K.dot)."""
    if x.rank == 2:
        return ops.mat_mul(x, kernel)
    lead = list(x.shape[:-1])
    flat = ops.reshape(x, [-1, x.shape[-1]])
    return ops.reshape(ops.mat_mul(flat, kernel), [*lead, kernel.shape[-1]])


class Dense(Layer):
    """A densely-connected layer: `activation(dot(input, kernel) + bias)`."""

    class_name = "Dense"
    supports_masking = True

    def __init__(
        self,
        units: int,
        activation: Any = None,
        use_bias: bool = True,
        kernel_initializer: Any = "glorotNormal",
        bias_initializer: Any = "zeros",
        kernel_regularizer: Any = None,
        bias_regularizer: Any = None,
        activity_regularizer: Any = None,
        kernel_constraint: Any = None,
        bias_constraint: Any = None,
        input_dim: int | None = None,
        **base: Any,
    ) -> None:
        if (
            base.get("batch_input_shape") is None
            and base.get("input_shape") is None
            and input_dim is not None
        ):
            base["input_shape"] = [input_dim]
        super().__init__(**base)
        self.units = positive_int(units, "units", "Dense")
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
        self.input_spec = [InputSpec(min_ndim=2)]

    def build(self, input_shape: Any) -> None:
        last = input_shape[-1]
        if last is None:
            raise ValueError(
                f"Dense layer {self.name}: the last dimension of the input must be known, got "
                f"{shape_str(input_shape)}"
            )
        self.kernel = self.specs.add(self, "kernel", "kernel", [last, self.units])
        self.bias = self.specs.add(self, "bias", "bias", [self.units]) if self.use_bias else None
        self.input_spec = [InputSpec(min_ndim=2, axes={-1: last})]
        self.built = True

    def compute_output_shape(self, input_shape: Any) -> Any:
        return (*input_shape[:-1], self.units)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        y = dot_last_axis(inputs, self.kernel.read())
        if self.bias is not None:
            y = ops.add(y, self.bias.read())
        return self.activation(y)

    def get_config(self) -> dict[str, Any]:
        specs = self.specs.config()
        config = {
            "units": self.units,
            "activation": serialize_activation(self.activation),
            "useBias": self.use_bias,
            "kernelInitializer": specs["kernelInitializer"],
            "biasInitializer": specs["biasInitializer"],
            "kernelRegularizer": specs["kernelRegularizer"],
            "biasRegularizer": specs["biasRegularizer"],
            "activityRegularizer": _serialized_regularizer(self.activity_regularizer),
            "kernelConstraint": specs["kernelConstraint"],
            "biasConstraint": specs["biasConstraint"],
        }
        return {**config, **super().get_config()}


def _serialized_regularizer(value: Any) -> Any:
    from tfjs.layers.regularizers import get_regularizer, serialize_regularizer

    return serialize_regularizer(get_regularizer(value))


class Activation(Layer):
    """Applies an activation function to its input."""

    class_name = "Activation"
    supports_masking = True

    def __init__(self, activation: Any, **base: Any) -> None:
        super().__init__(**base)
        self.activation = get_activation(activation)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        return self.activation(inputs)

    def get_config(self) -> dict[str, Any]:
        return {"activation": serialize_activation(self.activation), **super().get_config()}


class Dropout(Layer):
    """Sets a fraction `rate` of its inputs to 0 while training (scaling the rest by
    1 / (1 - rate)); the identity otherwise."""

    class_name = "Dropout"
    supports_masking = True

    def __init__(
        self, rate: float, noise_shape: Sequence[int] | None = None, seed: int | None = None, **base: Any
    ) -> None:
        super().__init__(**base)
        self.rate = check_rate(rate, "rate", "Dropout")
        self.noise_shape = None if noise_shape is None else list(noise_shape)
        self.seed = seed

    def _noise_shape(self, x: Tensor) -> list[int] | None:
        if self.noise_shape is None:
            return None
        return [x.shape[i] if d is None else d for i, d in enumerate(self.noise_shape)]

    def call(self, inputs: Tensor, training: bool | None = None, **kwargs: Any) -> Tensor:
        if training and 0 < self.rate < 1:
            return ops.dropout(inputs, self.rate, self._noise_shape(inputs), self.seed)
        return inputs

    def get_config(self) -> dict[str, Any]:
        return {"rate": self.rate, "noiseShape": self.noise_shape, "seed": self.seed, **super().get_config()}


class SpatialDropout1D(Dropout):
    """Dropout of whole channels of a [batch, steps, channels] input."""

    class_name = "SpatialDropout1D"

    def __init__(self, rate: float, seed: int | None = None, **base: Any) -> None:
        base.pop("noise_shape", None)
        super().__init__(rate, None, seed, **base)
        self.input_spec = [InputSpec(ndim=3)]

    def _noise_shape(self, x: Tensor) -> list[int]:
        return [x.shape[0], 1, x.shape[2]]

    def get_config(self) -> dict[str, Any]:
        config = super().get_config()
        config.pop("noiseShape")
        return config


class Flatten(Layer):
    """Flattens each sample to one dimension."""

    class_name = "Flatten"

    def __init__(self, data_format: str | None = None, **base: Any) -> None:
        super().__init__(**base)
        from tfjs.layers.core.common import data_format as check_format

        self.data_format = check_format(data_format, "Flatten")
        self.input_spec = [InputSpec(min_ndim=3)]

    def compute_output_shape(self, input_shape: Any) -> Any:
        rest = input_shape[1:]
        if any(d is None for d in rest):
            raise ValueError(
                f'The shape of the input to "Flatten" is not fully defined (got {shape_str(rest)}). '
                "Make sure to "
                'pass a complete "input_shape" or "batch_input_shape" argument to the first layer '
                "in your model."
            )
        return (input_shape[0], math.prod(rest))

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        x = inputs
        if self.data_format == "channelsFirst" and x.rank > 1:
            x = ops.transpose(x, [0, *range(2, x.rank), 1])
        return ops.reshape(x, [x.shape[0], math.prod(x.shape[1:])])  # (no -1: a batch of 0 rows)

    def get_config(self) -> dict[str, Any]:
        config = super().get_config()
        if self.data_format != "channelsLast":
            config["dataFormat"] = self.data_format
        return config


class Reshape(Layer):
    """Reshapes each sample to `target_shape` (one -1 allowed)."""

    class_name = "Reshape"

    def __init__(self, target_shape: Sequence[int | None], **base: Any) -> None:
        super().__init__(**base)
        self.target_shape = [-1 if d is None else int(d) for d in target_shape]
        if sum(d == -1 for d in self.target_shape) > 1:
            raise ValueError("Reshape: can only specify one unknown dimension in target_shape.")

    def _fixed(self, input_shape: Sequence[int | None]) -> list[int | None]:
        known = all(d is not None for d in input_shape[1:])
        total = math.prod(input_shape[1:]) if known else None
        target = list(self.target_shape)
        if -1 in target:
            rest = math.prod(d for d in target if d != -1)
            if total is None:
                target[target.index(-1)] = None
            elif rest == 0 or total % rest:
                raise ValueError(
                    f"Reshape {self.name}: total size of new array must be unchanged "
                    f"({shape_str(input_shape[1:])} to {target})"
                )
            else:
                target[target.index(-1)] = total // rest
        elif total is not None and math.prod(target) != total:
            raise ValueError(
                f"Reshape {self.name}: total size of new array must be unchanged "
                f"({shape_str(input_shape[1:])} to {target})"
            )
        return target

    def compute_output_shape(self, input_shape: Any) -> Any:
        if any(d is None for d in input_shape):
            # As TF.js: with an unknown size (the batch's included) the -1 stays unknown.
            return (input_shape[0], *(None if d == -1 else d for d in self.target_shape))
        return (input_shape[0], *self._fixed(input_shape))

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        target = self._fixed(inputs.shape)
        return ops.reshape(inputs, [inputs.shape[0], *target])

    def get_config(self) -> dict[str, Any]:
        return {"targetShape": self.target_shape, **super().get_config()}


class Permute(Layer):
    """Permutes the non-batch dimensions by `dims` (1-based)."""

    class_name = "Permute"

    def __init__(self, dims: Sequence[int], **base: Any) -> None:
        super().__init__(**base)
        dims = [int(d) for d in dims]
        if sorted(dims) != list(range(1, len(dims) + 1)):
            raise ValueError(
                f"Invalid permutation `dims`: {dims}. `dims` must contain consecutive integers "
                "starting from 1."
            )
        self.dims = dims
        self.input_spec = [InputSpec(ndim=len(dims) + 1)]

    def compute_output_shape(self, input_shape: Any) -> Any:
        return (input_shape[0], *(input_shape[d] for d in self.dims))

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        return ops.transpose(inputs, [0, *self.dims])

    def get_config(self) -> dict[str, Any]:
        return {"dims": self.dims, **super().get_config()}


class RepeatVector(Layer):
    """Repeats a [batch, features] input `n` times: [batch, n, features]."""

    class_name = "RepeatVector"

    def __init__(self, n: int, **base: Any) -> None:
        super().__init__(**base)
        self.n = positive_int(n, "n", "RepeatVector")
        self.input_spec = [InputSpec(ndim=2)]

    def compute_output_shape(self, input_shape: Any) -> Any:
        return (input_shape[0], self.n, input_shape[1])

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        return ops.tile(ops.expand_dims(inputs, 1), [1, self.n, 1])

    def get_config(self) -> dict[str, Any]:
        return {"n": self.n, **super().get_config()}


class Masking(Layer):
    """Masks the timesteps whose features all equal `mask_value`."""

    class_name = "Masking"
    supports_masking = True
    _produces_mask = True

    def __init__(self, mask_value: float = 0.0, **base: Any) -> None:
        super().__init__(**base)
        self.mask_value = float(mask_value)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        return tidy(lambda: ops.any(ops.not_equal(inputs, self.mask_value), -1))

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        keep = ops.cast(ops.any(ops.not_equal(inputs, self.mask_value), -1, True), inputs.dtype)
        return ops.mul(inputs, keep)

    def get_config(self) -> dict[str, Any]:
        return {"maskValue": self.mask_value, **super().get_config()}


for _cls in (Dense, Activation, Dropout, SpatialDropout1D, Flatten, Reshape, Permute, RepeatVector, Masking):
    register_class(_cls)
