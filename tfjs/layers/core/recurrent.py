"""Recurrent layers (tfjs-layers' layers/recurrent.ts): SimpleRNN, GRU, LSTM and their cells,
run step by step over time as TF.js's K.rnn (masking keeps the previous output and states
where the mask is 0; `go_backwards` reads the sequence reversed)."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.globals import tidy
from tfjs.layers.activations import serialize_activation
from tfjs.layers.core.common import WeightSpecs, get_activation, positive_int
from tfjs.layers.core.common import rate as check_rate
from tfjs.layers.engine.base_layer import InputSpec, Layer, shape_str
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


class RNN(Layer):
    """Runs a cell over the time axis of [batch, time, features] inputs."""

    class_name = "RNN"
    supports_masking = True
    cell_class: type[RNNCell] | None = None
    _rnn_keys = ("return_sequences", "return_state", "go_backwards", "stateful", "unroll")

    def __init__(
        self,
        cell: Any = None,
        return_sequences: bool = False,
        return_state: bool = False,
        go_backwards: bool = False,
        stateful: bool = False,
        unroll: bool = False,
        **kwargs: Any,
    ) -> None:
        base = {k: kwargs.pop(k) for k in _BASE_KEYS if k in kwargs}
        super().__init__(**base)
        if self.cell_class is not None:
            cell = self.cell_class(**kwargs)
        elif isinstance(cell, dict):
            from tfjs.layers.serialization import deserialize_keras_object

            cell = deserialize_keras_object(cell, what="layer")
        if not isinstance(cell, RNNCell):
            raise ValueError(
                f"{self.class_name}: cell must be an RNN cell (e.g. tf.layers.gru_cell(...)), got {cell!r}"
            )
        self.cell = cell
        self.cell.weight_scope = self.name
        # The cell's weights are this layer's: the same lists.
        self._trainable_weights = cell._trainable_weights
        self._non_trainable_weights = cell._non_trainable_weights
        self.return_sequences, self.return_state = bool(return_sequences), bool(return_state)
        self.go_backwards, self.stateful, self.unroll = bool(go_backwards), bool(stateful), bool(unroll)
        if self.stateful:
            raise NotImplementedError(f"{self.class_name}: stateful RNNs are not supported yet")
        self.input_spec = [InputSpec(ndim=3)]

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> Layer:
        """The layer from its config; the cell's keys (units, activation...) go to the cell."""
        from tfjs.layers.engine.base_layer import constructor_parameters
        from tfjs.layers.engine.naming import snake_kwargs

        accepted = constructor_parameters(cls) | constructor_parameters(cls.cell_class or RNNCell) | {"cell"}
        return cls(**{k: v for k, v in snake_kwargs(config).items() if k in accepted})

    def __getattr__(self, name: str) -> Any:
        if name != "cell" and "cell" in self.__dict__:
            return getattr(self.__dict__["cell"], name)
        raise AttributeError(name)

    def build(self, input_shape: Any) -> None:
        if input_shape[-1] is None:
            raise ValueError(
                f"{self.class_name} {self.name}: the feature size of the input must be known, got "
                f"{shape_str(input_shape)}"
            )
        self.cell.build((input_shape[0], input_shape[-1]))
        self.input_spec = [InputSpec(ndim=3, axes={-1: input_shape[-1]})]
        self.built = True

    @property
    def losses(self) -> list[Tensor]:
        return self.cell.losses

    def compute_output_shape(self, input_shape: Any) -> Any:
        units = self.cell.state_size[0]
        out = (input_shape[0], input_shape[1], units) if self.return_sequences else (input_shape[0], units)
        if self.return_state:
            return [out, *[(input_shape[0], s) for s in self.cell.state_size]]
        return out

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        out = mask if self.return_sequences else None
        if self.return_state:
            return [out, *[None] * len(self.cell.state_size)]
        return out

    def compute_mask_symbolic(self, inputs: Any, masks: Any) -> Any:
        if masks is None or not self.return_sequences:
            return None
        return [True, *[None] * len(self.cell.state_size)] if self.return_state else True

    def call(
        self, inputs: Tensor, mask: Any = None, training: bool | None = None, initial_state: Any = None
    ) -> Any:
        x = inputs
        batch, steps = x.shape[0], x.shape[1]
        states = (
            list(initial_state)
            if initial_state is not None
            else [ops.zeros([batch, s]) for s in self.cell.state_size]
        )
        cell = self.cell
        masks = (None, None)
        if training and 0 < cell.dropout < 1:
            masks = (ops.dropout(ops.ones([batch, x.shape[2]]), cell.dropout), masks[1])
        if training and 0 < cell.recurrent_dropout < 1:
            masks = (masks[0], ops.dropout(ops.ones([batch, cell.units]), cell.recurrent_dropout))
        cell.dropout_masks = masks
        steps_in = ops.unstack(x, 1)
        step_masks = ops.unstack(ops.cast(mask, "float32"), 1) if mask is not None else None
        order = range(steps - 1, -1, -1) if self.go_backwards else range(steps)
        outputs: list[Tensor] = []
        last = None
        try:
            for t in order:
                result = cell.call([steps_in[t], *states])
                out, new_states = result[0], result[1:]
                if step_masks is not None:
                    m = ops.expand_dims(step_masks[t], -1)
                    keep = ops.sub(1, m)
                    out = ops.add(ops.mul(out, m), ops.mul(states[0], keep))
                    new_states = [
                        ops.add(ops.mul(n, m), ops.mul(s, keep))
                        for n, s in zip(new_states, states, strict=True)
                    ]
                last, states = out, new_states
                if self.return_sequences:
                    outputs.append(out)
        finally:
            cell.dropout_masks = (None, None)
        output = ops.stack(outputs, 1) if self.return_sequences else last
        return [output, *states] if self.return_state else output

    def get_config(self) -> dict[str, Any]:
        config = {
            "returnSequences": self.return_sequences,
            "returnState": self.return_state,
            "goBackwards": self.go_backwards,
            "stateful": self.stateful,
            "unroll": self.unroll,
        }
        if self.cell_class is None:
            config["cell"] = {"className": self.cell.class_name, "config": self.cell.get_config()}
            return {**config, **super().get_config()}
        cell_config = self.cell.get_config()
        for key in ("name", "trainable", "dtype", "batchInputShape"):
            cell_config.pop(key, None)
        return {**cell_config, **config, **super().get_config()}


_BASE_KEYS = (
    "name",
    "trainable",
    "input_shape",
    "batch_input_shape",
    "batch_size",
    "dtype",
    "weights",
    "input_dtype",
)


class SimpleRNN(RNN):
    """A fully-connected RNN: h = activation(x . W + h_prev . U + b)."""

    class_name = "SimpleRNN"
    cell_class = SimpleRNNCell


class GRU(RNN):
    """A gated recurrent unit layer (TF.js's GRU; Keras's reset_after=False form)."""

    class_name = "GRU"
    cell_class = GRUCell

    def __init__(self, *args: Any, reset_after: bool | None = None, **kwargs: Any) -> None:
        if reset_after:
            raise NotImplementedError(
                "GRU with reset_after=True (Keras 2's default) is not supported by TF.js 4.22's GRU"
            )
        super().__init__(*args, **kwargs)


class LSTM(RNN):
    """A long short-term memory layer; states [h, c]."""

    class_name = "LSTM"
    cell_class = LSTMCell


for _cls in (SimpleRNNCell, GRUCell, LSTMCell, RNN, SimpleRNN, GRU, LSTM):
    register_class(_cls)
