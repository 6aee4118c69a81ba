"""Running a plan (a graph without frames): its nodes in order, each given the values its
mapper reads on the host where the plan knows them, each replaying its kernel program
where one is recorded for its arguments (kernel_program.py), and after each node the
tensors nothing reads any more disposed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

from tfjs.converter.frames import clones
from tfjs.converter.host_shapes import evaluate
from tfjs.converter.kernel_program import MISSING, can_replay, program_key, record, remember, replay
from tfjs.converter.model_graph import SOURCE_OPS, Node
from tfjs.converter.ops._values import HostValues
from tfjs.engine import ENGINE

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
    start_scope, end_scope = ENGINE.start_scope, ENGINE.end_scope
    host_inputs, host_shapes = plan.host_inputs, plan.host_shapes
    known: dict[str, HostValues] = {}  # this run's shapes evaluated on the host
    lowering = kept is None and can_replay()
    unchanging: set[int] | None = None  # the tensors whose values never change, when a node records
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
            mapper = node.mapper
            if mapper is None or mapper.takes_context or node.op in SOURCE_OPS:
                outputs = call(node, args, context)
                if collector is not None:
                    collector.skipped()
            else:  # the plan's usual node: its kernel program, or its op
                key = program_key(args) if lowering else None
                by_key = programs.get(node.name) if key is not None else None
                program = by_key.get(key, MISSING) if by_key is not None else MISSING
                if program is not MISSING and program is not None:
                    if len(by_key) > 1:  # least recently used first
                        by_key[key] = by_key.pop(key)
                    outputs = replay(program, args)
                    if collector is not None:
                        collector.node(program, args, outputs)
                else:
                    start_scope(node.op)
                    try:
                        if key is not None and program is MISSING:
                            if unchanging is None:
                                constants = plan.constants.values()
                                unchanging = weight_ids.union(t.id for tensors in constants for t in tensors)
                            run_op = partial(mapper.fn, *args, **node.keywords)
                            result, program = record(run_op, args, unchanging)
                            remember(programs, node.name, key, program)
                        else:
                            result = mapper.fn(*args, **node.keywords)
                    except BaseException:
                        end_scope(None)
                        raise
                    end_scope(result)
                    outputs = list(result) if isinstance(result, (list, tuple)) else [result]
                    if collector is not None:
                        if program is None or program is MISSING:
                            collector.skipped()
                        else:
                            collector.node(program, args, outputs)
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
