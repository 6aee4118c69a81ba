"""The part of a graph with frames that runs before any control flow: the nodes that need
no execution context, outside every frame, computed from the inputs and weights alone. A
detector whose post-processing loops (a `while` over its boxes, non-max suppression) has
its whole network there; the executor runs that part as a plan (and so as one compiled
program where the backend has one) and the frames only for the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tfjs.converter.kernel_program import runs_alone
from tfjs.converter.model_graph import CONTROL_FLOW_OPS, FRAME_OPS

if TYPE_CHECKING:
    from tfjs.converter.model_graph import Graph

Ref = tuple[str, int]


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
