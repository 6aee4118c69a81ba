"""Graphs with TF1 control-flow frames (Switch/Merge/Enter/Exit/NextIteration): TF.js's
executeWithControlFlow. A stack of ready nodes, each run in the frame (loop iteration) it
was reached in; a tensor goes once each of its consumers has read it (TF.js's
checkTensorForDisposal), except around control-flow nodes, whose tensors TF.js never
disposes early."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from typing import TYPE_CHECKING, Any

from tfjs.converter.execution_context import ExecutionContext
from tfjs.converter.host_shapes import SHAPE_READERS, evaluate, plan_host_inputs
from tfjs.converter.kernel_program import can_replay, run_node, runs_alone
from tfjs.converter.model_graph import CONTROL_FLOW_OPS, Graph, Node, parse_input_name
from tfjs.converter.ops._values import HostValues
from tfjs.converter.shape_folding import ShapeFoldRun, shape_only_nodes
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor

if TYPE_CHECKING:
    from tfjs.converter.executor import GraphExecutor

# The mappers' categories whose ops TF.js runs asynchronously: their results land in the
# executor's next round, once the stack of ready nodes is empty (TF.js's processStack and
# its Promise.all), so a loop's counter cannot run ahead of what its body reads.
ASYNC_CATEGORIES = frozenset({"control", "dynamic", "hash_table"})


def run_frames(
    executor: GraphExecutor,
    values: dict[str, list[Any]],
    inputs: dict[str, Tensor],
    output_refs: list[tuple[str, int]],
    context: ExecutionContext,
    keep_ids: set[int],
    kept: dict[str, list[Any]] | None = None,
) -> Iterator[None]:
    nodes = executor.graph.nodes
    input_names = {parse_input_name(name)[0] for name in inputs}
    output_names = list(dict.fromkeys(name for name, _ in output_refs))
    key = (tuple(sorted(input_names)), tuple(sorted(output_names)))
    used = executor.used_cache.get(key)
    if used is None:
        used = executor.used_cache[key] = executor.used_nodes(input_names, output_names)[0]
    host = executor.frame_host_inputs.get(key)
    if host is None:
        steps = [nodes[name] for name in used]
        host = executor.frame_host_inputs[key] = plan_host_inputs(
            steps, executor.constant_reads, input_names, {}
        )
    host_inputs, host_shapes = host
    known: dict[str, list[HostValues]] = {}  # shapes evaluated on the host, by frame key

    def known_value(tensor_name: str) -> HostValues | None:
        node_name, index, _ = parse_input_name(tensor_name)
        return lookup(known, node_name, index, context)

    starts = [nodes[name] for name in input_names]
    starts += [nodes[name] for name in executor.preset(set()) if name in used]  # weights read
    starts += executor.graph.init_nodes
    stack = [(node, context.frames) for node in starts]
    added: set[str] = set()
    counts: dict[int, int] = {}
    output_set = set(output_names)
    # Nodes that need no execution context run as kernel programs (kernel_program.run_node).
    unchanging = (lambda: executor.weight_ids) if kept is None and can_replay() else None
    folds = _shape_folds(executor, key, used, input_names, output_set, inputs) if unchanging else None
    deferred: list[tuple[Node, Any, str, list[Any], list[Any], bool]] = []

    def land(node: Node, name: str, args: list[Any], outputs: list[Any], reused: bool) -> None:
        values[name] = outputs
        sources = host_shapes.get(node.name)
        if sources is not None:
            shape = evaluate(node, sources, args, known_value)
            if shape is not None:
                known[name] = list(shape) if isinstance(shape, tuple) else [shape]
        if kept is not None:
            kept[name] = clones(outputs)
        if not reused or node.op in SHAPE_READERS:  # a kept value's inputs are kept too
            _release_inputs(executor.graph, node, name, values, context, keep_ids, output_set, counts)

    while stack or deferred:
        if not stack:  # TF.js's next round: the results of its async ops land, in order
            for node, frames, name, args, outputs, reused in deferred:
                context.frames = frames
                land(node, name, args, outputs, reused)
                _push_children(node, stack, context, values, added, used)
            deferred.clear()
            continue
        node, frames = stack.pop()
        context.frames = frames
        name = ""
        if node.op == "Enter" and node.attrs.get("is_constant"):
            name = frame_key(node.name, context.context_id)
        if node.name not in values:
            args = [lookup(values, p, i, context) for p, i in node.inputs]
            reused = folds.outputs(node, args) if folds is not None else None
            computed = list(args)
            read = host_inputs.get(node.name)
            for position, source in read.items() if read is not None else ():
                host_values = known_value(source) if isinstance(source, str) else source
                if host_values is not None:
                    args[position] = host_values
            if reused is not None:
                outputs = reused
            elif runs_alone(node):
                problem = node.mapper.call_error(node.name, len(args), node.keywords)
                if problem:
                    raise ValueError(problem)
                outputs = run_node(node, args, executor.programs, unchanging)
            else:
                outputs = executor.call(node, args, context)
            if folds is not None and reused is None:
                folds.record(node, computed, outputs)
            if not name:
                name = frame_key(node.name, context.context_id)
            if getattr(node.mapper, "category", None) in ASYNC_CATEGORIES:
                deferred.append((node, context.frames, name, args, outputs, reused is not None))
                yield
                continue
            land(node, name, args, outputs, reused is not None)
            yield
        _push_children(node, stack, context, values, added, used)


def _shape_folds(
    executor: GraphExecutor,
    key: Any,
    used: set[str],
    fed: set[str],
    outputs: set[str],
    inputs: dict[str, Tensor],
) -> ShapeFoldRun | None:
    """This run's use of the values kept from earlier runs (shape_folding.py)."""
    shape_folds = executor.shape_folds
    candidates = shape_folds.candidates.get(key)
    if candidates is None:
        candidates = shape_folds.candidates[key] = shape_only_nodes(
            executor.graph, used, fed, outputs, executor.weight_map
        )
    return shape_folds.run(key, inputs, candidates, executor.weight_ids)


def _release_inputs(
    graph: Graph,
    node: Node,
    name: str,
    values: dict[str, list[Any]],
    context: ExecutionContext,
    keep_ids: set[int],
    output_set: set[str],
    counts: dict[int, int],
) -> None:
    """TF.js's checkTensorForDisposal: a tensor goes once each consumer has read it."""
    if node.op in CONTROL_FLOW_OPS or node.name in output_set:
        return
    for tensor in values[name]:
        if tensor is not None:
            counts[tensor.id] = counts.get(tensor.id, 0) + len(node.children)
    nodes = graph.nodes
    for producer in dict.fromkeys([p for p, _ in node.inputs] + node.controls):
        if nodes[producer].op in CONTROL_FLOW_OPS:
            continue
        for tensor in values.get(frame_key(producer, context.context_id)) or ():
            if tensor is None or tensor.kept or tensor.id in keep_ids:
                continue
            count = counts.get(tensor.id)
            if count == 1:
                tensor.dispose()
                del counts[tensor.id]
            elif count is not None:
                counts[tensor.id] = count - 1


def _push_children(
    node: Node,
    stack: list[tuple[Node, Any]],
    context: ExecutionContext,
    values: dict[str, list[Any]],
    added: set[str],
    used: set[str],
) -> None:
    outside = context.context_ids == ("",)  # in no frame: a name is its key
    for child in node.children:
        name = frame_key(child.name, context.context_id)
        if name in added or child.name not in used:
            continue
        refs = chain(child.inputs, ((c, 0) for c in child.controls))
        if outside:
            available = (_has(values.get(p), i) for p, i in refs)
        else:
            available = (lookup(values, p, i, context) is not None for p, i in refs)
        if any(available) if child.op == "Merge" else all(available):
            added.add(name)
            stack.append((child, context.frames))


def _has(slots: list[Any] | None, index: int) -> bool:
    return slots is not None and index < len(slots) and slots[index] is not None


def frame_key(name: str, context_id: str) -> str:
    return f"{name}-{context_id}" if context_id else name


def lookup(values: dict[str, list[Any]], name: str, index: int, context: ExecutionContext) -> Any:
    """The tensor `name:index` in the current frame or the nearest enclosing one (TF.js's getTensor)."""
    for context_id in context.context_ids:
        slots = values.get(frame_key(name, context_id))
        if slots is not None:
            return slots[index] if index < len(slots) else None
    return None


def clones(tensors: list[Any]) -> list[Any]:
    """Kept tensors on the same buffers as `tensors` (TF.js's cloneAndKeepTensor): they
    outlive the run and any enclosing tidy; what is not a tensor is kept as is."""
    return [ENGINE.keep(ENGINE.share(t)) if isinstance(t, Tensor) else t for t in tensors]
