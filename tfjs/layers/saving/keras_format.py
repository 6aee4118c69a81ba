"""A model.json's `modelTopology` as the TS-form config `from_config` takes: Keras 2 and
TF.js topologies as TF.js reads them (tfjs-layers' models.ts), plus Keras 3's forms that
TF.js 4.22 refuses (inbound nodes as `{"args", "kwargs"}` with `__keras_tensor__`
entries, `batch_shape`, dtype-policy dicts, the "Functional" class, a flat
`input_layers` entry for a single input)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tfjs.layers.serialization import convert_pythonic_to_ts, get_registered_class, to_snake_case

# Keras's names for the functional model class; TF.js's is "Model".
_FUNCTIONAL = {"Functional", "Model"}


def model_config_of(topology: Any, source: str) -> dict[str, Any]:
    """The `{"class_name", "config"}` of the model in a model.json's `modelTopology`
    (Keras-converted files nest it under "model_config")."""
    if not isinstance(topology, Mapping):
        raise ValueError(f"{source}: modelTopology must be a JSON object, got {type(topology).__name__}")
    config = topology.get("model_config", topology)
    if not isinstance(config, Mapping) or ("class_name" not in config and "className" not in config):
        raise ValueError(
            f"{source}: modelTopology holds no model config (no class_name; keys: {sorted(topology)[:8]})"
        )
    return dict(config)


def _keras3_node(node: Any) -> Any:
    """A Keras 3 inbound node `{"args": [...], "kwargs": {...}}` as Keras 2's list of
    [layer_name, node_index, tensor_index, kwargs]."""
    if not isinstance(node, Mapping) or "args" not in node:
        return node
    kwargs = {k: v for k, v in (node.get("kwargs") or {}).items() if not _is_keras_tensor(v)}
    entries = []

    def collect(value: Any) -> None:
        if _is_keras_tensor(value):
            name, node_index, tensor_index = value["config"]["keras_history"]
            entries.append([name, node_index, tensor_index, kwargs])
        elif isinstance(value, (list, tuple)):
            for item in value:
                collect(item)

    collect(node["args"])
    return entries


def _is_keras_tensor(value: Any) -> bool:
    return isinstance(value, Mapping) and value.get("class_name") == "__keras_tensor__"


def _normalize_layer(layer: Any) -> Any:
    if not isinstance(layer, Mapping):
        return layer
    layer = dict(layer)
    for key in ("module", "registered_name", "build_config", "compile_config", "shared_object_id"):
        layer.pop(key, None)
    config = layer.get("config") or {}
    if isinstance(config, list):  # the first converters wrote a Sequential's layers alone
        config = {"layers": config}
    config = dict(config)
    if "batch_shape" in config and "batch_input_shape" not in config:
        config["batch_input_shape"] = config.pop("batch_shape")
    if layer.get("class_name") in _FUNCTIONAL | {"Sequential"}:
        config = normalize_model_config(config)
    layer["config"] = config
    if layer.get("class_name") == "Functional":
        layer["class_name"] = "Model"
    if "inbound_nodes" in layer:
        layer["inbound_nodes"] = [_keras3_node(n) for n in layer["inbound_nodes"]]
    return layer


def normalize_model_config(config: Any) -> Any:
    """A Sequential's or functional model's config in Keras 2's pythonic form."""
    if isinstance(config, list):
        return [_normalize_layer(layer) for layer in config]
    if not isinstance(config, Mapping):
        return config
    config = dict(config)
    if isinstance(config.get("layers"), list):
        config["layers"] = [_normalize_layer(layer) for layer in config["layers"]]
    for key in ("input_layers", "output_layers"):
        ends = config.get(key)
        if isinstance(ends, list) and ends and isinstance(ends[0], str):
            config[key] = [ends]
    return config


def drop_unknown_keys(value: Any) -> Any:
    """`value` with the config keys that a registered non-layer class's constructor does
    not take removed (Keras writes e.g. `dtype` into initializer configs; TF.js ignores
    such keys). Layers filter their own keys in `from_config`."""
    import inspect

    from tfjs.layers.engine.base_layer import Layer

    if isinstance(value, list):
        return [drop_unknown_keys(v) for v in value]
    if not isinstance(value, dict):
        return value
    value = {k: drop_unknown_keys(v) for k, v in value.items()}
    cls = get_registered_class(value.get("className")) if isinstance(value.get("className"), str) else None
    config = value.get("config")
    if cls is not None and isinstance(config, dict) and not issubclass(cls, Layer):
        params = {} if cls.__init__ is object.__init__ else inspect.signature(cls.__init__).parameters
        if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
            value["config"] = {k: v for k, v in config.items() if to_snake_case(k) in params}
    return value


def ts_model_config(topology: Any, source: str) -> dict[str, Any]:
    """`{"className", "config"}` in TS form, ready for `deserialize_keras_object`."""
    pythonic = _normalize_layer(model_config_of(topology, source))
    ts = drop_unknown_keys(convert_pythonic_to_ts(pythonic))
    if ts.get("className") == "Sequential" and isinstance(ts.get("config"), dict):
        layers = ts["config"].get("layers") or []
        # Keras 3 writes a Sequential's input as an InputLayer entry: fold it into the
        # first layer's batch input shape, as Keras 2 and TF.js write it.
        if layers and layers[0].get("className") == "InputLayer" and len(layers) > 1:
            shape = layers[0]["config"].get("batchInputShape")
            first = dict(layers[1]["config"])
            first.setdefault("batchInputShape", shape)
            if "dtype" not in first and layers[0]["config"].get("dtype"):
                first["dtype"] = layers[0]["config"]["dtype"]
            ts["config"] = {**ts["config"], "layers": [{**layers[1], "config": first}, *layers[2:]]}
    return ts
