"""A functional model's config (tfjs-layers' Container.getConfig and fromConfig)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tfjs.layers.engine.base_layer import Layer
from tfjs.layers.engine.container import Container, node_key
from tfjs.layers.engine.node import SymbolicTensor


def container_config(self: Any) -> dict[str, Any]:
    """Keras's functional config of a Container (TF.js Container.getConfig): its layers with
    their inbound nodes (node indices renumbered over the nodes in this model), input and
    output layers."""
    conversion: dict[str, int] = {}
    for layer in self.layers:
        kept = 1 if isinstance(layer, Container) else 0
        for index in range(len(layer.inbound_nodes)):
            key = node_key(layer, index)
            if key in self.container_nodes:
                conversion[key] = kept
                kept += 1
    layer_configs = []
    for layer in self.layers:
        inbound = []
        for index, node in enumerate(layer.inbound_nodes):
            if node_key(layer, index) not in self.container_nodes or not node.inbound_layers:
                continue
            kwargs = dict(node.call_args)
            inbound.append(
                [
                    [src.name, conversion.get(node_key(src, ni), 0), ti, kwargs]
                    for src, ni, ti in zip(
                        node.inbound_layers, node.node_indices, node.tensor_indices, strict=False
                    )
                ]
            )
        layer_configs.append(
            {
                "name": layer.name,
                "className": layer.class_name,
                "config": layer.get_config(),
                "inboundNodes": inbound,
            }
        )

    def ends(layers: list[Layer], tensors: list[SymbolicTensor]) -> list[list[Any]]:
        return [
            [la.name, conversion.get(node_key(la, x.node_index), 0), x.tensor_index]
            for la, x in zip(layers, tensors, strict=False)
        ]

    return {
        "name": self.name,
        "layers": layer_configs,
        "inputLayers": ends(self.input_layers, self.inputs),
        "outputLayers": ends(self.output_layers, self.outputs),
    }


def container_from_config(
    cls: Any, config: Mapping[str, Any], custom_objects: Mapping[str, Any] | None = None
) -> Any:
    """A Container of class `cls` from its config (TS form): each layer deserialized, then
    called on its inbound nodes' tensors as they become available (TF.js fromConfig)."""
    from tfjs.layers.serialization import deserialize_keras_object

    created: dict[str, Layer] = {}
    pending: dict[str, list[list[Any]]] = {}
    layer_configs = config.get("layers")
    if not isinstance(layer_configs, list):
        raise ValueError(
            f"A functional model's config needs a list of layers, got {type(layer_configs).__name__}"
        )
    for data in layer_configs:
        layer = deserialize_keras_object(data, custom_objects, "layer")
        created[data["name"]] = layer
        for node_data in data.get("inboundNodes") or []:
            if not isinstance(node_data, list):
                raise ValueError(f"Corrupted configuration, expected array for nodeData: {node_data}")
            pending.setdefault(layer.name, []).append(node_data)

    def process(layer: Layer, node_data: list[Any]) -> bool:
        tensors, kwargs = [], {}
        for entry in node_data:
            name, node_index, tensor_index = entry[0], entry[1], entry[2]
            kwargs = entry[3] if len(entry) > 3 and entry[3] else {}
            if name not in created:
                raise ValueError(f"Layer {layer.name} takes its input from an unknown layer {name!r}")
            source = created[name]
            if len(source.inbound_nodes) <= node_index:
                return False
            tensors.append(source.inbound_nodes[node_index].output_tensors[tensor_index])
        if tensors:
            layer.apply(tensors[0] if len(tensors) == 1 else tensors, **kwargs)
        return True

    while pending:
        progressed = False
        for data in layer_configs:
            layer = created[data["name"]]
            queue = pending.pop(layer.name, [])
            for i, node_data in enumerate(queue):
                if not process(layer, node_data):
                    pending[layer.name] = queue[i:]
                    break
                progressed = True
        if not progressed:
            raise ValueError(f"Cannot wire the layers {sorted(pending)}: their inputs never become available")

    def ends(key: str) -> list[SymbolicTensor]:
        entries = config.get(key) or []
        if entries and isinstance(entries[0], str):
            entries = [entries]
        found = []
        for name, node_index, tensor_index in (e[:3] for e in entries):
            if name not in created:
                raise ValueError(f"The model's {key} name a layer that is not in it: {name!r}")
            found.append(created[name].inbound_nodes[node_index].output_tensors[tensor_index])
        return found

    return cls(inputs=ends("inputLayers"), outputs=ends("outputLayers"), name=config.get("name"))
