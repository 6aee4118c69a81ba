"""`model.summary()` (tfjs-layers' utils/layer_utils.ts printSummary): Keras's table of layers,
their input and output shapes, parameter counts and (for non-sequential graphs) the layers
each one receives its inputs from, then the parameter totals."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any


def _shape_json(shape: Any) -> str:
    def plain(value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        return value

    return json.dumps(plain(shape), separators=(",", ":"))


def _count(weights: Sequence[Any]) -> int:
    total = 0
    for w in weights:
        n = 1
        for d in w.shape:
            n *= d
        total += n
    return total


def is_sequential_like(model: Any) -> bool:
    """Whether every depth holds one node with at most one inbound layer, and every layer
    is called once (TF.js's isModelSequentialLike)."""
    for nodes in model.nodes_by_depth.values():
        if len(nodes) > 1 or (nodes and len(nodes[0].inbound_layers) > 1):
            return False
    relevant = {id(n) for n in model.nodes_in_order}
    return all(sum(id(n) in relevant for n in layer.inbound_nodes) <= 1 for layer in model.layers)


def _row(fields: Sequence[str], positions: Sequence[int], print_fn: Callable[[str], Any]) -> None:
    line = ""
    for i, text in enumerate(fields):
        if i > 0:
            line = line[:-1] + " "
        line += text
        line = line[: positions[i]]
        line += " " * (positions[i] - len(line))
    print_fn(line)


def print_summary(
    model: Any,
    line_length: int | None = None,
    positions: Sequence[float] | None = None,
    print_fn: Callable[[str], Any] = print,
) -> None:
    """Prints the summary table of `model` line by line through `print_fn`."""
    sequential_like = is_sequential_like(model)
    header = ["Layer (type)", "Input Shape", "Output shape", "Param #"]
    if sequential_like:
        line_length = line_length or 90
        positions = positions or [0.32, 0.61, 0.89, 1]
    else:
        line_length = line_length or 115
        positions = positions or [0.24, 0.48, 0.70, 0.80, 1]
        header.append("Receives inputs")
    if positions[-1] <= 1:
        positions = [int(line_length * p) for p in positions]
    cols = [int(p) for p in positions]
    relevant = {id(n) for n in model.nodes_in_order}
    print_fn("_" * line_length)
    _row(header, cols, print_fn)
    print_fn("=" * line_length)
    layers = model.layers
    for i, layer in enumerate(layers):
        input_shape = ",".join(_shape_json(node.input_shapes) for node in layer.inbound_nodes)
        try:
            output_shape = _shape_json(layer.output_shape)
        except ValueError:
            output_shape = "multiple"
        fields = [f"{layer.name} ({layer.class_name})", input_shape, output_shape, str(layer.count_params())]
        if sequential_like:
            _row(fields, cols, print_fn)
        else:
            connections = [
                f"{src.name}[{ni}][{ti}]"
                for node in layer.inbound_nodes
                if id(node) in relevant
                for src, ni, ti in zip(
                    node.inbound_layers, node.node_indices, node.tensor_indices, strict=False
                )
            ]
            _row([*fields, connections[0] if connections else ""], cols, print_fn)
            for extra in connections[1:]:
                _row(["", "", "", "", extra], cols, print_fn)
        print_fn(("=" if i == len(layers) - 1 else "_") * line_length)
    trainable = _count(model.trainable_weights)
    non_trainable = _count(model.non_trainable_weights)
    print_fn(f"Total params: {trainable + non_trainable}")
    print_fn(f"Trainable params: {trainable}")
    print_fn(f"Non-trainable params: {non_trainable}")
    print_fn("_" * line_length)
