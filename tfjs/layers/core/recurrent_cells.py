"""Recurrent cells (tfjs-layers' layers/recurrent.ts): one time step of SimpleRNN, GRU and
LSTM, and StackedRNNCells, which runs several cells one after the other."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.globals import tidy
from tfjs.layers.activations import serialize_activation
from tfjs.layers.core.common import WeightSpecs, get_activation, positive_int
from tfjs.layers.core.common import rate as check_rate
from tfjs.layers.engine.base_layer import Layer
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor


class RNNCell(Layer):
    """One step of a recurrent layer: `call([x, *states]) -> [output, *new_states]`."""

    gates = 1

    def __init__(
        self,
        units: int,
        activation: Any = "tanh",
        use_bias: bool = True,
        kernel_initializer: Any = "glorotUniform",
        recurrent_initializer: Any = "orthogonal",
        bias_initializer: Any = "zeros",
        kernel_regularizer: Any = None,
        recurrent_regularizer: Any = None,
        bias_regularizer: Any = None,
        kernel_constraint: Any = None,
        recurrent_constraint: Any = None,
        bias_constraint: Any = None,
        dropout: float = 0.0,
        recurrent_dropout: float = 0.0,
        **base: Any,
    ) -> None:
        super().__init__(**base)
        self.units = positive_int(units, "units", self.class_name)
        self.activation = get_activation(activation)
        self.use_bias = bool(use_bias)
        self.specs = WeightSpecs(
            kernel_initializer=kernel_initializer or "glorotUniform",
            recurrent_initializer=recurrent_initializer or "orthogonal",
            bias_initializer=bias_initializer or "zeros",
            kernel_regularizer=kernel_regularizer,
            recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer,
            kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint,
        )
        self.dropout = check_rate(dropout or 0.0, "dropout", self.class_name)
        self.recurrent_dropout = check_rate(recurrent_dropout or 0.0, "recurrent_dropout", self.class_name)
        self.dropout_masks: tuple[Tensor | None, Tensor | None] = (None, None)

    @property
    def state_size(self) -> list[int]:
        return [self.units]

    def build(self, input_shape: Any) -> None:
        n = self.gates * self.units
        self.kernel = self.specs.add(self, "kernel", "kernel", [input_shape[-1], n])
        self.recurrent_kernel = self.specs.add(self, "recurrent_kernel", "recurrent", [self.units, n])
        self.bias = self.specs.add(self, "bias", "bias", [n]) if self.use_bias else None
        self.built = True

    def _dropped(self, x: Tensor, which: int) -> Tensor:
        mask = self.dropout_masks[which]
        return x if mask is None else ops.mul(x, mask)

    def _input_part(self, x: Tensor) -> Tensor:
        y = ops.mat_mul(self._dropped(x, 0), self.kernel.read())
        return ops.add(y, self.bias.read()) if self.bias is not None else y

    def get_config(self) -> dict[str, Any]:
        specs = self.specs.config()
        config = {
            "units": self.units,
            "activation": serialize_activation(self.activation),
            "useBias": self.use_bias,
            "kernelInitializer": specs["kernelInitializer"],
            "recurrentInitializer": specs["recurrentInitializer"],
            "biasInitializer": specs["biasInitializer"],
            "kernelRegularizer": specs["kernelRegularizer"],
            "recurrentRegularizer": specs["recurrentRegularizer"],
            "biasRegularizer": specs["biasRegularizer"],
            "kernelConstraint": specs["kernelConstraint"],
            "recurrentConstraint": specs["recurrentConstraint"],
            "biasConstraint": specs["biasConstraint"],
            "dropout": self.dropout,
            "recurrentDropout": self.recurrent_dropout,
        }
        return {**config, **super().get_config()}


class SimpleRNNCell(RNNCell):
    """h = activation(x . kernel + bias + h_prev . recurrent_kernel)."""

    class_name = "SimpleRNNCell"

    def call(self, inputs: list[Tensor], **kwargs: Any) -> list[Tensor]:
        x, h = inputs
        recurrent = ops.mat_mul(self._dropped(h, 1), self.recurrent_kernel.read())
        out = self.activation(ops.add(self._input_part(x), recurrent))
        return [out, out]


class GRUCell(RNNCell):
    """A gated recurrent unit step (TF.js's GRUCell: reset gate applied before the
    recurrent kernel's candidate part)."""

    class_name = "GRUCell"
    gates = 3

    def __init__(
        self, units: int, recurrent_activation: Any = "hardSigmoid", implementation: int = 1, **kwargs: Any
    ) -> None:
        super().__init__(units, **kwargs)
        self.recurrent_activation = get_activation(recurrent_activation)
        self.implementation = implementation

    def call(self, inputs: list[Tensor], **kwargs: Any) -> list[Tensor]:
        x, h = inputs
        u = self.units
        matrix_x = self._input_part(x)
        h_in = self._dropped(h, 1)
        rk = self.recurrent_kernel.read()
        rk1, rk2 = ops.split(rk, [2 * u, u], 1)
        inner = ops.mat_mul(h_in, rk1)
        x_z, x_r, x_h = ops.split(matrix_x, 3, 1)
        rec_z, rec_r = ops.split(inner, 2, 1)
        z = self.recurrent_activation(ops.add(x_z, rec_z))
        r = self.recurrent_activation(ops.add(x_r, rec_r))
        hh = self.activation(ops.add(x_h, ops.mat_mul(ops.mul(r, h_in), rk2)))
        out = ops.add(ops.mul(z, h), ops.mul(ops.add(1, ops.neg(z)), hh))
        return [out, out]

    def get_config(self) -> dict[str, Any]:
        config = super().get_config()
        config["recurrentActivation"] = serialize_activation(self.recurrent_activation)
        config["implementation"] = self.implementation
        return config


class LSTMCell(RNNCell):
    """A long short-term memory step; states [h, c]; gates i, f, c, o."""

    class_name = "LSTMCell"
    gates = 4

    def __init__(
        self,
        units: int,
        recurrent_activation: Any = "hardSigmoid",
        unit_forget_bias: bool = True,
        implementation: int = 1,
        **kwargs: Any,
    ) -> None:
        super().__init__(units, **kwargs)
        self.recurrent_activation = get_activation(recurrent_activation)
        self.unit_forget_bias = bool(unit_forget_bias)
        self.implementation = implementation

    @property
    def state_size(self) -> list[int]:
        return [self.units, self.units]

    def build(self, input_shape: Any) -> None:
        super().build(input_shape)
        if self.bias is not None and self.unit_forget_bias:
            u = self.units
            init = self.specs.initializers["bias"]
            value = tidy(lambda: ops.concat([init([u]), ops.ones([u]), init([2 * u])], 0))
            self.bias.write(value)
            value.dispose()

    def call(self, inputs: list[Tensor], **kwargs: Any) -> list[Tensor]:
        x, h, c = inputs
        z = ops.add(self._input_part(x), ops.mat_mul(self._dropped(h, 1), self.recurrent_kernel.read()))
        z0, z1, z2, z3 = ops.split(z, 4, 1)
        i = self.recurrent_activation(z0)
        f = self.recurrent_activation(z1)
        c_new = ops.add(ops.mul(f, c), ops.mul(i, self.activation(z2)))
        o = self.recurrent_activation(z3)
        h_new = ops.mul(o, self.activation(c_new))
        return [h_new, h_new, c_new]

    def get_config(self) -> dict[str, Any]:
        config = super().get_config()
        config["recurrentActivation"] = serialize_activation(self.recurrent_activation)
        config["unitForgetBias"] = self.unit_forget_bias
        config["implementation"] = self.implementation
        return config


class StackedRNNCells(RNNCell):
    """Cells run one after the other in each step; the states are all the cells' states."""

    class_name = "StackedRNNCells"

    def __init__(self, cells: list[Any], **base: Any) -> None:
        Layer.__init__(self, **base)
        from tfjs.layers.serialization import deserialize_keras_object

        self.cells = [c if isinstance(c, Layer) else deserialize_keras_object(c, what="layer") for c in cells]
        self.dropout = self.recurrent_dropout = 0.0
        self.dropout_masks = (None, None)

    @property
    def units(self) -> int:
        return self.cells[-1].units

    @property
    def state_size(self) -> list[int]:
        """The cells' state sizes, last cell first (so that the first is the output's)."""
        return [s for cell in reversed(self.cells) for s in cell.state_size]

    @property
    def trainable_weights(self) -> list[Any]:
        return [w for cell in self.cells for w in cell.trainable_weights] if self.trainable else []

    @property
    def non_trainable_weights(self) -> list[Any]:
        inner = [w for cell in self.cells for w in cell.non_trainable_weights]
        return inner if self.trainable else [w for cell in self.cells for w in cell.trainable_weights] + inner

    def build(self, input_shape: Any) -> None:
        scope = getattr(self, "weight_scope", None) or self.name
        size = input_shape[-1]
        for i, cell in enumerate(self.cells):
            cell.weight_scope = f"{scope}/RNNCell_{i}"
            cell.build((input_shape[0], size))
            size = cell.units
        self.built = True

    def call(self, inputs: list[Tensor], **kwargs: Any) -> list[Tensor]:
        x, states = inputs[0], list(inputs[1:])
        per_cell: list[list[Tensor]] = []
        for cell in reversed(self.cells):  # the states come last cell first
            count = len(cell.state_size)
            per_cell.insert(0, states[:count])
            states = states[count:]
        new_states: list[list[Tensor]] = []
        for cell, cell_states in zip(self.cells, per_cell, strict=True):
            result = cell.call([x, *cell_states])
            x = result[0]
            new_states.append(result[1:])
        return [x, *(s for cell_states in reversed(new_states) for s in cell_states)]

    def get_config(self) -> dict[str, Any]:
        cells = [{"className": c.class_name, "config": c.get_config()} for c in self.cells]
        return {"cells": cells, **Layer.get_config(self)}

    def dispose(self) -> dict[str, int]:
        count = sum(cell.dispose()["numDisposedVariables"] for cell in self.cells)
        self._disposed = True
        return {"refCountAfterDispose": 0, "numDisposedVariables": count}


for _cls in (SimpleRNNCell, GRUCell, LSTMCell, StackedRNNCells):
    register_class(_cls)
