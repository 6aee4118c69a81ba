"""The part of a graph with frames that runs before any control flow: the nodes that need
no execution context, outside every frame, computed from the inputs and weights alone. A
detector whose post-processing loops (a `while` over its boxes, non-max suppression) has
its whole network there; the executor runs that part as a plan (and so as one compiled
program where the backend has one) and the frames only for the rest."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from tfjs.converter.frames import lookup, run_frames
from tfjs.converter.kernel_program import runs_alone
from tfjs.converter.model_graph import CONTROL_FLOW_OPS, FRAME_OPS, parse_input_name

if TYPE_CHECKING:
    from tfjs.converter.execution_context import ExecutionContext
    from tfjs.converter.executor import GraphExecutor
    from tfjs.converter.model_graph import Graph
    from tfjs.tensor import Tensor

Ref = tuple[str, int]


def run_with_prefix(
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
    """Computes `output_refs` (named `outputs`) by the frames executor, the part before
    the control flow by a plan where `plans`; returns the tensors."""
    fed = inputs
    cut = _cut(executor, inputs, output_refs) if plans else []
    if cut:
        computed = yield from executor.run_planned(inputs, cut, values, context, keep_ids, None, False)
        fed = {**inputs, **_place(values, cut, computed)}
    yield from run_frames(executor, values, fed, output_refs, context, keep_ids, kept)
    results = [lookup(values, name, index, context) for name, index in output_refs]
    results = executor.shape_folds.owned(results)
    missing = [outputs[i] for i, t in enumerate(results) if t is None]
    if missing:
        feeds = {parse_input_name(name)[0] for name in inputs}
        needed = executor.used_nodes(feeds, [name for name, _ in output_refs])[1]
        raise ValueError(
            f"Cannot compute the outputs {missing} from the provided inputs {sorted(inputs)}. "
            f"Consider providing the following inputs: {sorted(needed)}"
        )
    return results


def _cut(executor: GraphExecutor, inputs: dict[str, Tensor], output_refs: list[Ref]) -> list[Ref]:
    """`prefix_cut` for these inputs and outputs, worked out once."""
    input_names = {parse_input_name(name)[0] for name in inputs}
    key = (tuple(sorted(input_names)), tuple(output_refs))
    cut = executor.prefix_cuts.get(key)
    if cut is None:
        used = executor.used_nodes(input_names, [name for name, _ in output_refs])[0]
        cut = executor.prefix_cuts[key] = prefix_cut(
            executor.graph, used, executor.preset(input_names), output_refs
        )
    return cut


def _place(values: dict[str, list[Any]], refs: list[Ref], tensors: list[Tensor]) -> dict[str, Tensor]:
    """Puts each of `tensors` in `values` at its ref; returns them by tensor name."""
    named = {}
    for (name, index), tensor in zip(refs, tensors, strict=True):
        slots = values.setdefault(name, [])
        slots.extend([None] * (index + 1 - len(slots)))
        slots[index] = tensor
        named[f"{name}:{index}"] = tensor
    return named


def prefix_cut(graph: Graph, used: set[str], preset: set[str], output_refs: list[Ref]) -> list[Ref]:
    """The tensors (node, output index) through which the nodes in `used` that depend on
    control flow, or on a node needing the execution context, read the part before it
    (with the outputs computed there); empty when that part computes nothing."""
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
            if not (node.inputs and runs_alone(node) and node.op not in CONTROL_FLOW_OPS | FRAME_OPS):
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
