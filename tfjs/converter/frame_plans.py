"""The parts of a graph with frames that run as plans around its control flow.

Before it: the nodes that need no execution context, outside every frame, computed from
the inputs and weights alone. A detector whose post-processing loops (a `while` over its
boxes, non-max suppression) has its whole network there.

After it: the nodes outside every loop frame and conditional branch that need no
execution context, whose every consumer is among them too. A model that preprocesses its
input in a loop (a `map` over the images of a batch) has its whole network there.

The executor runs each part as a plan (and so as one program, compiled where the backend
compiles it) and the frames only for the rest."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from tfjs.converter.frames import lookup, run_frames
from tfjs.converter.host_shapes import tensor_name
from tfjs.converter.kernel_program import runs_alone
from tfjs.converter.model_graph import CONTROL_FLOW_OPS, FRAME_OPS, Node, parse_input_name
from tfjs.converter.plan_parts import place_outputs
from tfjs.converter.plan_runner import dispose_values

if TYPE_CHECKING:
    from tfjs.converter.execution_context import ExecutionContext
    from tfjs.converter.executor import GraphExecutor
    from tfjs.converter.model_graph import Graph
    from tfjs.tensor import Tensor

Ref = tuple[str, int]


class FramePlans(NamedTuple):
    """For one set of inputs and outputs: the tensors the rest reads of the part before
    the control flow (`prefix_cut`), the nodes after it (`suffix_nodes`) and the
    tensors they read of the rest."""

    cut: list[Ref]
    suffix: frozenset[str]
    suffix_reads: list[Ref]


def run_with_plans(
    executor: GraphExecutor,
    inputs: dict[str, Tensor],
    outputs: list[str],
    output_refs: list[Ref],
    values: dict[str, list[Any]],
    context: ExecutionContext,
    keep_ids: set[int],
    kept: dict[str, list[Any]] | None,
    plans: bool,
) -> Iterator[None]:
    """Computes `output_refs` (named `outputs`) by the frames executor, the parts before
    and after the control flow by plans where `plans`; returns the tensors."""
    fed = inputs
    parts = _parts(executor, inputs, output_refs) if plans else FramePlans([], frozenset(), [])
    if parts.cut:
        computed = yield from executor.run_planned(inputs, parts.cut, values, context, keep_ids, None, False)
        fed = {**inputs, **place_outputs(values, parts.cut, computed)}
    suffix = parts.suffix
    in_frames = [ref for ref in output_refs if ref[0] not in suffix] + parts.suffix_reads
    yield from run_frames(executor, values, fed, in_frames, context, keep_ids, kept)
    found = {ref: lookup(values, *ref, context) for ref in in_frames}
    if suffix and all(found[ref] is not None for ref in parts.suffix_reads):
        reads = {tensor_name(*ref): found[ref] for ref in parts.suffix_reads}
        after = [ref for ref in output_refs if ref[0] in suffix]
        computed = yield from executor.run_planned(reads, after, values, context, keep_ids, None, False)
        found.update(zip(after, computed, strict=True))
    results = executor.shape_folds.owned([found.get(ref) for ref in output_refs])
    missing = [outputs[i] for i, t in enumerate(results) if t is None]
    if missing:
        dispose_values([results], keep_ids)  # the outputs it did compute
        raise ValueError(_cannot_compute(executor, inputs, outputs, output_refs, missing))
    return results


def _cannot_compute(
    executor: GraphExecutor,
    inputs: dict[str, Tensor],
    outputs: list[str],
    output_refs: list[Ref],
    missing: list[str],
) -> str:
    """Why the outputs `missing` were not computed: made inside a loop frame, or TF.js's
    message with the inputs they need."""
    for name, (node_name, _) in zip(outputs, output_refs, strict=True):
        frame = loop_frame_of(executor.graph, node_name)
        if name in missing and frame is not None:
            return (
                f"The output '{name}' is made inside the loop frame '{frame}', once per iteration, "
                "and is gone when the loop ends: ask for what the loop gives out (an Exit node, "
                "or a node after it)"
            )
    feeds = {parse_input_name(name)[0] for name in inputs}
    needed = executor.used_nodes(feeds, [name for name, _ in output_refs])[1]
    return (
        f"Cannot compute the outputs {missing} from the provided inputs {sorted(inputs)}. "
        f"Consider providing the following inputs: {sorted(needed)}"
    )


def loop_frame_of(graph: Graph, name: str) -> str | None:
    """The frame name of the loop node `name` runs in (its innermost, where loops nest),
    or None where it runs outside every loop: the first Enter met walking back through
    its inputs without crossing an Exit (which leads into another loop)."""
    seen = {name}
    frontier = [name]
    while frontier:
        node = graph.nodes[frontier.pop()]
        if node.op == "Enter":
            return str(node.attrs.get("frame_name") or "")
        for producer in [p for p, _ in node.inputs] + node.controls:
            if producer not in seen and graph.nodes[producer].op != "Exit":
                seen.add(producer)
                frontier.append(producer)
    return None


def _parts(executor: GraphExecutor, inputs: dict[str, Tensor], output_refs: list[Ref]) -> FramePlans:
    """The parts run as plans for these inputs and outputs, worked out once."""
    input_names = {parse_input_name(name)[0] for name in inputs}
    key = (tuple(sorted(input_names)), tuple(output_refs))
    parts = executor.frame_plans.get(key)
    if parts is None:
        graph = executor.graph
        used = executor.used_nodes(input_names, [name for name, _ in output_refs])[0]
        preset = executor.preset(input_names)
        runs_before = _runs_before(graph, preset)
        cut = prefix_cut(graph, used, preset, output_refs, runs_before)
        suffix = suffix_nodes(graph, used, preset, runs_before)
        reads = {
            (producer, index): None
            for name in suffix
            for producer, index in graph.nodes[name].inputs
            if producer not in suffix and producer not in executor.weight_map
        }
        parts = executor.frame_plans[key] = FramePlans(cut, frozenset(suffix), list(reads))
    return parts


def prefix_cut(
    graph: Graph,
    used: set[str],
    preset: set[str],
    output_refs: list[Ref],
    runs_before: Callable[[str], bool] | None = None,
) -> list[Ref]:
    """The tensors (node, output index) through which the nodes in `used` that depend on
    control flow, or on a node needing the execution context, read the part before it
    (with the outputs computed there); empty when that part computes nothing."""
    nodes = graph.nodes
    runs_before = runs_before or _runs_before(graph, preset)
    cut: dict[Ref, None] = {}
    for name in used:
        node = nodes[name]
        if name in preset or runs_before(name):
            continue
        for producer, index in node.inputs:
            if producer not in preset and runs_before(producer):
                cut[(producer, index)] = None
        for producer in node.controls:
            if producer not in preset and runs_before(producer):
                cut[(producer, 0)] = None
    for name, index in output_refs:
        if name not in preset and runs_before(name):
            cut[(name, index)] = None
    return list(cut)


def suffix_nodes(
    graph: Graph, used: set[str], preset: set[str], runs_before: Callable[[str], bool] | None = None
) -> set[str]:
    """The nodes of `used` that run after the control flow as one plan: not before it,
    outside every loop frame and conditional branch, each running alone, and read (and
    waited for) only by one another, by no node of `used` (an output) or by a weight (a
    constant's control input is met before the run), their control inputs among them."""
    nodes = graph.nodes
    runs_before = runs_before or _runs_before(graph, preset)
    gated = _gated(graph)
    suffix = {
        name
        for name in used
        if name not in preset and name not in gated and _plain(nodes[name]) and not runs_before(name)
    }
    pending = list(suffix)
    while pending:  # a node that leaves the suffix may take its producers and waiters along
        name = pending.pop()
        node = nodes[name]
        if name not in suffix or (
            all(c.name in suffix or c.name not in used or c.name in preset for c in node.children)
            and all(producer in suffix for producer in node.controls)
        ):
            continue
        suffix.discard(name)
        pending.extend(producer for producer, _ in node.inputs)
        pending.extend(node.controls)
        pending.extend(child.name for child in node.children if name in child.controls)
    return suffix


def _plain(node: Node) -> bool:
    """Whether `node` runs alone on its inputs, outside control flow."""
    return (
        bool(node.inputs or node.controls)
        and runs_alone(node)
        and node.op not in CONTROL_FLOW_OPS | FRAME_OPS
    )


def _gated(graph: Graph) -> set[str]:
    """The nodes in a loop frame (reached from an Enter before its Exit) or in a
    conditional branch (reached from a Switch before a Merge or Exit): they run only in
    some frames or on a branch taken."""
    gated: set[str] = set()
    for start, stops in (("Enter", ("Exit",)), ("Switch", ("Merge", "Exit"))):
        seen: set[str] = set()
        stack = [node for node in graph.nodes.values() if node.op == start]
        while stack:
            node = stack.pop()
            if node.name in seen:
                continue
            seen.add(node.name)
            if node.op not in stops:
                stack.extend(node.children)
        gated |= {name for name in seen if graph.nodes[name].op not in stops}
    return gated


def _runs_before(graph: Graph, preset: set[str]) -> Callable[[str], bool]:
    """Whether a node runs before the control flow: it needs no execution context and
    is computed from `preset` (the inputs and weights) through such nodes alone."""
    nodes = graph.nodes
    before: dict[str, bool] = {name: True for name in preset}

    def runs_before(name: str) -> bool:
        # iterative post-order (graphs are deep); a node met again on its own path is in
        # a cycle, which control flow closes
        stack, visiting = [name], set()
        while stack:
            current = stack[-1]
            if current in before:
                stack.pop()
                continue
            node = nodes[current]
            producers = [p for p, _ in node.inputs] + node.controls
            if not (node.inputs and _plain(node)):
                before[current] = False
                stack.pop()
                continue
            pending = [p for p in producers if p not in before]
            if pending and current not in visiting:
                visiting.add(current)
                stack.extend(pending)
                continue
            before[current] = all(before.get(p, False) for p in producers)
            stack.pop()
        return before[name]

    return runs_before
