"""`tf.Sequential` and `tf.sequential` (tfjs-layers' models.ts): a linear stack of layers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tfjs.layers.config_objects import check_not_config_object
from tfjs.layers.engine.base_layer import Layer
from tfjs.layers.engine.container import Container
from tfjs.layers.engine.input_layer import InputLayer
from tfjs.layers.engine.input_layer import input as make_input
from tfjs.layers.engine.models import LayersModel
from tfjs.layers.engine.naming import get_uid
from tfjs.layers.engine.node import SymbolicTensor
from tfjs.layers.serialization import register_class


class Sequential(LayersModel):
    """A model whose layers each feed the next (TF.js `tf.Sequential`).

    >>> model = tf.sequential()
    >>> model.add(tf.layers.dense(units=2, input_shape=[3], name="seq_doc_dense"))
    >>> model.outputs[0].shape, model.count_params()
    ((None, 2), 8)
    >>> model.dispose()["numDisposedVariables"]
    2
    """

    class_name = "Sequential"

    def __init__(self, layers: Sequence[Layer] | None = None, name: str | None = None) -> None:
        Layer.__init__(self, name=name if name is not None else get_uid("sequential_"))
        self._stack: list[Layer] = []
        self.inputs: list[SymbolicTensor] = []
        self.outputs: list[SymbolicTensor] = []
        self.layers = []
        self.built = False
        self._ref_count = 1
        for layer in layers or []:
            self.add(layer)

    def add(self, layer: Layer) -> None:
        """Adds a layer on top of the stack; the first one needs `input_shape` (or
        `batch_input_shape`), or is a model or an InputLayer."""
        if not isinstance(layer, Layer):
            raise TypeError(f"Sequential.add() takes a layer, got {type(layer).__name__}")
        if not self.outputs:
            if isinstance(layer, (InputLayer, Container)) or layer.inbound_nodes:
                source = (
                    layer.outputs if isinstance(layer, Container) else layer.inbound_nodes[-1].output_tensors
                )
                if len(source) != 1:
                    raise ValueError(
                        "All layers in a Sequential model should have a single output tensor. For "
                        "multi-output "
                        "layers, use the functional API."
                    )
                self.outputs = [source[0]]
                self.inputs = (
                    list(layer.inputs) if isinstance(layer, Container) else _source_inputs(source[0])
                )
            else:
                if layer.batch_input_shape is None:
                    raise ValueError(
                        "The first layer in a Sequential model must get an `inputShape` or "
                        "`batchInputShape` argument."
                    )
                x = make_input(
                    batch_shape=layer.batch_input_shape,
                    dtype=layer.dtype or "float32",
                    name=f"{layer.name}_input",
                )
                layer.apply(x)
                self.inputs = [x]
                self.outputs = [layer.inbound_nodes[-1].output_tensors[0]]
        else:
            before = self.outputs[0]
            try:
                out = layer.apply(before)
            except ValueError as error:
                raise ValueError(
                    f"{error} (adding layer {layer.name} after layer {before.source_layer.name})"
                ) from None
            if isinstance(out, list):
                raise ValueError(
                    "All layers in a Sequential model should have a single output tensor. For multi-output "
                    "layers, use the functional API."
                )
            self.outputs = [out]
        if not isinstance(layer, InputLayer):
            self._stack.append(layer)
        self._rebuild()

    def _rebuild(self) -> None:
        trainable, stack = self._trainable, self._stack
        Container.__init__(self, self.inputs, self.outputs, name=self.name)
        self._stack = stack
        # As TF.js: the layers as added (a model added first stays one layer), not the graph's.
        self.layers = list(self._stack)
        self.trainable = trainable

    def pop(self) -> None:
        """Removes the last layer."""
        if not self._stack:
            raise TypeError("There are no layers in the model.")
        self._stack.pop()
        if not self._stack:
            self.outputs, self.inputs, self.layers, self.inbound_nodes = [], [], [], []
            self.built = False
            return
        last = self._stack[-1]
        last.outbound_nodes = []
        self.outputs = [last.inbound_nodes[-1].output_tensors[0]]
        self._rebuild()

    def get_config(self) -> dict[str, Any]:
        """`{"name", "layers": [{"className", "config"}]}`; the first layer's config holds
        the model's batch input shape."""
        layers = []
        for i, layer in enumerate(self._stack):
            config = layer.get_config()
            if (
                i == 0
                and not isinstance(layer, Container)
                and "batchInputShape" not in config
                and self.inputs
            ):
                config["batchInputShape"] = list(self.inputs[0].shape)
            layers.append({"className": layer.class_name, "config": config})
        return {"name": self.name, "layers": layers}

    @classmethod
    def from_config(cls, config: Any, custom_objects: Mapping[str, Any] | None = None) -> Sequential:
        """A Sequential from its config: `{"name", "layers"}` or (old Keras) the list of layers."""
        from tfjs.layers.serialization import deserialize_keras_object

        if isinstance(config, list):
            name, layer_configs = None, config
        elif isinstance(config, Mapping) and isinstance(config.get("layers"), list):
            name, layer_configs = config.get("name"), config["layers"]
        else:
            raise ValueError(
                "Legacy serialization format not supported yet: a Sequential config needs a list of layers"
            )
        model = cls(name=name)
        for layer_config in layer_configs:
            model.add(deserialize_keras_object(layer_config, custom_objects, "layer"))
        return model

    def summary(self, *args: Any, **kwargs: Any) -> None:
        if not self.outputs:
            raise ValueError("Sequential model cannot be built: model is empty. Add some layers first.")
        super().summary(*args, **kwargs)


def _source_inputs(tensor: SymbolicTensor) -> list[SymbolicTensor]:
    layer = tensor.source_layer
    node = layer.inbound_nodes[tensor.node_index]
    if not node.inbound_layers:
        return [tensor]
    found: list[SymbolicTensor] = []
    for x in node.input_tensors:
        for y in _source_inputs(x):
            if all(y is not z for z in found):
                found.append(y)
    return found


def sequential(layers: Sequence[Layer] | None = None, name: str | None = None) -> Sequential:
    """A Sequential model, optionally with its layers (TF.js `tf.sequential`)."""
    check_not_config_object("tf.sequential", layers)
    return Sequential(layers=layers, name=name)


register_class(Sequential)
