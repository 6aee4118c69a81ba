"""`tf.load_layers_model` (tfjs-layers' models.ts loadLayersModel): a model.json of a layers
model (TF.js's saves, Keras-converted files of any converter version, Keras 3 configs) and
its weights (sharded, quantized: read and decoded by tfjs.io) as a LayersModel."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from tfjs.globals import dispose
from tfjs.layers.engine.layer_weights import fast_weight_init
from tfjs.layers.engine.variables import created_variables
from tfjs.layers.saving.keras_format import ts_model_config
from tfjs.tensor import Tensor


def _source_name(path_or_handler: Any) -> str:
    if isinstance(path_or_handler, (str, os.PathLike)):
        return os.fspath(path_or_handler)
    return type(path_or_handler).__name__


def model_from_topology(
    topology: Any, custom_objects: Mapping[str, Any] | None = None, source: str = "model.json"
) -> Any:
    """The model a `modelTopology` describes, with freshly initialized weights."""
    from tfjs.layers.serialization import deserialize_keras_object

    config = ts_model_config(topology, source)
    try:
        return deserialize_keras_object(config, custom_objects, "layer")
    except ValueError as error:
        raise ValueError(f"{error}\n(while reading the model in {source})") from None


def load_layers_model(
    path_or_handler: Any,
    options: Mapping[str, Any] | None = None,
    *,
    strict: bool = True,
    custom_objects: Mapping[str, Any] | None = None,
    **load_options: Any,
) -> Any:
    """Loads a layers model (TF.js `tf.loadLayersModel`): `path_or_handler` is a model.json,
    its folder, a URL or an IO handler. With `strict`, the weights must match the
    model's exactly (names and shapes); with `strict=False` missing and extra weights
    are ignored. A bad file leaves nothing allocated. `options` is TF.js's options
    object (`{"strict": False, "request_init": ...}`), as `tf.load_graph_model` takes
    it; its keys may also come as keyword arguments.

    >>> model = tf.load_layers_model("tests/layers/models/doc_dense/model.json")
    >>> model.predict(tf.tensor2d([[1, 2]])).array_sync()
    [[4.0]]
    >>> _ = model.dispose()
    """
    from tfjs import io

    if options is not None:
        if not isinstance(options, Mapping):
            raise TypeError(
                f"load_layers_model(path, options): options is TF.js's options object (a dict), "
                f"got {type(options).__name__}"
            )
        given = dict(options)
        strict = given.pop("strict", strict)
        load_options = {**given, **load_options}
    if not isinstance(strict, bool):
        raise TypeError(f"load_layers_model: strict must be True or False, got {strict!r}")
    source = _source_name(path_or_handler)
    artifacts = io.load_model_artifacts(path_or_handler, **load_options)
    if artifacts.model_topology is None:
        raise ValueError(f"{source}: the model.json has no modelTopology")
    if isinstance(artifacts.model_topology, Mapping) and "node" in artifacts.model_topology:
        raise ValueError(
            f"{source} is a graph model (its topology has nodes): load it with tf.load_graph_model"
        )
    return model_from_artifacts(artifacts, strict, custom_objects, source)


def model_from_artifacts(
    artifacts: Any,
    strict: bool = True,
    custom_objects: Mapping[str, Any] | None = None,
    source: str = "model.json",
) -> Any:
    """A LayersModel from loaded ModelArtifacts: built from the topology, then its
    weights set from the decoded weight data (optimizer weights are kept aside)."""
    from tfjs import io

    weights: dict[str, Tensor] = {}
    if artifacts.weight_specs:
        specs = [s for s in artifacts.weight_specs if s.get("group") != "optimizer"]
        optimizer_specs = [s for s in artifacts.weight_specs if s.get("group") == "optimizer"]
        try:
            all_weights = io.decode_weights(artifacts.weight_data, artifacts.weight_specs)
        except ValueError as error:
            raise ValueError(f"{source}: cannot read the weights: {error}") from None
        weights = {s["name"]: all_weights[s["name"]] for s in specs if s["name"] in all_weights}
        optimizer_weights = {
            s["name"]: all_weights[s["name"]] for s in optimizer_specs if s["name"] in all_weights
        }
    else:
        optimizer_weights = {}
    token = fast_weight_init.set(bool(weights))
    created: list[Any] = []
    created_token = created_variables.set(created)
    model = None
    try:
        model = model_from_topology(artifacts.model_topology, custom_objects, source)
        fast_weight_init.reset(token)
        created_variables.reset(created_token)
        token = created_token = None
        if weights or strict:
            try:
                model.load_weights(weights, strict)
            except ValueError as error:
                raise ValueError(f"{error} (loading {source})") from None
    except BaseException:
        for variable in created:
            if not variable.is_disposed:
                variable.dispose()
        dispose(list(weights.values()) + list(optimizer_weights.values()))
        raise
    finally:
        if token is not None:
            fast_weight_init.reset(token)
        if created_token is not None:
            created_variables.reset(created_token)
    dispose(list(weights.values()))
    if artifacts.training_config is not None:
        from tfjs.layers.training.training_config import compile_from_training_config

        try:
            compile_from_training_config(model, artifacts.training_config, optimizer_weights)
        except (ValueError, TypeError, NotImplementedError) as error:
            model.dispose()
            dispose(list(optimizer_weights.values()))
            raise type(error)(f"{error} (in the training config of {source})") from None
    dispose(list(optimizer_weights.values()))
    return model
