"""Graphs whose only control flow is conditionals (TF1's `tf.cond`: Switch and Merge, no
loop) with predicates the host knows from the constants and the feeds' values (a ratio
or a flag fed with the image), evaluated as host_shapes evaluates shapes.

For the predicates' values, each Switch passes its data to its taken side and nothing to
the other, and each Merge passes its one live input: the nodes that read nothing live
never run, as in TF.js's executor, where they never become ready. The graph so resolved
has no frames: it runs as a plan, and from its second run as one program, held per set
of predicate values (the least recently used dropped past MAX_RESOLUTIONS). Where a
predicate is computed from a tensor's values, a loop is used, or a Merge would see two
live inputs not both weights or be read for its index, the frames executor runs the graph as
before."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tfjs.converter.custom_op import is_custom
from tfjs.converter.host_shapes import HOST_OPS, MAX_DEPTH, SHAPE_READERS, host_op, output_of, read_feeds
from tfjs.converter.model_graph import Graph, Node, execution_order, parse_input_name
from tfjs.converter.ops._values import HostValues, first_truth

if TYPE_CHECKING:
    from tfjs.converter.executor import GraphExecutor
    from tfjs.tensor import Tensor

LOOP_OPS = frozenset({"Enter", "Exit", "NextIteration", "LoopCond"})
MAX_RESOLUTIONS = 4
Ref = tuple[str, int]
Resolved = tuple["GraphExecutor", list[Ref]]


class CondResolutions:
    """An executor's graphs resolved for its predicates' values (see the module's docstring)."""

    def __init__(self) -> None:
        self.switches: dict[Any, tuple[str, ...]] = {}  # per inputs and outputs: the Switch nodes used
        self.resolved: dict[Any, Resolved | None] = {}

    def find(
        self, executor: GraphExecutor, inputs: dict[str, Tensor], output_refs: list[Ref]
    ) -> Resolved | None:
        """The executor of the graph resolved for this run's predicates, and the refs of
        the outputs in it; None where the frames executor must run the graph."""
        fed = {parse_input_name(name)[0]: tensor for name, tensor in inputs.items()}
        key = (tuple(sorted(fed)), tuple(output_refs))
        switches = self.switches.get(key)
        if switches is None:
            switches = self.switches[key] = _switches(executor, set(fed), output_refs)
        if not switches:
            return None
        taken = _predicates(executor, switches, fed)
        if taken is None:
            return None
        full_key = (key, taken)
        if full_key in self.resolved:
            resolved = self.resolved[full_key] = self.resolved.pop(full_key)  # most recently used last
            return resolved
        if len(self.resolved) >= MAX_RESOLUTIONS:
            _dispose(self.resolved.pop(next(iter(self.resolved))))
        resolved = self.resolved[full_key] = _resolve(
            executor, set(fed), output_refs, dict(zip(switches, taken, strict=True))
        )
        return resolved

    def clear(self) -> None:
        for resolved in self.resolved.values():
            _dispose(resolved)
        self.resolved.clear()
        self.switches.clear()


def _dispose(resolved: Resolved | None) -> None:
    if resolved is not None:
        resolved[0].dispose_folded()


def _switches(executor: GraphExecutor, fed: set[str], output_refs: list[Ref]) -> tuple[str, ...]:
    """The Switch nodes the outputs depend on; none where a loop is used."""
    nodes = executor.graph.nodes
    used = executor.used_nodes(fed, [name for name, _ in output_refs])[0]
    if any(nodes[name].op in LOOP_OPS for name in used):
        return ()
    return tuple(sorted(name for name in used if nodes[name].op == "Switch" and name not in fed))


def _predicates(
    executor: GraphExecutor, switches: tuple[str, ...], fed: dict[str, Tensor]
) -> tuple[bool, ...] | None:
    """Each Switch's predicate, as TF.js reads it (its first value), evaluated on the host;
    None where one is not known there."""
    nodes, reads = executor.graph.nodes, executor.constant_reads
    memo: dict[Ref, HostValues | None] = {}

    def value(name: str, index: int, depth: int) -> HostValues | None:
        if (name, index) not in memo:
            if name in fed:  # read once a predicate needs it
                memo[(name, index)] = read_feeds([name], fed).get(name) if index == 0 else None
            else:
                constant = reads.value(name, index, fed)
                memo[(name, index)] = constant if constant is not None else computed(name, index, depth)
        return memo[(name, index)]

    def computed(name: str, index: int, depth: int) -> HostValues | None:
        node = nodes.get(name)
        if node is None or node.op not in HOST_OPS or is_custom(node.mapper) or depth >= MAX_DEPTH:
            return None
        args: list[Any]
        if node.op in SHAPE_READERS:  # the shape of a feed
            args = [fed.get(node.inputs[0][0])] if node.inputs and node.inputs[0][1] == 0 else [None]
        else:
            args = [value(producer, i, depth + 1) for producer, i in node.inputs]
        if any(arg is None for arg in args):
            return None
        return output_of(host_op(node, args), index)

    taken = []
    for name in switches:
        if len(nodes[name].inputs) != 2:
            return None  # the frames executor runs it, and the Switch op says what is wrong
        predicate = value(*nodes[name].inputs[1], 0)
        truth = first_truth(predicate) if predicate is not None and predicate.dtype != "string" else None
        if truth is None:
            return None
        taken.append(truth)
    return tuple(taken)


def _resolve(
    executor: GraphExecutor, fed: set[str], output_refs: list[Ref], taken: dict[str, bool]
) -> Resolved | None:
    """The executor of the graph without its Switch and Merge nodes for the predicates
    `taken`, and the outputs' refs in it; None where that is not the same run."""
    graph = executor.graph
    nodes = graph.nodes
    preset = executor.preset(fed)
    used = executor.used_nodes(fed, [name for name, _ in output_refs])[0]
    passes: dict[Ref, Ref] = {}  # a resolved Switch's or Merge's output: the live tensor it passes
    dead: set[Ref | str] = set()  # refs nothing passes, and nodes that never run
    merges: set[str] = set()
    kept: dict[str, Node] = {}

    def is_dead(ref: Ref) -> bool:
        return ref in dead or ref[0] in dead

    for node in execution_order(nodes, used, preset):
        if node.name in preset:
            continue
        refs = [passes.get(ref, ref) for ref in node.inputs]
        if any(ref[0] in merges and ref[1] != 0 for ref in node.inputs):
            return None  # a Merge's value_index: TF.js's Merge gives none
        controls = [passes.get((c, 0), (c, 0)) for c in node.controls]
        if node.op == "Merge":
            live = [ref for ref in refs if not is_dead(ref)]
            if len(live) > 1 and not all(ref[0] in preset for ref in live):
                return None  # which comes first depends on the order TF.js runs the nodes
            # weights are there from the start: TF.js's Merge takes the first in its inputs
            if live:
                passes[(node.name, 0)] = live[0]
                merges.add(node.name)
            else:
                dead.add(node.name)
            continue
        if any(is_dead(ref) for ref in refs + controls):
            dead.add(node.name)
        elif node.op == "Switch":
            side = 1 if taken[node.name] else 0
            passes[(node.name, side)] = refs[0]
            dead.add((node.name, 1 - side))
        else:
            # a control on a resolved Switch or Merge only waited for its live tensor
            kept_controls = [c for c, ref in zip(node.controls, controls, strict=True) if ref == (c, 0)]
            kept[node.name] = replace(node, inputs=refs, controls=kept_controls, children=[])
    outputs = [passes.get(ref, ref) for ref in output_refs]
    if any(ref[0] not in kept and ref[0] not in preset for ref in outputs):
        return None  # dead, or a Merge's index: the frames executor says what is wrong
    resolved = _graph(graph, kept, preset)
    weights = {name: tensors[0] for name, tensors in executor.weight_map.items()}
    return type(executor)(resolved, weights, parent=executor), outputs


def _graph(graph: Graph, kept: dict[str, Node], preset: set[str]) -> Graph:
    """`graph` with only the `kept` nodes (and its inputs and weights), without frames."""
    nodes = {
        name: replace(node, inputs=[], controls=[], children=[])
        for name, node in graph.nodes.items()
        if name in preset
    }
    nodes.update(kept)
    for node in kept.values():
        for producer in dict.fromkeys([p for p, _ in node.inputs] + node.controls):
            nodes[producer].children.append(node)

    def present(listed: list[Node]) -> list[Node]:
        return [nodes[node.name] for node in listed if node.name in nodes]

    init_nodes = [node for node in kept.values() if not node.inputs and not node.controls]
    return replace(
        graph,
        nodes=nodes,
        inputs=present(graph.inputs),
        outputs=present(graph.outputs),
        weights=present(graph.weights),
        init_nodes=init_nodes,
        has_frames=False,
    )
