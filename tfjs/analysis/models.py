"""The two kinds of model the analysis takes, behind one face: `load_model` opens a graph
model or a layers model from its model.json (`load`: a graph model only), and
`input_specs`, `output_specs`, `output_names` and `call_model` read and run either the
same way."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from tfjs.tensor import Tensor

GRAPH_MODEL = "graph-model"
LAYERS_MODEL = "layers-model"


def load(path: str) -> Any:
    """Loads the graph model at `path` (its model.json, or the folder holding it) as
    `tf.load_graph_model` does, with clear errors: OSError for a missing file,
    ValueError "... is not a TF.js model.json: ..." for a file that is not one, and the
    layers-model error as `tf.load_graph_model` words it (`load_model` takes both kinds).

    >>> model = load("tests/converter/fixtures/add_mul/model.json")
    >>> [i.name for i in model.inputs]
    ['x']
    >>> model.dispose()
    """
    from tfjs.converter.loading import load_graph_model_sync

    return load_graph_model_sync(_artifacts(path))


def load_model(path: str) -> Any:
    """Loads the model at `path` (its model.json, or the folder holding it): a layers model
    (`format: 'layers-model'`, or a Keras config as its topology) as
    `tf.load_layers_model` does, any other as `tf.load_graph_model` does, with `load`'s
    clear errors and the loaders' own for a model they refuse.

    >>> model = load_model("tests/layers/models/doc_dense/model.json")
    >>> model.input_names, is_layers_model(model)
    (['doc_dense_input'], True)
    >>> _ = model.dispose()
    """
    return load_with_artifacts(path)[0]


def _artifacts(path: str) -> Any:
    from tfjs import io

    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"A model path must be a string, got {type(path).__name__}")
    try:
        return io.load_model_artifacts(os.fspath(path))
    except ValueError as error:
        raise ValueError(f"{os.fspath(path)} is not a TF.js model.json: {error}") from None


def load_with_artifacts(path: str) -> tuple[Any, Any]:
    """`load_model(path)`, and the ModelArtifacts the model was made from."""
    from tfjs.converter.loading import load_graph_model_sync
    from tfjs.layers.saving.load import model_from_artifacts

    artifacts = _artifacts(path)
    if model_kind(artifacts) == LAYERS_MODEL:
        return model_from_artifacts(artifacts, source=os.fspath(path)), artifacts
    model = load_graph_model_sync(artifacts)
    return model, model.artifacts


def model_kind(artifacts_or_model: Any) -> str:
    """ "layers-model" for a layers model (or its artifacts), else "graph-model"."""
    from tfjs.layers.engine.container import Container

    if isinstance(artifacts_or_model, Container):
        return LAYERS_MODEL
    topology = getattr(artifacts_or_model, "model_topology", None)
    if getattr(artifacts_or_model, "format", None) == LAYERS_MODEL or (
        isinstance(topology, Mapping)
        and "node" not in topology
        and ("class_name" in topology or "model_config" in topology)
    ):
        return LAYERS_MODEL
    return GRAPH_MODEL


def is_layers_model(model: Any) -> bool:
    """Whether `model` (a loaded model) is a layers model."""
    return model_kind(model) == LAYERS_MODEL


def _specs(model: Any, which: str) -> list[Any]:
    """`model.inputs` or `model.outputs` (`which`) as `TensorSpec`s; a layers model's
    named by their layers (`input_names`/`output_names`), unknown sizes -1."""
    from tfjs.analysis.info import TensorSpec

    tensors = getattr(model, which)
    if not is_layers_model(model):
        # An input of no dtype is a resource the model feeds itself (TF.js lists it so).
        fed = [t for t in tensors if which == "outputs" or t.dtype is not None]
        return [TensorSpec(t.name, t.shape, t.dtype) for t in fed]
    names = getattr(model, "input_names" if which == "inputs" else "output_names")
    return [
        TensorSpec(name, None if t.shape is None else [-1 if d is None else int(d) for d in t.shape], t.dtype)
        for name, t in zip(names, tensors, strict=True)
    ]


def input_specs(model: Any) -> list[Any]:
    """The model's inputs as `TensorSpec`s (name, shape with -1 for unknown sizes, dtype);
    a layers model's inputs are named by their input layers, as `predict` takes them."""
    return _specs(model, "inputs")


def output_specs(model: Any) -> list[Any]:
    """The model's outputs as `TensorSpec`s; a layers model's are named by their layers."""
    return _specs(model, "outputs")


def output_names(model: Any) -> list[str]:
    """The names of the model's outputs, in the order `call_model` returns them."""
    return list(model.output_names) if is_layers_model(model) else list(model.output_nodes)


def call_model(model: Any, inputs: Mapping[str, Tensor]) -> list[Tensor]:
    """One inference on `inputs` (by input name): a graph model's `execute`, a layers
    model's `predict`; its output tensors, in `output_names` order, for the caller to
    dispose."""
    if is_layers_model(model):
        results = model.predict([inputs[name] for name in model.input_names])
    else:
        results = model.execute(dict(inputs))
    return list(results) if isinstance(results, list) else [results]


def runs_as(model: Any) -> str:
    """How a model's calls ran last: a layers model's "predict"; a graph model's plan as
    it runs now ("kernel plan", or "compiled: ..." with how: see LoweredPlan.form), with
    "+ frames" where control flow runs node by node after it, ", conditionals resolved"
    where the feeds decided them, or "node by node" where no plan ran (a plan compile
    that fails shows here, not as an error).

    >>> model = load_model("tests/converter/fixtures/add_mul/model.json")
    >>> runs_as(model)
    'node by node'
    >>> model.dispose()
    """
    if is_layers_model(model):
        return "predict"
    return _executor_form(model.executor)


def _executor_form(executor: Any) -> str:
    """How `executor`'s graph ran last; a graph whose conditionals the feeds decided ran
    as the executor of the graph resolved for them (the most recently used)."""
    resolved = [found for found in executor.conds.resolved.values() if found is not None]
    if resolved:
        return f"{_executor_form(resolved[-1][0])}, conditionals resolved"
    lowered = [plan for plan in executor.plan_programs.by_key.values() if plan is not None]
    if not lowered:
        return "node by node"
    form = lowered[-1].form  # the most recently used
    return f"{form} + frames" if executor.graph.has_frames else form
