"""What `execute` checks of its feeds and requested outputs before any node runs, as
TF.js's GraphExecutor checks them (names, shapes and dtypes), and the outputs it hands
back."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tfjs.converter.model_graph import Graph, parse_input_name
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor

# Placeholder dtypes of handles (a hash table's, a TensorList's), fed as ordinary tensors.
OPAQUE_DTYPES = frozenset({"resource", "variant"})


def named_feeds(graph: Graph, inputs: dict[str, Any]) -> dict[str, Any]:
    """`inputs` keyed by tensor name where keyed by the signature's key; two keys that name
    one tensor ('x' and 'x:0', or a signature key and its tensor's name) are an error."""
    entries = graph.signature.get("inputs") or {}
    named: dict[str, Any] = {}
    given: dict[tuple[str, int], str] = {}
    for key, value in inputs.items():
        name = entries[key]["name"] if key in entries else key
        node_name, index, _ = parse_input_name(name)
        if (node_name, index) in given:
            raise ValueError(
                f"The dict provided in model.execute(dict) feeds the tensor '{node_name}:{index}' twice: "
                f"as '{given[node_name, index]}' and as '{key}'"
            )
        given[node_name, index] = key
        named[name] = value
    return named


def in_feed_order(names: Iterable[str]) -> list[str]:
    """Feed names in the order a plan's program takes its feeds: by node, then output
    (not by the text: `a:0` and `a` name one feed, which must come first either way)."""
    return sorted(names, key=lambda name: parse_input_name(name)[:2])


def check_inputs(graph: Graph, inputs: dict[str, Tensor]) -> None:
    """Names, shapes and dtypes of the feeds ({node name: tensor}); an unknown name's
    error lists the graph's inputs."""
    unknown = [name for name in inputs if parse_input_name(name)[0] not in graph.nodes]
    if unknown:
        raise ValueError(
            f"The dict provided in model.execute(dict) has keys: {unknown} that are not part of graph "
            f"(its inputs: {graph.input_nodes})"
        )
    for name, tensor in inputs.items():
        node_name, index, _ = parse_input_name(name)
        node = graph.nodes[node_name]
        if index and node.op.startswith("Placeholder"):
            raise ValueError(
                f"The dict provided in model.execute(dict) has key '{name}', but the {node.op} "
                f"'{node_name}' has one output: feed it as '{node_name}'"
            )
        if not isinstance(tensor, Tensor):
            raise TypeError(f"The input '{node.name}' must be a Tensor, got {type(tensor).__name__}")
        if tensor.is_disposed:
            raise ValueError(f"The input '{node.name}' is a disposed tensor")
        shape = node.attrs.get("shape")
        placeholder = node.op.startswith("Placeholder")
        if placeholder and shape is not None and not _shape_matches(shape, tensor.shape):
            raise ValueError(
                f"The shape of dict['{node.name}'] provided in model.execute(dict) must be "
                f"{list(shape)}, but was {list(tensor.shape)}"
            )
        dtype = node.attrs.get("dtype")
        if dtype in OPAQUE_DTYPES:  # a handle: its tensor's dtype says nothing (TF.js checks none)
            continue
        if dtype and placeholder and tensor.dtype != dtype:
            raise ValueError(
                f"The dtype of dict['{node.name}'] provided in model.execute(dict) must be {dtype}, "
                f"but was {tensor.dtype}"
            )


def check_outputs(graph: Graph, outputs: list[str]) -> None:
    """Every requested output names a node of `graph`."""
    for name in outputs:
        if parse_input_name(name)[0] not in graph.nodes:
            raise ValueError(f"The output '{name}' is not found in the graph")


def _shape_matches(shape: list[int], actual: tuple[int, ...]) -> bool:
    """A placeholder's shape accepts `actual`: same rank, -1 dims of any size."""
    return len(shape) == len(actual) and all(d in (-1, t) for d, t in zip(shape, actual, strict=True))


def owned_outputs(results: list[Any], feeds: dict[str, Any]) -> list[Any]:
    """`results`, where one is a tensor the call does not own (a weight, a folded
    constant or a hash table's handle, which are kept; or one of `feeds`) as a new tensor
    on its buffer, so that disposing the outputs leaves the model and the feeds whole
    (TF.js hands back the tensor itself: disposing it broke the model's next call)."""
    fed = {id(tensor) for tensor in feeds.values()}
    return [ENGINE.share(t) if isinstance(t, Tensor) and (t.kept or id(t) in fed) else t for t in results]
