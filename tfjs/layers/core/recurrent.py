"""Recurrent layers (tfjs-layers' layers/recurrent.ts): SimpleRNN, GRU, LSTM and their cells,
run step by step over time as TF.js's K.rnn (masking keeps the previous output and states
where the mask is 0; `go_backwards` reads the sequence reversed)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tfjs import ops
from tfjs.globals import dispose, keep
from tfjs.layers.core.recurrent_cells import GRUCell, LSTMCell, RNNCell, SimpleRNNCell, StackedRNNCells
from tfjs.layers.engine.base_layer import InputSpec, Layer, call_arguments, shape_str, to_list
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor


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
        elif isinstance(cell, (list, tuple)):
            cell = StackedRNNCells(cells=list(cell))
        if not isinstance(cell, RNNCell):
            raise ValueError(
                f"{self.class_name}: cell must be an RNN cell (e.g. tf.layers.gru_cell(...)), got {cell!r}"
            )
        self.cell = cell
        self.return_sequences, self.return_state = bool(return_sequences), bool(return_state)
        self.go_backwards, self.stateful, self.unroll = bool(go_backwards), bool(stateful), bool(unroll)
        self.states_: list[Tensor] | None = None
        self.input_spec = [InputSpec(ndim=self.input_ndim)]

    input_ndim = 3

    def state_shapes(self, x: Tensor) -> list[list[int]]:
        """The shapes of the zero initial states for the input `x`."""
        return [[x.shape[0], s] for s in self.cell.state_size]

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> Layer:
        """The layer from its config; the cell's keys (units, activation...) go to the cell."""
        from tfjs.layers.engine.naming import constructor_parameters, snake_kwargs

        accepted = constructor_parameters(cls) | constructor_parameters(cls.cell_class or RNNCell) | {"cell"}
        return cls(**{k: v for k, v in snake_kwargs(config).items() if k in accepted})

    def __getattr__(self, name: str) -> Any:
        if name != "cell" and "cell" in self.__dict__:
            return getattr(self.__dict__["cell"], name)
        raise AttributeError(name)

    def apply(self, inputs: Any, kwargs: Mapping[str, Any] | None = None, **options: Any) -> Any:
        """Applies the RNN; `initial_state` (tensors or SymbolicTensors) joins the inputs, as
        TF.js and Keras wire it (so a model's config holds the states as inputs)."""
        kwargs = call_arguments(kwargs, options)
        initial_state = kwargs.pop("initial_state", None)
        if initial_state is not None:
            states = list(initial_state) if isinstance(initial_state, (list, tuple)) else [initial_state]
            inputs = [inputs, *states]
        return super().apply(inputs, **kwargs)

    def assert_input_compatibility(self, inputs: Any) -> None:
        super().assert_input_compatibility(to_list(inputs)[0])

    def build(self, input_shape: Any) -> None:
        input_shape = _first_shape(input_shape)
        if input_shape[-1] is None:
            raise ValueError(
                f"{self.class_name} {self.name}: the feature size of the input must be known, got "
                f"{shape_str(input_shape)}"
            )
        # The cell's weights are saved under this layer's name (or a wrapper's scope).
        self.cell.weight_scope = getattr(self, "weight_scope", None) or self.name
        self.cell.build((input_shape[0], *input_shape[2:]))
        self.input_spec = [InputSpec(ndim=self.input_ndim, axes={-1: input_shape[-1]})]
        self.built = True

    @property
    def trainable_weights(self) -> list[Any]:
        return self.cell.trainable_weights if self.trainable else []

    @property
    def non_trainable_weights(self) -> list[Any]:
        if self.trainable:
            return self.cell.non_trainable_weights
        return self.cell.trainable_weights + self.cell.non_trainable_weights

    @property
    def losses(self) -> list[Tensor]:
        return self.cell.losses

    def dispose(self) -> dict[str, int]:
        self._check_not_disposed()
        self._disposed = True
        self.reset_states(dispose_only=True)
        count = self.cell.dispose()["numDisposedVariables"]
        return {"refCountAfterDispose": 0, "numDisposedVariables": count}

    def compute_output_shape(self, input_shape: Any) -> Any:
        return self.output_shape_for(_first_shape(input_shape))

    def output_shape_for(self, input_shape: Any) -> Any:
        """The output shape(s) for a [batch, time, ...] input of `input_shape`."""
        units = self.cell.state_size[0]
        out = (input_shape[0], input_shape[1], units) if self.return_sequences else (input_shape[0], units)
        if self.return_state:
            return [out, *[(input_shape[0], s) for s in self.cell.state_size]]
        return out

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        mask = mask[0] if isinstance(mask, list) else mask
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
        if isinstance(inputs, (list, tuple)):  # [x, *initial states]
            inputs, states_in = inputs[0], list(inputs[1:])
            initial_state = states_in or initial_state
        if isinstance(mask, (list, tuple)):
            mask = mask[0]
        x = inputs
        batch, steps = x.shape[0], x.shape[1]
        if initial_state is not None:
            states = list(initial_state)
        elif self.stateful:
            if self.states_ is None:
                self.states_ = [keep(ops.zeros(shape)) for shape in self.state_shapes(x)]
            states = list(self.states_)
        else:
            states = [ops.zeros(shape) for shape in self.state_shapes(x)]
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
                    unmasked = ops.sub(1, m)
                    out = ops.add(ops.mul(out, m), ops.mul(states[0], unmasked))
                    new_states = [
                        ops.add(ops.mul(n, m), ops.mul(s, unmasked))
                        for n, s in zip(new_states, states, strict=True)
                    ]
                last, states = out, new_states
                if self.return_sequences:
                    outputs.append(out)
        finally:
            cell.dropout_masks = (None, None)
        output = ops.stack(outputs, 1) if self.return_sequences else last
        if self.stateful and not training:
            self._keep_states(states)
        return [output, *states] if self.return_state else output

    def _keep_states(self, states: list[Tensor]) -> None:
        old = self.states_ or []
        self.states_ = [keep(ops.clone(s)) for s in states]
        dispose(old)

    def reset_states(self, states: Any = None, dispose_only: bool = False) -> None:
        """Sets a stateful layer's states to zeros (or to `states`)."""
        if not self.stateful:
            if dispose_only:
                return
            raise ValueError("Cannot call resetStates() on an RNN Layer that is not stateful.")
        old = self.states_ or []
        self.states_ = None
        dispose(old)
        if dispose_only:
            return
        batch = (self.batch_input_shape or [None])[0]
        if batch is None:
            raise ValueError(
                "If an RNN is stateful, it needs to know its batch size. Specify the batch size of your "
                "input tensors: the first layer's batch_input_shape (or batch_size with input_shape)."
            )
        values = states if states is not None else [None] * len(self.cell.state_size)
        self.states_ = [
            keep(ops.zeros([batch, size]) if value is None else ops.clone(value))
            for value, size in zip(values, self.cell.state_size, strict=True)
        ]

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


def _first_shape(input_shape: Any) -> Any:
    """The data input's shape when the initial states come as extra inputs."""
    if isinstance(input_shape, list) and input_shape and isinstance(input_shape[0], (list, tuple)):
        return input_shape[0]
    return input_shape


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


for _cls in (RNN, SimpleRNN, GRU, LSTM):
    register_class(_cls)
