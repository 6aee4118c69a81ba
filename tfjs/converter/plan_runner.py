"""Running a plan (a graph without frames): its nodes in order, each given the values its
mapper reads on the host where the plan knows them, each replaying its kernel program
where one is recorded for its arguments (kernel_program.py), and after each node the
tensors nothing reads any more disposed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from tfjs.converter.frames import clones
from tfjs.converter.host_shapes import evaluate
from tfjs.converter.kernel_program import can_replay, run_node, runs_alone
from tfjs.converter.model_graph import Node
from tfjs.converter.ops._values import HostValues

if TYPE_CHECKING:
    from tfjs.converter.execution_context import ExecutionContext
    from tfjs.converter.executor import Plan
    from tfjs.converter.kernel_program import NodePrograms
    from tfjs.converter.plan_program import PlanCollector


def run_plan(
    plan: Plan,
    values: dict[str, list[Any]],
    context: ExecutionContext,
    keep_ids: set[int],
    kept: dict[str, list[Any]] | None,
    call: Callable[[Node, list[Any], ExecutionContext], list[Any]],
    programs: NodePrograms,
    weight_ids: set[int],
    collector: PlanCollector | None = None,
) -> Iterator[None]:
    """Runs `plan` over `values` ({node name: its tensors}, the feeds and weights first),
    yielding after each node; `call` runs a node that needs the execution context,
    `programs` holds the nodes' kernel programs between runs, `collector` joins the
    programs this run's nodes run (plan_program.py)."""
    holders: dict[int, int] = {}
    host_inputs, host_shapes = plan.host_inputs, plan.host_shapes
    known: dict[str, HostValues] = {}  # this run's shapes evaluated on the host
    unchanging = None
    if kept is None and can_replay():

        @cache
        def unchanging() -> set[int]:  # the tensors whose values never change, when a node records
            constants = plan.constants.values()
            return weight_ids.union(t.id for tensors in constants for t in tensors)

    for node, to_free in zip(plan.nodes, plan.free_after, strict=False):
        if node.name not in values:
            try:
                args = [values[name][index] for name, index in node.inputs]
            except IndexError:
                raise ValueError(_missing_output(node, values)) from None
            read = host_inputs.get(node.name)
            if read is not None:
                for position, source in read.items():
                    host_values = known.get(source) if isinstance(source, str) else source
                    if host_values is not None:
                        args[position] = host_values
            if not runs_alone(node):
                outputs = call(node, args, context)
                if collector is not None:
                    collector.skipped()
            else:  # the plan's usual node: its kernel program, or its op
                outputs = run_node(node, args, programs, unchanging, collector)
            values[node.name] = outputs
            sources = host_shapes.get(node.name)
            if sources is not None:
                shape = evaluate(node, sources, args, known.get)
                if shape is not None:
                    known[node.name] = shape
            if kept is not None:
                kept[node.name] = clones(outputs)
            for tensor in outputs:
                if tensor is not None:
                    holders[tensor.id] = holders.get(tensor.id, 0) + 1
        for name in to_free:
            for tensor in values.pop(name, ()):
                if tensor is None or tensor.id in keep_ids:
                    continue
                count = holders.get(tensor.id, 1) - 1
                holders[tensor.id] = count
                if count <= 0 and not tensor.kept:
                    tensor.dispose()
        yield


def _missing_output(node: Node, values: dict[str, list[Any]]) -> str:
    """Why `node` cannot read its inputs: one names an output its producer does not have."""
    for name, index in node.inputs:
        if index >= len(values[name]):
            return (
                f"Node '{node.name}' ({node.op}) reads output {index} of node '{name}', "
                f"which has {len(values[name])} output(s)"
            )
    return f"Node '{node.name}' ({node.op}) cannot read its inputs"
