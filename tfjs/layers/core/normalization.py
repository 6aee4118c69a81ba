"""Normalization layers (tfjs-layers' layers/normalization.ts): BatchNormalization and
LayerNormalization."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.globals import tidy
from tfjs.layers.core.common import WeightSpecs
from tfjs.layers.engine.base_layer import InputSpec, Layer, shape_str
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor


class BatchNormalization(Layer):
    """Normalizes by the moving mean and variance (inference) or the batch's moments
    (training, which also updates the moving statistics by `momentum`)."""

    class_name = "BatchNormalization"
    supports_masking = True

    def __init__(
        self,
        axis: int = -1,
        momentum: float = 0.99,
        epsilon: float = 1e-3,
        center: bool = True,
        scale: bool = True,
        beta_initializer: Any = "zeros",
        gamma_initializer: Any = "ones",
        moving_mean_initializer: Any = "zeros",
        moving_variance_initializer: Any = "ones",
        beta_constraint: Any = None,
        gamma_constraint: Any = None,
        beta_regularizer: Any = None,
        gamma_regularizer: Any = None,
        **base: Any,
    ) -> None:
        super().__init__(**base)
        if isinstance(axis, list) and len(axis) == 1:
            axis = axis[0]
        self.axis = int(axis)
        self.momentum, self.epsilon = float(momentum), float(epsilon)
        self.center, self.scale = bool(center), bool(scale)
        self.specs = WeightSpecs(
            beta_initializer=beta_initializer or "zeros",
            gamma_initializer=gamma_initializer or "ones",
            moving_mean_initializer=moving_mean_initializer or "zeros",
            moving_variance_initializer=moving_variance_initializer or "ones",
            beta_regularizer=beta_regularizer,
            gamma_regularizer=gamma_regularizer,
            beta_constraint=beta_constraint,
            gamma_constraint=gamma_constraint,
        )

    def build(self, input_shape: Any) -> None:
        axis = self.axis if self.axis >= 0 else self.axis + len(input_shape)
        if not 0 <= axis < len(input_shape):
            raise ValueError(
                f"BatchNormalization {self.name}: axis {self.axis} is out of range for input shape "
                f"{shape_str(input_shape)}"
            )
        dim = input_shape[axis]
        if dim is None:
            raise ValueError(
                f"Axis {axis} of input tensor should have a defined dimension but the layer "
                "received an input "
                f"with shape {shape_str(input_shape)}."
            )
        self.input_spec = [InputSpec(ndim=len(input_shape), axes={axis: dim})]
        self.gamma = self.specs.add(self, "gamma", "gamma", [dim]) if self.scale else None
        self.beta = self.specs.add(self, "beta", "beta", [dim]) if self.center else None
        self.moving_mean = self.specs.add(self, "moving_mean", "moving_mean", [dim], trainable=False)
        self.moving_variance = self.specs.add(
            self, "moving_variance", "moving_variance", [dim], trainable=False
        )
        self.built = True

    def call(self, inputs: Tensor, training: bool | None = None, **kwargs: Any) -> Tensor:
        ndim = inputs.rank
        axis = self.axis if self.axis >= 0 else self.axis + ndim
        reduction = [i for i in range(ndim) if i != axis]
        broadcast = [1] * ndim
        broadcast[axis] = inputs.shape[axis]

        def shaped(t: Tensor | None) -> Tensor | None:
            return None if t is None or axis == ndim - 1 else ops.reshape(t, broadcast)

        gamma = self.gamma.read() if self.gamma is not None else None
        beta = self.beta.read() if self.beta is not None else None
        if not training:
            mean, variance = self.moving_mean.read(), self.moving_variance.read()
            if axis != ndim - 1:
                mean, variance, beta, gamma = shaped(mean), shaped(variance), shaped(beta), shaped(gamma)
            return ops.batch_norm(inputs, mean, variance, beta, gamma, self.epsilon)
        mean, variance = ops.moments(inputs, reduction)
        if axis == ndim - 1:
            normed = ops.batch_norm(inputs, mean, variance, beta, gamma, self.epsilon)
        else:
            normed = ops.batch_norm(
                inputs, shaped(mean), shaped(variance), shaped(beta), shaped(gamma), self.epsilon
            )
        for weight, value in ((self.moving_mean, mean), (self.moving_variance, variance)):
            tidy(
                lambda w=weight, v=value: w.write(
                    ops.sub(w.read(), ops.mul(ops.sub(w.read(), v), 1 - self.momentum))
                )
            )
        return normed

    def get_config(self) -> dict[str, Any]:
        specs = self.specs.config()
        config = {
            "axis": self.axis,
            "momentum": self.momentum,
            "epsilon": self.epsilon,
            "center": self.center,
            "scale": self.scale,
            "betaInitializer": specs["betaInitializer"],
            "gammaInitializer": specs["gammaInitializer"],
            "movingMeanInitializer": specs["movingMeanInitializer"],
            "movingVarianceInitializer": specs["movingVarianceInitializer"],
            "betaRegularizer": specs["betaRegularizer"],
            "gammaRegularizer": specs["gammaRegularizer"],
            "betaConstraint": specs["betaConstraint"],
            "gammaConstraint": specs["gammaConstraint"],
        }
        return {**config, **super().get_config()}


class LayerNormalization(Layer):
    """Normalizes each sample over `axis` (default the last), then scales and shifts."""

    class_name = "LayerNormalization"
    supports_masking = True

    def __init__(
        self,
        axis: Any = -1,
        epsilon: float = 1e-3,
        center: bool = True,
        scale: bool = True,
        beta_initializer: Any = "zeros",
        gamma_initializer: Any = "ones",
        beta_regularizer: Any = None,
        gamma_regularizer: Any = None,
        **base: Any,
    ) -> None:
        super().__init__(**base)
        self.axis = [int(a) for a in axis] if isinstance(axis, (list, tuple)) else int(axis)
        self.epsilon, self.center, self.scale = float(epsilon), bool(center), bool(scale)
        self.specs = WeightSpecs(
            gamma_initializer=gamma_initializer or "ones",
            beta_initializer=beta_initializer or "zeros",
            gamma_regularizer=gamma_regularizer,
            beta_regularizer=beta_regularizer,
        )

    def _axes(self, ndim: int) -> list[int]:
        axes = self.axis if isinstance(self.axis, list) else [self.axis]
        return sorted(a + ndim if a < 0 else a for a in axes)

    def build(self, input_shape: Any) -> None:
        axes = self._axes(len(input_shape))
        shape = [input_shape[a] for a in axes]
        self.gamma = self.specs.add(self, "gamma", "gamma", shape) if self.scale else None
        self.beta = self.specs.add(self, "beta", "beta", shape) if self.center else None
        self.built = True

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        ndim = inputs.rank
        axes = self._axes(ndim)
        mean, variance = ops.moments(inputs, axes, True)
        shape = [inputs.shape[i] if i in axes else 1 for i in range(ndim)]
        y = ops.div(ops.sub(inputs, mean), ops.sqrt(ops.add(variance, self.epsilon)))
        if self.gamma is not None:
            y = ops.mul(y, ops.reshape(self.gamma.read(), shape))
        if self.beta is not None:
            y = ops.add(y, ops.reshape(self.beta.read(), shape))
        return y

    def get_config(self) -> dict[str, Any]:
        specs = self.specs.config()
        config = {"axis": self.axis, "epsilon": self.epsilon, "center": self.center, "scale": self.scale}
        return {**config, **specs, **super().get_config()}


register_class(BatchNormalization)
register_class(LayerNormalization)
