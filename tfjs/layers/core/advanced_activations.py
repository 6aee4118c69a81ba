"""Advanced activation layers (tfjs-layers' layers/advanced_activations.ts): ReLU, LeakyReLU,
PReLU, ELU, ThresholdedReLU, Softmax."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.layers.core.common import WeightSpecs
from tfjs.layers.engine.base_layer import InputSpec, Layer
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor


class ReLU(Layer):
    """max(x, 0), capped at `max_value` when given."""

    class_name = "ReLU"
    supports_masking = True

    def __init__(self, max_value: float | None = None, **base: Any) -> None:
        super().__init__(**base)
        self.max_value = None if max_value is None else float(max_value)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        y = ops.relu(inputs)
        return y if self.max_value is None else ops.clip_by_value(y, 0, self.max_value)

    def get_config(self) -> dict[str, Any]:
        return {"maxValue": self.max_value, **super().get_config()}


class LeakyReLU(Layer):
    """x for x >= 0, alpha * x otherwise (alpha 0.3 by default)."""

    class_name = "LeakyReLU"
    supports_masking = True

    def __init__(self, alpha: float | None = None, negative_slope: float | None = None, **base: Any) -> None:
        super().__init__(**base)
        value = alpha if alpha is not None else negative_slope
        self.alpha = 0.3 if value is None else float(value)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        return ops.leaky_relu(inputs, self.alpha)

    def get_config(self) -> dict[str, Any]:
        return {"alpha": self.alpha, **super().get_config()}


class ELU(Layer):
    """x for x > 0, alpha * (exp(x) - 1) otherwise."""

    class_name = "ELU"
    supports_masking = True

    def __init__(self, alpha: float = 1.0, **base: Any) -> None:
        super().__init__(**base)
        self.alpha = float(alpha)
        if self.alpha != 1.0:
            raise NotImplementedError(
                f"Non-default alpha value ({alpha}) is not supported by the ELU layer yet."
            )

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        return ops.elu(inputs)

    def get_config(self) -> dict[str, Any]:
        return {"alpha": self.alpha, **super().get_config()}


class ThresholdedReLU(Layer):
    """x where x > theta, 0 elsewhere."""

    class_name = "ThresholdedReLU"
    supports_masking = True

    def __init__(self, theta: float = 1.0, **base: Any) -> None:
        super().__init__(**base)
        self.theta = float(theta)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        return ops.mul(inputs, ops.cast(ops.greater(inputs, self.theta), "float32"))

    def get_config(self) -> dict[str, Any]:
        return {"theta": self.theta, **super().get_config()}


class Softmax(Layer):
    """softmax along `axis` (default the last)."""

    class_name = "Softmax"
    supports_masking = True

    def __init__(self, axis: int = -1, **base: Any) -> None:
        super().__init__(**base)
        self.axis = int(axis)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        return ops.softmax(inputs, self.axis)

    def get_config(self) -> dict[str, Any]:
        return {"axis": self.axis, **super().get_config()}


class PReLU(Layer):
    """x for x >= 0, alpha * x otherwise, with a learned alpha per element (shared over
    `shared_axes`)."""

    class_name = "PReLU"
    supports_masking = True

    def __init__(
        self,
        alpha_initializer: Any = "zeros",
        alpha_regularizer: Any = None,
        alpha_constraint: Any = None,
        shared_axes: Any = None,
        **base: Any,
    ) -> None:
        super().__init__(**base)
        self.specs = WeightSpecs(
            alpha_initializer=alpha_initializer or "zeros",
            alpha_regularizer=alpha_regularizer,
            alpha_constraint=alpha_constraint,
        )
        self.shared_axes = (
            None
            if shared_axes is None
            else [int(a) for a in (shared_axes if isinstance(shared_axes, (list, tuple)) else [shared_axes])]
        )

    def build(self, input_shape: Any) -> None:
        shape = list(input_shape[1:])
        for axis in self.shared_axes or []:
            shape[axis - 1] = 1
        self.alpha = self.specs.add(self, "alpha", "alpha", shape)
        axes = {i: d for i, d in enumerate(input_shape) if i and i not in (self.shared_axes or [])}
        self.input_spec = [InputSpec(ndim=len(input_shape), axes=axes)]
        self.built = True

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        return ops.prelu(inputs, self.alpha.read())

    def get_config(self) -> dict[str, Any]:
        specs = self.specs.config()
        return {**specs, "sharedAxes": self.shared_axes, **super().get_config()}


for _cls in (ReLU, LeakyReLU, ELU, ThresholdedReLU, Softmax, PReLU):
    register_class(_cls)
