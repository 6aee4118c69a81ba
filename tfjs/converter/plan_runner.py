"""Plans (a graph without frames, or the part of one before its control flow): built once
per set of inputs and outputs (the nodes in order, constants folded, convolutions fused,
what to free after each node, what the nodes read on the host), and run: each node given
the values its mapper reads on the host where the plan knows them, each replaying its
kernel program where one is recorded for its arguments (kernel_program.py), and after
each node the tensors nothing reads any more disposed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from tfjs.converter.constant_folding import fold_plan
from tfjs.converter.custom_op import is_custom
from tfjs.converter.frames import clones
from tfjs.converter.fusion import ACTIVATIONS, ADDS, CONVOLUTIONS, fuse_plan
from tfjs.converter.host_shapes import HostOutputs, Source, evaluate, host_feeds, known_in, plan_host_inputs
from tfjs.converter.kernel_program import can_replay, run_node, runs_alone
from tfjs.converter.model_graph import Node, execution_order
from tfjs.converter.ops._values import HostValues
from tfjs.tensor import Tensor

if TYPE_CHECKING:
    from tfjs.converter.execution_context import ExecutionContext
    from tfjs.converter.executor import GraphExecutor
    from tfjs.converter.kernel_program import NodePrograms
    from tfjs.converter.plan_program import PlanCollector


# The ops fusion.fuse_plan matches by name: a custom op registered under one of them
# (tf.register_op) must run as itself, so such a plan is not fused.
FUSED_OPS = frozenset(CONVOLUTIONS) | ADDS | frozenset(ACTIVATIONS)


@dataclass
class Plan:
    nodes: list[Node]  # in execution order
    free_after: list[list[str]]  # after nodes[i]: the nodes whose tensors nothing reads any more
    constants: dict[str, list[Tensor]] = field(default_factory=dict)  # folded values the nodes read
    # {node name: {input position: values}}: what its mapper reads on the host and the plan
    # knows there: a constant's values, or the name of a node evaluated on the host too
    host_inputs: dict[str, dict[int, HostValues | str]] = field(default_factory=dict)
    # {node name: the sources of its inputs}: the shape computations evaluated on the host
    host_shapes: dict[str, list[Source]] = field(default_factory=dict)
    # the feeds whose values it reads on the host: a run reads them once (when small)
    host_feeds: tuple[str, ...] = ()


def build_plan(
    executor: GraphExecutor, input_names: set[str], output_names: list[str], keep_all: bool = False
) -> Plan:
    """The plan computing `output_names` from `input_names` in `executor`'s graph; `keep_all` (the flag
    KEEP_INTERMEDIATE_TENSORS): every node runs as the graph has it, unfolded, unfused."""
    nodes = executor.graph.nodes
    used, missing = executor.used_nodes(input_names, output_names)
    if missing:
        raise ValueError(
            f"Cannot compute the outputs {output_names} from the provided inputs {sorted(input_names)}. "
            f"Missing the following inputs: {sorted(missing)}"
        )
    preset = executor.preset(input_names)
    steps = [node for node in execution_order(nodes, used, preset) if node.name not in preset]
    for node in steps:
        problem = node.mapper.call_error(node.name, len(node.inputs), node.keywords) if node.mapper else None
        if problem:
            raise ValueError(problem)
    constants: dict[str, list[Tensor]] = {}
    if not keep_all:
        steps, constants = fold_plan(
            steps,
            executor.weight_map,
            input_names,
            set(output_names),
            executor.folded,
            lambda node, args: executor.call(node, args, None),  # type: ignore[arg-type]
            executor.weight_ids,
        )
        if not any(node.op in FUSED_OPS and is_custom(node.mapper) for node in steps):
            weights = {**executor.weight_map, **constants} if constants else executor.weight_map
            steps = fuse_plan(steps, weights, input_names, set(output_names))
    position = {node.name: i for i, node in enumerate(steps)}
    last_use = dict(position)
    for node in steps:
        for producer in [p for p, _ in node.inputs] + node.controls:
            if producer in position:
                last_use[producer] = max(last_use[producer], position[node.name])
    free_after: list[list[str]] = [[] for _ in steps]
    outputs = set(output_names)
    for name, i in last_use.items():
        if name not in outputs:
            free_after[i].append(name)
    host_plan = plan_host_inputs(steps, executor.constant_reads, input_names, constants)
    return Plan(steps, free_after, constants, *host_plan, host_feeds(host_plan, input_names))


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
    feed_values: Mapping[str, HostValues] | None = None,
) -> Iterator[None]:
    """Runs `plan` over `values` ({node name: its tensors}, the feeds and weights first),
    yielding after each node; `call` runs a node that needs the execution context,
    `programs` holds the nodes' kernel programs between runs, `collector` joins the
    programs this run's nodes run (plan_program.py); `feed_values`: the values of the
    plan's `host_feeds` this run read."""
    holders: dict[int, int] = {}
    host_inputs, host_shapes = plan.host_inputs, plan.host_shapes
    outputs_known: dict[str, HostOutputs] = dict(feed_values or {})  # this run's host values
    known = known_in(outputs_known)
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
                    host_values = known(source) if isinstance(source, str) else source
                    if host_values is not None:
                        args[position] = host_values
            if any(arg is None for arg in args):  # after the host values, which may fill an empty slot
                raise ValueError(_missing_output(node, values))
            if not runs_alone(node):
                outputs = call(node, args, context)
                if collector is not None:
                    collector.skipped(node.name, outputs)
            else:  # the plan's usual node: its kernel program, or its op
                outputs = run_node(node, args, programs, unchanging, collector)
            values[node.name] = outputs
            sources = host_shapes.get(node.name)
            if sources is not None:
                shape = evaluate(node, sources, args, known)
                if shape is not None:
                    outputs_known[node.name] = shape
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
        if values[name][index] is None:
            return (
                f"Node '{node.name}' ({node.op}) reads '{name}:{index}', which nothing computes: "
                f"a feed of another output of '{name}' stands for that node"
            )
    return f"Node '{node.name}' ({node.op}) cannot read its inputs"


def dispose_values(values: Iterable[list[Any]], keep_ids: set[int]) -> None:
    """Frees the tensors among `values` (lists of a node's tensors) that are not kept
    (`tf.keep`, or by id in `keep_ids`)."""
    for tensors in values:
        for tensor in tensors:
            if tensor is None or tensor.kept or tensor.is_disposed or tensor.id in keep_ids:
                continue
            tensor.dispose()
