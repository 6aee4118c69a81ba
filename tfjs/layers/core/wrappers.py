"""Layer wrappers (tfjs-layers' layers/wrappers.ts): TimeDistributed applies a layer to every
time step; Bidirectional runs an RNN forwards and a copy of it backwards and merges them.
The wrapped layers' weights are saved under the wrapper's name, as TF.js scopes them."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.layers.engine.base_layer import Layer, shape_str
from tfjs.layers.engine.input_spec import InputSpec
from tfjs.layers.serialization import deserialize_keras_object, register_class
from tfjs.tensor import Tensor

_MERGE_MODES = ("sum", "mul", "concat", "ave", None)


def _layer_of(layer: Any) -> Layer:
    if isinstance(layer, Layer):
        return layer
    if isinstance(layer, dict):
        return deserialize_keras_object(layer, what="layer")
    raise ValueError(f"A wrapper needs a layer (or its config), got {layer!r}")


class Wrapper(Layer):
    """A layer that wraps another one: its weights are the wrapped layer's."""

    def __init__(self, layer: Any, **base: Any) -> None:
        super().__init__(**base)
        self.layer = _layer_of(layer)

    def _inner(self) -> list[Layer]:
        return [self.layer]

    @property
    def trainable_weights(self) -> list[Any]:
        return [w for la in self._inner() for w in la.trainable_weights] if self.trainable else []

    @property
    def non_trainable_weights(self) -> list[Any]:
        inner = [w for la in self._inner() for w in la.non_trainable_weights]
        if self.trainable:
            return inner
        return [w for la in self._inner() for w in la.trainable_weights] + inner

    @property
    def losses(self) -> list[Tensor]:
        return [loss for la in self._inner() for loss in la.losses]

    def dispose(self) -> dict[str, int]:
        self._check_not_disposed()
        self._disposed = True
        count = sum(la.dispose()["numDisposedVariables"] for la in self._inner())
        return {"refCountAfterDispose": 0, "numDisposedVariables": count}

    def get_config(self) -> dict[str, Any]:
        return {
            "layer": {"className": self.layer.class_name, "config": self.layer.get_config()},
            **super().get_config(),
        }


class TimeDistributed(Wrapper):
    """Applies `layer` to each step of a [batch, time, ...] input."""

    class_name = "TimeDistributed"

    def build(self, input_shape: Any) -> None:
        if len(input_shape) < 3:
            raise ValueError(
                "TimeDistributed layer expects an input shape >= 3D, but received input shape "
                f"{shape_str(input_shape)}"
            )
        self.input_spec = [InputSpec(shape=input_shape)]
        if not self.layer.built:
            self.layer.weight_scope = getattr(self, "weight_scope", None) or self.name
            self.layer.build((input_shape[0], *input_shape[2:]))
            self.layer.built = True
        self.built = True

    def compute_output_shape(self, input_shape: Any) -> Any:
        child = self.layer.compute_output_shape((input_shape[0], *input_shape[2:]))
        return (child[0], input_shape[1], *child[1:])

    def call(self, inputs: Tensor, training: bool | None = None, **kwargs: Any) -> Tensor:
        batch, steps = inputs.shape[0], inputs.shape[1]
        flat = ops.reshape(inputs, [batch * steps, *inputs.shape[2:]])
        extra = {"training": training} if training is not None and _takes_training(self.layer) else {}
        out = self.layer.call(flat, **extra)
        return ops.reshape(out, [batch, steps, *out.shape[1:]])


def _takes_training(layer: Layer) -> bool:
    from tfjs.layers.engine.container import call_parameters

    return "training" in call_parameters(layer)


class Bidirectional(Wrapper):
    """Runs an RNN forwards and a copy backwards; merges their outputs by `merge_mode`
    ('concat' by default, 'sum', 'mul', 'ave', or None for both)."""

    class_name = "Bidirectional"
    supports_masking = True

    def __init__(self, layer: Any, merge_mode: str | None = "concat", **base: Any) -> None:
        super().__init__(layer, **base)
        if merge_mode not in _MERGE_MODES:
            raise ValueError(f"Invalid merge mode: {merge_mode}; expected one of {list(_MERGE_MODES)}")
        config = {"className": self.layer.class_name, "config": self.layer.get_config()}
        self.forward_layer = deserialize_keras_object(config, what="layer")
        backward = dict(config["config"], goBackwards=not config["config"].get("goBackwards", False))
        self.backward_layer = deserialize_keras_object(
            {"className": config["className"], "config": backward}, what="layer"
        )
        self.forward_layer.name = f"forward_{self.forward_layer.name}"
        self.backward_layer.name = f"backward_{self.backward_layer.name}"
        self.merge_mode = merge_mode
        self.return_sequences = self.layer.return_sequences
        self.return_state = self.layer.return_state
        self.stateful = self.layer.stateful
        self.input_spec = self.layer.input_spec

    def _inner(self) -> list[Layer]:
        return [self.forward_layer, self.backward_layer]

    def build(self, input_shape: Any) -> None:
        scope = getattr(self, "weight_scope", None) or self.name
        for layer in self._inner():
            layer.weight_scope = f"{scope}/{layer.name}"
            layer.build(input_shape)
            layer.built = True
        self.built = True

    def compute_output_shape(self, input_shape: Any) -> Any:
        shape = self.forward_layer.compute_output_shape(input_shape)
        states = []
        if self.return_state:
            shape, states = shape[0], shape[1:]
        if self.merge_mode == "concat":
            shape = (*shape[:-1], shape[-1] * 2)
        outputs = [shape, shape] if self.merge_mode is None else [shape]
        if self.return_state:
            return [*outputs, *states, *states]
        return outputs if self.merge_mode is None else shape

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        out = mask if self.return_sequences else None
        count = (2 if self.merge_mode is None else 1) + (
            len(self.forward_layer.cell.state_size) * 2 if self.return_state else 0
        )
        return out if count == 1 else [out] + [None] * (count - 1)

    def compute_mask_symbolic(self, inputs: Any, masks: Any) -> Any:
        if masks is None or not self.return_sequences:
            return None
        return True if self.merge_mode is not None and not self.return_state else None

    def call(
        self, inputs: Tensor, mask: Any = None, training: bool | None = None, initial_state: Any = None
    ) -> Any:
        y = self.forward_layer.call(inputs, mask=mask, training=training)
        y_rev = self.backward_layer.call(inputs, mask=mask, training=training)
        states: list[Tensor] = []
        if self.return_state:
            states = list(y[1:]) + list(y_rev[1:])
            y, y_rev = y[0], y_rev[0]
        if self.return_sequences:
            y_rev = ops.reverse(y_rev, 1)
        if self.merge_mode == "concat":
            output: Any = ops.concat([y, y_rev], -1)
        elif self.merge_mode == "sum":
            output = ops.add(y, y_rev)
        elif self.merge_mode == "ave":
            output = ops.mul(0.5, ops.add(y, y_rev))
        elif self.merge_mode == "mul":
            output = ops.mul(y, y_rev)
        else:
            output = [y, y_rev]
        if self.return_state:
            return [*output, *states] if self.merge_mode is None else [output, *states]
        return output

    def get_config(self) -> dict[str, Any]:
        return {"mergeMode": self.merge_mode, **super().get_config()}


register_class(TimeDistributed)
register_class(Bidirectional)
