"""Loading a TF.js graph model: `tf.load_graph_model` (a path, URL or IO handler) and
`tf.load_graph_model_sync` (a synchronous handler, ModelArtifacts, or a (model_json,
weights) pair), as TF.js's loadGraphModel and loadGraphModelSync."""

from __future__ import annotations

import inspect
import os
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from tfjs.converter.graph_model import GraphModel, not_a_graph_model
from tfjs.converter.warm_up import check_warm_up_option, warm_up
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor


def load_graph_model(path: Any, options: Mapping[str, Any] | None = None) -> GraphModel:
    """Loads a TF.js graph model: `path` is a model.json, its folder, a `file://` or
    `http(s)://` URL, or an IO handler (`tf.io.from_memory(...)`).

    `options` are TF.js's load options in snake_case (`request_init`, `weight_path_prefix`,
    ...), plus `warm_up` (default False; TF.js has no such option and never runs a model
    at load): True runs the model on zeros a few times before returning it, so that the
    first `execute` costs about what later ones do (its one-time work: kernel programs,
    constant folding, joining and compiling the plan, the backend's weight layouts and
    first allocations, is done).
    Its input shapes are the model's, an unknown batch size being 1; `{"warm_up": {name:
    shape}}` gives them (for unknown dimensions, or the batch size you will run). A model
    whose input shapes stay unknown, or that draws random numbers, is a ValueError saying
    why; an error of the warm-up run itself propagates with a note saying so. Either way
    the model is freed and nothing is left behind. The warm-up frees all it made and
    changes no result.

    >>> model = tf.load_graph_model("tests/converter/fixtures/add_mul/model.json")
    >>> model.execute({"x": tf.tensor([1.0, 2.0])}).array_sync()
    [3.0, 5.0]
    >>> model.dispose()
    >>> model = tf.load_graph_model("tests/analysis/fixtures/image/model.json", {"warm_up": True})
    >>> model.dispose()
    """
    if path is None:
        raise ValueError("load_graph_model() needs a path, URL or IO handler, got None")
    from tfjs import io

    options = dict(options or {})
    warm = check_warm_up_option(options)
    model = _model_of(io.load_model_artifacts(path, **options))
    if warm is not False:
        try:
            warm_up(model, None if warm is True else warm)
        except BaseException:
            model.dispose()
            raise
    return model


def load_graph_model_sync(model_source: Any) -> GraphModel:
    """Load a graph model given a synchronous IO handler with a 'load' method.

    `model_source` is an IO handler whose `load()` returns the artifacts (not an
    awaitable), a `tf.io.ModelArtifacts` (or a dict with `modelTopology`, `weightSpecs`
    and `weightData`), or a pair `(model_json, weights)`: model.json as a dict or its
    text, and the bytes of its weights (bytes, bytearray, memoryview, a NumPy array, or
    a list of them in the manifest's order).

    >>> from pathlib import Path
    >>> folder = Path("tests/converter/fixtures/add_mul")
    >>> model_json = (folder / "model.json").read_text()
    >>> weights = (folder / "group1-shard1of1.bin").read_bytes()
    >>> model = tf.load_graph_model_sync((model_json, weights))
    >>> model.execute(tf.tensor([1.0, 2.0])).array_sync()
    [3.0, 5.0]
    >>> model.dispose()
    """
    from tfjs import io

    if model_source is None:
        raise ValueError(
            "modelUrl in loadGraphModelSync() cannot be null. Please provide model artifacts "
            "or an IOHandler that loads the model"
        )
    if isinstance(model_source, (list, tuple)):
        return _model_of(_artifacts_of_pair(model_source))
    if isinstance(model_source, io.ModelArtifacts):
        return _model_of(model_source)
    if isinstance(model_source, Mapping):
        keys = {"modelTopology", "model_topology"}, {"weightSpecs", "weight_specs"}
        keys += ({"weightData", "weight_data"},)
        if all(names & set(model_source) for names in keys):
            return _model_of(io.ModelArtifacts.from_dict(model_source))
        raise ValueError(
            "load_graph_model_sync() got a dict that is not ModelArtifacts: it needs "
            f"modelTopology, weightSpecs and weightData (its keys: {sorted(model_source)[:10]})"
        )
    load = getattr(model_source, "load", None)
    if callable(load):
        if inspect.iscoroutinefunction(load):
            raise ValueError(
                f"load_graph_model_sync() needs an IO handler with a synchronous load(); "
                f"{type(model_source).__name__}.load is async: use load_graph_model"
            )
        artifacts = load()
        if inspect.isawaitable(artifacts):
            if inspect.iscoroutine(artifacts):
                artifacts.close()
            raise ValueError(
                f"load_graph_model_sync() needs an IO handler with a synchronous load(); "
                f"{type(model_source).__name__}.load() returned an awaitable: use load_graph_model"
            )
        if isinstance(artifacts, Mapping):
            artifacts = io.ModelArtifacts.from_dict(artifacts)
        if not isinstance(artifacts, io.ModelArtifacts):
            raise ValueError(
                f"An IO handler's load() must return ModelArtifacts, got {type(artifacts).__name__}"
            )
        return _model_of(artifacts)
    hint = ": use load_graph_model for a path or URL" if isinstance(model_source, (str, os.PathLike)) else ""
    raise ValueError(
        "load_graph_model_sync() takes an IO handler with a synchronous load(), ModelArtifacts, "
        f"or a (model_json, weights) pair; got {type(model_source).__name__} {model_source!r:.80}{hint}"
    )


def _artifacts_of_pair(pair: Sequence[Any]) -> Any:
    """TF.js's `[modelJSON, weights]` as ModelArtifacts."""
    from tfjs import io

    if len(pair) != 2:
        raise ValueError(
            f"load_graph_model_sync() takes a pair (model_json, weights), got a {type(pair).__name__} "
            f"of {len(pair)} items"
        )
    model_json, weights = pair
    if not model_json:
        raise ValueError("modelJSON must be the first element of the array")
    if isinstance(model_json, (str, bytes, bytearray, memoryview)):
        model_json = io.parse_model_json(model_json, "model_json")
    elif isinstance(model_json, Mapping):
        model_json = dict(model_json)
        io.check_model_json(model_json, "model_json")
    else:
        raise ValueError(
            f"The model JSON (first element) must be a dict or its text, got {type(model_json).__name__}"
        )
    buffers = list(weights) if isinstance(weights, (list, tuple)) else [weights]
    if weights is None or not all(_is_buffer(b) for b in buffers):
        found = ", ".join(sorted({type(b).__name__ for b in buffers}))
        raise ValueError(
            "An ArrayBuffer of weights must be the second element of the array: bytes, bytearray, "
            f"memoryview, a NumPy array or a list of them, got {found}"
        )
    if "modelTopology" not in model_json:
        raise ValueError("Model JSON is missing 'modelTopology'")
    if model_json.get("weightsManifest") is None:
        raise ValueError("Model JSON is missing 'weightsManifest'")
    specs = io.get_weight_specs(model_json["weightsManifest"])
    data = buffers if isinstance(weights, (list, tuple)) else weights
    return io.get_model_artifacts_for_json_sync(model_json, specs, data)


def _is_buffer(value: Any) -> bool:
    return isinstance(value, (bytes, bytearray, memoryview, np.ndarray))


def _model_of(artifacts: Any) -> GraphModel:
    """The GraphModel of loaded artifacts: weights decoded and uploaded, graph planned."""
    artifacts, weights = _checked_artifacts(artifacts)
    try:
        return GraphModel(artifacts, weights)
    except BaseException:
        for tensor in weights.values():
            tensor.dispose()
        raise


def _checked_artifacts(artifacts: Any) -> tuple[Any, dict[str, Tensor]]:
    from tfjs import io

    topology = artifacts.model_topology
    if artifacts.format == "layers-model" or (isinstance(topology, dict) and "node" not in topology):
        raise ValueError(not_a_graph_model(artifacts))
    weights = (
        io.decode_weights(artifacts.weight_data, artifacts.weight_specs) if artifacts.weight_specs else {}
    )
    for tensor in weights.values():
        ENGINE.keep(tensor)
    return artifacts, weights
