"""The model of a batch run: a graph model or a layers model (`tfjs.analysis.models`'
`load_model`), seen through the few names the worker uses: `inputs` (the ones a record
feeds, by name), `outputs`, `execute` and `dispose`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tfjs.analysis import models
from tfjs.tensor import Tensor


class BatchModel:
    """A loaded model with its inputs and outputs as `TensorSpec`s (an unknown size -1)."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.inputs = models.input_specs(model)
        self.outputs = models.output_specs(model)

    def execute(self, feeds: Mapping[str, Tensor]) -> list[Tensor]:
        """The model's outputs for `feeds` (by input name), in `outputs` order."""
        return models.call_model(self.model, feeds)

    def dispose(self) -> None:
        """Frees the model's weights."""
        self.model.dispose()


def load_model(path: str) -> BatchModel:
    """The graph or layers model at `path`, for a batch run.

    >>> model = load_model("tests/layers/models/doc_dense/model.json")
    >>> [(i.name, i.shape) for i in model.inputs], [o.name for o in model.outputs]
    ([('doc_dense_input', [-1, 2])], ['doc_dense'])
    >>> model.dispose()
    """
    return BatchModel(models.load_model(path))
