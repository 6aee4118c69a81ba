"""The model of a batch run: a graph model, or a layers model (where `tf.load_layers_model`
is present) seen through the same few names (`inputs`, `outputs`, `execute`, `dispose`)."""

from __future__ import annotations

import os
from typing import Any

from tfjs.analysis.info import load
from tfjs.converter.graph_model import TensorInfo
from tfjs.tensor import Tensor


class LayersModelRunner:
    """A layers model as the batch worker runs a graph model: `inputs` and `outputs` as
    TensorInfo (an unknown size -1), `execute({input name: tensor})` through `predict`."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.inputs = [_info(n, t) for n, t in zip(model.input_names, model.inputs, strict=True)]
        self.outputs = [_info(n, t) for n, t in zip(model.output_names, model.outputs, strict=True)]

    def execute(self, feeds: dict[str, Tensor]) -> Tensor | list[Tensor]:
        """The model's outputs for `feeds`, keyed by input name."""
        values = [feeds[info.name] for info in self.inputs]
        return self.model.predict(values[0] if len(values) == 1 else values)

    def dispose(self) -> None:
        """Frees the model's weights."""
        self.model.dispose()


def _info(name: str, tensor: Any) -> TensorInfo:
    shape = None if tensor.shape is None else [-1 if d is None else int(d) for d in tensor.shape]
    return TensorInfo(name, shape, tensor.dtype)


def load_model(path: str) -> Any:
    """The model at `path`: a graph model, or a layers model wrapped in LayersModelRunner.

    >>> model = load_model("tests/layers/models/doc_dense/model.json")
    >>> [(i.name, i.shape) for i in model.inputs], [o.name for o in model.outputs]
    ([('doc_dense_input', [-1, 2])], ['doc_dense'])
    >>> model.dispose()
    """
    try:
        return load(path)
    except ValueError:
        import tfjs

        load_layers_model = getattr(tfjs, "load_layers_model", None)
        if load_layers_model is None or not _is_layers_model(path):
            raise
        return LayersModelRunner(load_layers_model(path))


def _is_layers_model(path: str) -> bool:
    from tfjs import io

    artifacts = io.load_model_artifacts(os.fspath(path))
    topology = artifacts.model_topology
    return artifacts.format == "layers-model" or (isinstance(topology, dict) and "node" not in topology)
