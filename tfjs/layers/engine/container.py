"""Functional models' graph (tfjs-layers' engine/container.ts): a Container is a layer made of
layers wired from its input SymbolicTensors to its outputs; it runs them in order, reports
their weights, and serializes to and from Keras's functional config."""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from typing import Any

from tfjs.globals import tidy
from tfjs.layers.engine.base_layer import Layer, shape_str, singleton_or_list, to_list
from tfjs.layers.engine.input_layer import InputLayer
from tfjs.layers.engine.naming import get_uid
from tfjs.layers.engine.node import Node, SymbolicTensor
from tfjs.layers.engine.variables import LayerVariable
from tfjs.tensor import Tensor

_call_parameters: dict[type, frozenset[str]] = {}


def call_parameters(layer: Layer) -> frozenset[str]:
    """The keyword arguments a layer's `call` takes (`training`, `mask`, ...)."""
    cls = type(layer)
    if cls not in _call_parameters:
        params = inspect.signature(cls.call).parameters
        if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
            _call_parameters[cls] = frozenset({"training", "mask", "*"})
        else:
            _call_parameters[cls] = frozenset(params)
    return _call_parameters[cls]


def node_key(layer: Layer, node_index: int) -> str:
    return f"{layer.name}_ib-{node_index}"


class Container(Layer):
    """A graph of layers from `inputs` to `outputs` (SymbolicTensors), usable as a layer."""

    class_name = "Container"

    def __init__(self, inputs: Any, outputs: Any, name: str | None = None) -> None:
        super().__init__(name=name if name is not None else get_uid(self.class_name.lower()))
        self.inputs: list[SymbolicTensor] = _symbolic_list(inputs, "inputs")
        self.outputs: list[SymbolicTensor] = _symbolic_list(outputs, "outputs")
        for x in self.inputs:
            if not isinstance(x.source_layer, InputLayer) or x.node_index != 0:
                raise ValueError(
                    f"Input tensors to a {type(self).__name__} must come from `tf.layers.input`. Received "
                    f"{x} (missing previous layer metadata) from layer {x.source_layer.name}."
                )
        if len({id(x) for x in self.inputs}) != len(self.inputs):
            raise ValueError(
                "The list of inputs passed to the model is redundant. All inputs should only "
                f"appear once. Found: {self.inputs}"
            )
        self.input_layers = [x.source_layer for x in self.inputs]
        self.output_layers = [x.source_layer for x in self.outputs]
        self.output_layers_node_indices = [x.node_index for x in self.outputs]
        self.output_layers_tensor_indices = [x.tensor_index for x in self.outputs]
        self.input_names = [layer.name for layer in self.input_layers]
        self.output_names = [layer.name for layer in self.output_layers]
        self.feed_input_shapes = [x.shape for x in self.inputs]
        self._build_graph()
        self.internal_container_refs = [layer for layer in self.layers if isinstance(layer, Container)]
        Node(self, self.inputs, self.outputs, internal=True)
        self.built = True
        self._ref_count = 1

    def _build_graph(self) -> None:
        """Orders the nodes and layers by depth as Keras does, and checks the graph."""
        self.container_nodes: set[str] = set()
        layer_indices: dict[int, int] = {}
        in_decreasing_depth: list[Node] = []
        finished: set[int] = set()
        in_progress: set[int] = set()

        def visit(layer: Layer, node_index: int, tensor: SymbolicTensor) -> None:
            node = layer.inbound_nodes[node_index]
            if id(node) in in_progress:
                raise ValueError(f'The tensor {tensor.name} at layer "{layer.name}" is part of a cycle.')
            if id(node) in finished:
                return
            self.container_nodes.add(node_key(layer, node_index))
            layer_indices.setdefault(layer.id, len(layer_indices))
            in_progress.add(id(node))
            for x, inbound, index in zip(
                node.input_tensors, node.inbound_layers, node.node_indices, strict=False
            ):
                visit(inbound, index, x)
            finished.add(id(node))
            in_progress.discard(id(node))
            in_decreasing_depth.append(node)

        for x in self.outputs:
            visit(x.source_layer, x.node_index, x)
        node_depths: dict[int, int] = {}
        nodes: dict[int, Node] = {}
        layer_depths: dict[int, int] = {}
        layers: dict[int, Layer] = {}
        for node in reversed(in_decreasing_depth):
            nodes[id(node)] = node
            depth = max(node_depths.setdefault(id(node), 0), layer_depths.get(node.outbound_layer.id, 0))
            layer_depths[node.outbound_layer.id] = depth
            layers[node.outbound_layer.id] = node.outbound_layer
            node_depths[id(node)] = depth
            for inbound, index in zip(node.inbound_layers, node.node_indices, strict=False):
                inbound_node = inbound.inbound_nodes[index]
                node_depths[id(inbound_node)] = max(depth + 1, node_depths.get(id(inbound_node), 0))
                nodes[id(inbound_node)] = inbound_node
        self.layers: list[Layer] = sorted(
            layers.values(), key=lambda la: (-layer_depths[la.id], layer_indices[la.id])
        )
        self.nodes_in_order: list[Node] = sorted(nodes.values(), key=lambda n: -node_depths[id(n)])
        self.nodes_by_depth: dict[int, list[Node]] = {}
        for node in self.nodes_in_order:
            self.nodes_by_depth.setdefault(node_depths[id(node)], []).append(node)
        computable = {id(x) for x in self.inputs}
        done: list[str] = []
        for node in self.nodes_in_order:
            # An InputLayer's node computes its tensor only when it is a model input.
            needed = (
                node.output_tensors if isinstance(node.outbound_layer, InputLayer) else node.input_tensors
            )
            for x in needed:
                if id(x) not in computable:
                    raise ValueError(
                        f"Graph disconnected: cannot obtain value for tensor {x} at layer "
                        f'"{node.outbound_layer.name}". '
                        f"The following previous layers were accessed without issue: {done}"
                    )
            computable.update(id(x) for x in node.output_tensors)
            done.append(node.outbound_layer.name)
        names = [layer.name for layer in self.layers]
        for layer_name in names:
            if names.count(layer_name) != 1:
                raise ValueError(
                    f'The name "{layer_name}" is used {names.count(layer_name)} times in the model. '
                    f"All layer names should be unique. Layer names: {names}"
                )

    # -- weights ----------------------------------------------------------------------
    @property
    def trainable(self) -> bool:
        return self._trainable

    @trainable.setter
    def trainable(self, value: bool) -> None:
        self._trainable = bool(value)
        for layer in getattr(self, "layers", []):
            for weight in layer._trainable_weights:
                weight.trainable = bool(value)

    @property
    def trainable_weights(self) -> list[LayerVariable]:
        if not self.trainable:
            return []
        return [w for layer in self.layers for w in layer.trainable_weights]

    @property
    def non_trainable_weights(self) -> list[LayerVariable]:
        weights = [w for layer in self.layers for w in layer.non_trainable_weights]
        if not self.trainable:
            return [w for layer in self.layers for w in layer.trainable_weights] + weights
        return weights

    @property
    def losses(self) -> list[Tensor]:
        return [loss for layer in self.layers for loss in layer.losses]

    def load_weights(self, weights: Mapping[str, Tensor], strict: bool = True) -> None:
        """Sets the weights from a {name: tensor} map (TF.js `loadWeights`): names are the
        weights' saved names; with `strict`, every weight must be given and every given
        one used. Everything is checked before any weight changes."""
        by_name: dict[str, LayerVariable] = {}
        total = 0
        for layer in self.layers:
            for weight in layer.weights:
                if weight.original_name in by_name:
                    raise ValueError(f"Duplicate weight name: {weight.original_name}")
                by_name[weight.original_name] = weight
                total += 1
        pairs: list[tuple[LayerVariable, Tensor]] = []
        for name, value in weights.items():
            target = name
            if target not in by_name:
                tokens = name.split("/")
                target = "/".join(tokens[:-2] + tokens[-1:])
            if target in by_name:
                weight = by_name.pop(target)
                if tuple(value.shape) != weight.shape:
                    raise ValueError(
                        f"Shape mismatch for weight {name}: the model's weight "
                        f"{weight.original_name} has shape "
                        f"{shape_str(weight.shape)}, the provided value has shape {shape_str(value.shape)}"
                    )
                pairs.append((weight, value))
            elif strict:
                raise ValueError(f"Provided weight data has no target variable: {name}")
        if strict and by_name:
            raise ValueError(f"{len(by_name)} of {total} weights are not set: {list(by_name)}")
        for weight, value in pairs:
            weight.write(value)

    # -- layers -----------------------------------------------------------------------
    def get_layer(self, name: str | int | None = None, index: int | None = None) -> Layer:
        """A layer by its name, or by its index in `layers`."""
        if index is None and isinstance(name, int):
            index = name
        if index is not None:
            if index >= len(self.layers) or index < 0:
                raise ValueError(
                    f"Was asked to retrieve layer at index {index}, but model only has "
                    f"{len(self.layers)} layer(s)."
                )
            return self.layers[index]
        if name is None:
            raise ValueError("Provide either a layer name or layer index")
        for layer in self.layers:
            if layer.name == name:
                return layer
        raise ValueError(f"No such layer: {name}")

    def reset_states(self) -> None:
        """Resets the states of the model's stateful layers (RNNs with `stateful=True`)."""
        for layer in self.layers:
            if getattr(layer, "stateful", False):
                layer.reset_states()

    # -- running ----------------------------------------------------------------------
    def call(self, inputs: Any, training: bool | None = None, mask: Any = None) -> Any:
        """Runs the graph on concrete tensors; returns one tensor or a list."""
        outputs = self.run_internal_graph(
            to_list(inputs), training, to_list(mask) if mask is not None else None
        )
        return singleton_or_list(outputs)

    def run_internal_graph(
        self,
        inputs: Sequence[Tensor],
        training: bool | None = None,
        masks: Sequence[Any] | None = None,
        targets: Sequence[SymbolicTensor] | None = None,
        free_intermediates: bool = False,
    ) -> list[Tensor]:
        """The values of `targets` (default: the model's outputs) for `inputs` (in the order
        of `self.inputs`), layers called in order. With `free_intermediates` (inference
        only: a gradient needs them) each intermediate tensor is disposed once the last
        layer that reads it has run."""
        if len(inputs) != len(self.inputs):
            raise ValueError(
                f"Model {self.name} expects {len(self.inputs)} input(s), but it received {len(inputs)}"
            )
        targets = list(self.outputs if targets is None else targets)
        computed: dict[int, tuple[Tensor, Any]] = {}
        for i, (ref, x) in enumerate(zip(self.inputs, inputs, strict=True)):
            computed[ref.id] = (x, masks[i] if masks else None)
        readers: dict[int, int] = {}
        if free_intermediates:
            for node in self.nodes_in_order:
                for x in node.input_tensors:
                    readers[x.id] = readers.get(x.id, 0) + 1
        kept = {x.id for x in targets} | {x.id for x in self.inputs}
        for node in self.nodes_in_order:
            layer = node.outbound_layer
            if isinstance(layer, InputLayer) or any(x.id not in computed for x in node.input_tensors):
                continue
            data = [computed[x.id] for x in node.input_tensors]
            xs = [d[0] for d in data]
            ms = [d[1] for d in data]
            kwargs = dict(node.call_args)
            accepted = call_parameters(layer)
            if "training" in accepted and training is not None:
                kwargs["training"] = training
            single = len(xs) == 1
            x_arg = xs[0] if single else xs
            m_arg = ms[0] if single else ms
            if "mask" in accepted and any(m is not None for m in ms):
                kwargs.setdefault("mask", m_arg)
            outputs = to_list(layer.call(x_arg, **kwargs))
            out_masks = layer.compute_mask(x_arg, m_arg if any(m is not None for m in ms) else None)
            out_masks = to_list(out_masks) if out_masks is not None else [None] * len(outputs)
            for ref, y, m in zip(node.output_tensors, outputs, out_masks, strict=False):
                computed[ref.id] = (y, m)
            if free_intermediates:
                self._free_read(node, computed, readers, kept)
        for x in targets:
            if x.id not in computed:
                raise ValueError(f"Could not compute output {x.name}")
        return [computed[x.id][0] for x in targets]

    @staticmethod
    def _free_read(
        node: Node, computed: dict[int, tuple[Tensor, Any]], readers: dict[int, int], kept: set[int]
    ) -> None:
        """Disposes the inputs of `node` that no later layer reads (unless another live
        value is the same tensor: a layer may return its input)."""
        for x in node.input_tensors:
            readers[x.id] -= 1
            if readers[x.id] or x.id in kept:
                continue
            value, mask = computed.pop(x.id)
            live = {id(t) for v in computed.values() for t in v if isinstance(t, Tensor)}
            for t in (value, mask):
                if isinstance(t, Tensor) and id(t) not in live:
                    t.dispose()

    def execute(self, inputs: Any, outputs: Any = None) -> Any:
        """Runs the model on tensors (a tensor, a list in input order, or a dict by input
        name) and returns its outputs, or those of the layers named in `outputs` (a name or
        a list of names: each layer's first output), as TF.js's `execute`."""
        feeds = self.normalize_inputs(inputs, "execute")
        if outputs is None:
            return tidy(lambda: self.call(feeds if len(feeds) > 1 else feeds[0]))
        names = [outputs] if isinstance(outputs, str) else list(outputs)
        targets = []
        for name in names:
            layer = self.get_layer(name)
            nodes = [
                n for i, n in enumerate(layer.inbound_nodes) if node_key(layer, i) in self.container_nodes
            ]
            targets.append(nodes[0].output_tensors[0])
        results = tidy(lambda: self.run_internal_graph(feeds, training=False, targets=targets))
        return results[0] if isinstance(outputs, str) else results

    def normalize_inputs(self, inputs: Any, where: str) -> list[Tensor]:
        """Inputs as a list in the order of `self.inputs`."""
        if isinstance(inputs, Mapping):
            missing = [n for n in self.input_names if n not in inputs]
            if missing:
                raise ValueError(f"{where}: no value was provided for the model input(s) {missing}")
            return [inputs[n] for n in self.input_names]
        return to_list(inputs)

    def compute_output_shape(self, input_shape: Any) -> Any:
        shapes = [x.shape for x in self.outputs]
        return singleton_or_list(shapes) if len(shapes) == 1 else shapes

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        return None

    def assert_input_compatibility(self, inputs: Any) -> None:
        items = to_list(inputs)
        if len(items) != len(self.inputs):
            raise ValueError(
                f"Model {self.name} expects {len(self.inputs)} input(s), but it received {len(items)}"
            )
        for i, (x, ref) in enumerate(zip(items, self.inputs, strict=False)):
            shape = tuple(x.shape)
            if len(shape) != len(ref.shape) or any(
                a is not None and b is not None and a != b for a, b in zip(shape, ref.shape, strict=False)
            ):
                source = f" (output of layer {x.source_layer.name})" if isinstance(x, SymbolicTensor) else ""
                raise ValueError(
                    f"Input {i} of shape {shape_str(shape)}{source} is incompatible with model {self.name}: "
                    f"expected shape={shape_str(ref.shape)} (input layer {self.input_names[i]})"
                )

    # -- serialization ----------------------------------------------------------------
    def get_config(self) -> dict[str, Any]:
        """Keras's functional config: layers with their inbound nodes, input and output layers."""
        from tfjs.layers.engine.container_config import container_config

        return container_config(self)

    @classmethod
    def from_config(
        cls, config: Mapping[str, Any], custom_objects: Mapping[str, Any] | None = None
    ) -> Container:
        """A functional model from its config (TS form), its layers built on the way."""
        from tfjs.layers.engine.container_config import container_from_config

        return container_from_config(cls, config, custom_objects)

    # -- life cycle -------------------------------------------------------------------
    def dispose(self) -> dict[str, int]:
        """Decrements the reference count; at zero, disposes every layer's weights."""
        if self._ref_count == 0:
            raise ValueError(f"Container '{self.name}' is already disposed.")
        self._ref_count -= 1
        disposed = 0
        if self._ref_count == 0:
            seen: set[int] = set()
            for layer in [*self.layers, *self.internal_container_refs]:
                if id(layer) in seen:
                    continue
                seen.add(id(layer))
                if isinstance(layer, Container):
                    if layer._ref_count > 0:
                        disposed += layer.dispose()["numDisposedVariables"]
                elif not layer._disposed:
                    disposed += layer.dispose()["numDisposedVariables"]
            self._disposed = True
        return {"refCountAfterDispose": self._ref_count, "numDisposedVariables": disposed}


def _symbolic_list(values: Any, what: str) -> list[SymbolicTensor]:
    items = to_list(values)
    for x in items:
        if not isinstance(x, SymbolicTensor):
            raise TypeError(
                f"tf.model: {what} must be SymbolicTensors (from tf.input and layers' apply), got "
                f"{type(x).__name__}"
            )
    return items
