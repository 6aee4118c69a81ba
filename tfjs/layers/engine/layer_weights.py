"""A layer's weights (tfjs-layers' Layer, engine/topology.ts): made by `add_weight`, read
and written by `get_weights`/`set_weights`, trainable or not; the part of `Layer` that
keeps them (base_layer.py holds the rest of the contract)."""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Sequence
from typing import Any

from tfjs.globals import dispose
from tfjs.layers.engine.input_spec import shape_str
from tfjs.layers.engine.variables import LayerVariable
from tfjs.tensor import Tensor

# While a saved model is rebuilt, weights start as zeros: loading overwrites them at once
# (TF.js's fastWeightInitDuringBuild).
fast_weight_init: contextvars.ContextVar[bool] = contextvars.ContextVar("fast_weight_init", default=False)


class LayerWeights:
    """The weights of a `Layer`, whose constructor sets `_trainable`, `_trainable_weights`,
    `_non_trainable_weights`, `_losses`, `name`, `dtype` and `built`."""

    name: str
    dtype: str | None
    built: bool
    _trainable: bool
    _trainable_weights: list[LayerVariable]
    _non_trainable_weights: list[LayerVariable]
    _losses: list[Callable[[], Tensor]]

    @property
    def trainable(self) -> bool:
        """Whether fitting updates this layer's weights."""
        return self._trainable

    @trainable.setter
    def trainable(self, value: bool) -> None:
        self._trainable = bool(value)
        for weight in self._trainable_weights:
            weight.trainable = self._trainable

    @property
    def trainable_weights(self) -> list[LayerVariable]:
        """The weights fitting updates (none when the layer is not trainable)."""
        return list(self._trainable_weights) if self.trainable else []

    @property
    def non_trainable_weights(self) -> list[LayerVariable]:
        """The weights fitting leaves (all of them when the layer is not trainable)."""
        if self.trainable:
            return list(self._non_trainable_weights)
        return self._trainable_weights + self._non_trainable_weights

    @property
    def weights(self) -> list[LayerVariable]:
        """All weights: trainable ones first."""
        return self.trainable_weights + self.non_trainable_weights

    def add_weight(
        self,
        name: str,
        shape: Sequence[int],
        dtype: str | None = None,
        initializer: Any = None,
        regularizer: Any = None,
        trainable: bool = True,
        constraint: Any = None,
    ) -> LayerVariable:
        """Creates a weight of this layer, initialised by `initializer` (anything the
        initializers' `get_initializer` takes; default glorotUniform, zeros for ints)."""
        from tfjs.layers.initializers import get_initializer

        dtype = dtype or self.dtype or "float32"
        if initializer is None:
            initializer = "zeros" if dtype == "int32" else "glorotUniform"
        initializer = get_initializer("zeros" if fast_weight_init.get() else initializer)
        shape = [int(d) for d in shape]
        value = initializer(shape, dtype)
        try:
            scope = getattr(self, "weight_scope", None) or self.name
            weight = LayerVariable(value, dtype, f"{scope}/{name}", trainable, constraint)
        finally:
            value.dispose()
        (self._trainable_weights if trainable else self._non_trainable_weights).append(weight)
        if regularizer is not None:
            from tfjs.layers.regularizers import get_regularizer

            regularizer = get_regularizer(regularizer)
            self._losses.append(lambda: regularizer(weight.read()))
        return weight

    def get_weights(self, trainable_only: bool = False) -> list[Tensor]:
        """The current values of the weights (only the trainable ones with
        `trainable_only`): as TF.js's, the weights' own variables, no new tensors, so
        disposing one disposes the weight (`clone()` one to keep its value apart).

        >>> layer = tf.layers.dense(units=1, input_shape=[2], use_bias=False)
        >>> model = tf.sequential(layers=[layer])
        >>> [w.shape for w in model.get_weights()]
        [(2, 1)]
        """
        return [w.read() for w in (self.trainable_weights if trainable_only else self.weights)]

    def set_weights(self, weights: Sequence[Any]) -> None:
        """Sets the weights' values, in the order of `weights`; shapes must match, and
        nothing changes when one does not."""
        from tfjs.ops import tensor as to_tensor

        params = self.weights
        if len(weights) != len(params):
            raise ValueError(
                f'You called setWeights(weights) on layer "{self.name}" with a weight list of '
                f"length {len(weights)}, but the layer was expecting {len(params)} weights."
            )
        made: list[Tensor] = []
        try:
            values = []
            for param, value in zip(params, weights, strict=True):
                if not isinstance(value, Tensor):
                    value = to_tensor(value, dtype=param.dtype)
                    made.append(value)
                values.append(value)
            for param, value in zip(params, values, strict=True):
                if tuple(value.shape) != tuple(param.shape):
                    raise ValueError(
                        f"Layer weight shape {shape_str(param.shape)} not compatible with provided "
                        f"weight shape {shape_str(value.shape)} (weight {param.original_name})"
                    )
            for param, value in zip(params, values, strict=True):
                param.write(value)
        finally:
            dispose(made)

    def count_params(self) -> int:
        """The number of scalars in this layer's weights."""
        if not self.built:
            raise ValueError(
                f"You tried to call countParams() on {self.name}, but the layer is not built yet. "
                "Build it first by calling build(batchInputShape)."
            )
        total = 0
        for w in self.weights:
            n = 1
            for d in w.shape:
                n *= d
            total += n
        return total
