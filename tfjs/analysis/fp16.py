"""Which nodes of a model float16 breaks: TF.js warns that mobile GPUs may have only
16-bit textures; this runs the model once and finds the values float16 cannot hold."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from tfjs.analysis.inputs import make_inputs, run_keeping
from tfjs.analysis.models import is_layers_model, load_model

FLOAT16_MAX = 65504.0
# float16 keeps 10 bits of mantissa: a normal value rounds with a relative error <= 2**-11.
PRECISION = 2.0**-10


@dataclass
class Fp16Finding:
    """A node float16 breaks: "overflow" (a value beyond ±65504) or "precision" (values
    that matter lose more than float16's precision), with the node's largest |value| and
    the worst relative error of float16 rounding on the values that matter and float16
    can hold."""

    node: str
    op: str
    problem: str
    max_abs: float
    worst_relative_error: float

    def to_dict(self) -> dict[str, Any]:
        """The finding as plain JSON-ready values."""
        return dataclasses.asdict(self)


def fp16_problem(values: np.ndarray) -> tuple[str, float, float] | None:
    """`(problem, max_abs, worst_relative_error)` when float32 `values` do not survive
    float16, else None. The values that matter are the finite ones at least 2**-10 of the
    largest |value| (smaller ones vanish beside it anyway); "overflow" when the largest
    is beyond 65504, "precision" when rounding one that matters to float16 is off by more
    than 2**-10 of it (it falls among float16's subnormals or to zero).

    >>> fp16_problem(np.array([1.0, 70000.0], np.float32))[0]
    'overflow'
    >>> fp16_problem(np.array([1e-6, 3e-6], np.float32))[0]
    'precision'
    >>> fp16_problem(np.array([0.5, 1000.0], np.float32)) is None
    True
    """
    finite = np.abs(values[np.isfinite(values)]).astype(np.float32)
    if finite.size == 0:
        return None
    max_abs = float(finite.max())
    if max_abs == 0.0:
        return None
    # Values beyond float16's range are the overflow; the error is measured on the others.
    significant = finite[(finite >= max_abs * PRECISION) & (finite <= FLOAT16_MAX)]
    rounded = significant.astype(np.float16).astype(np.float32)
    errors = np.abs(rounded - significant) / significant
    worst = float(errors.max()) if errors.size else 0.0
    if max_abs > FLOAT16_MAX:
        return "overflow", max_abs, worst
    if worst > PRECISION:
        return "precision", max_abs, worst
    return None


def check_fp16(
    path: str, shapes: Mapping[str, list[int]] | None = None, image: Any = None
) -> list[Fp16Finding]:
    """Runs the model at `path` once on `make_inputs(model, shapes, image)` keeping every
    node's values (KEEP_INTERMEDIATE_TENSORS) and lists each float32 node, weights
    included, whose values float16 cannot hold (see `fp16_problem`), in graph order; for a
    layers model, each layer whose weights or output float16 cannot hold, in layer order.

    >>> [f.node for f in check_fp16("tests/analysis/fixtures/overflow/model.json")]
    ['offset', 'big', 'out']
    """
    model = load_model(path)
    try:
        inputs = make_inputs(model, shapes, image)
        try:
            values = _layer_values(model, inputs) if is_layers_model(model) else _node_values(model, inputs)
        finally:
            for tensor in inputs.values():
                tensor.dispose()
    finally:
        model.dispose()
    findings = []
    for name, op, arrays in values:
        for array in arrays:
            if array is None or array.dtype != np.float32:
                continue
            problem = fp16_problem(array)
            if problem is not None:
                findings.append(Fp16Finding(name, op, *problem))
                break
    return findings


def _node_values(model: Any, inputs: Mapping[str, Any]) -> list[tuple[str, str, list[np.ndarray | None]]]:
    """A graph model's nodes in graph order: (name, TF op, values in one run)."""
    values = run_keeping(model, inputs)
    return [(node.name, node.op, values.get(node.name) or []) for node in model.executor.graph.nodes.values()]


def _layer_values(model: Any, inputs: Mapping[str, Any]) -> list[tuple[str, str, list[np.ndarray | None]]]:
    """A layers model's layers in order: (name, class, its weights' values and its output
    in one run), through `execute` with every layer's output as a target."""
    layers = [layer for layer in model.layers if layer.class_name != "InputLayer"]
    outputs = model.execute([inputs[name] for name in model.input_names], [layer.name for layer in layers])
    try:
        return [
            (layer.name, layer.class_name, [w.read().numpy() for w in layer.weights] + [output.numpy()])
            for layer, output in zip(layers, outputs, strict=True)
        ]
    finally:
        for tensor in outputs:
            tensor.dispose()
