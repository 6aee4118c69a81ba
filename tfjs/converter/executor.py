"""Runs a Graph: TF.js's GraphExecutor.

A graph without frames (no Switch/Merge/Enter/Exit/NextIteration) runs a plan made once
per set of inputs and outputs: the nodes in topological order (convolutions and matrix
products fused with their bias and activation, `fusion.fuse_plan`), and after each node
the producers whose tensors it was the last to read, which are then disposed. The values
its nodes read on the host (axes, shapes, sizes) come with the plan where they are known
there: constants read once when the plan is built (`constant_reads`), and shapes the run
computes from tensors' shapes, and the small feeds' values, evaluated on the host as well
(`host_shapes`). A graph with frames runs TF.js's executeAsync algorithm: a stack of
ready nodes, each run in the frame (loop iteration) it was reached in; `While`/`If` run
library functions through the execution context. Where its only control flow is
conditionals that the feeds decide, the graph resolved for them runs as a plan instead
(`cond_resolution`); otherwise the parts before and after its control flow do
(`frame_plans`). All run synchronously; `run_steps` yields between nodes so that
`execute_async` can let the event loop run.

With the flag `KEEP_INTERMEDIATE_TENSORS` on (TF.js's model debugging mode), the plan
runs every node as the graph has it (no constant folding, no fusion), and the model's
executor keeps a clone of every node's tensors (weights and inputs included) until its
next run or `dispose_intermediate_tensors()`, as TF.js's GraphExecutor does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tfjs.converter.cond_resolution import CondResolutions
from tfjs.converter.constant_reads import ConstantReads
from tfjs.converter.execution_context import ExecutionContext
from tfjs.converter.feed_checks import check_inputs, check_outputs, in_feed_order, named_feeds
from tfjs.converter.frame_plans import FramePlans, run_with_plans
from tfjs.converter.frames import clones
from tfjs.converter.host_shapes import HostPlan, read_feeds
from tfjs.converter.kernel_program import NodePrograms, can_replay, note_node, run_op
from tfjs.converter.lowered_plans import PlanPrograms, plan_key
from tfjs.converter.model_graph import SOURCE_OPS, Graph, Node, parse_input_name
from tfjs.converter.ops._values import HostValues
from tfjs.converter.plan_folding import fold_for_backend
from tfjs.converter.plan_parts import place_outputs, run_in_parts, split_plan
from tfjs.converter.plan_runner import Plan, build_plan, dispose_values, run_plan
from tfjs.converter.repeat_calls import RepeatCall, Signature
from tfjs.converter.shape_folding import ShapeFolds
from tfjs.environment import ENV
from tfjs.tensor import Tensor

PlanKey = tuple[tuple[str, ...], tuple[str, ...], bool]


class GraphExecutor:
    """Executes `graph` with `weights` ({Const node name: tensor}); `parent` is the model's
    executor when this one runs a library function (`function`) or a graph resolved from
    the model's."""

    def __init__(
        self,
        graph: Graph,
        weights: dict[str, Tensor],
        parent: GraphExecutor | None = None,
        *,
        function: bool = False,
    ) -> None:
        self.graph = graph
        self.parent = parent
        self.function = function  # called with new values each time: nothing keyed by them
        self.weight_map: dict[str, list[Tensor]] = {name: [tensor] for name, tensor in weights.items()}
        self.weight_ids = {tensor.id for tensor in weights.values()}
        self._resources = None
        self._plans: dict[PlanKey, Plan] = {}
        self.programs: NodePrograms = {}  # each node's kernel programs (kernel_program.py)
        self.plan_programs = PlanPrograms(fold_for_backend)  # whole plans joined into one (lowered_plans.py)
        self.repeat = RepeatCall()  # the last call that ran a plan program (repeat_calls.py)
        self.used_cache: dict[tuple[tuple[str, ...], tuple[str, ...]], set[str]] = {}
        # graphs with frames: {(inputs, outputs): the parts before and after the control
        # flow, which run as plans}
        self.frame_plans: dict[Any, FramePlans] = {}
        self.conds = CondResolutions()  # graphs with conditionals the feeds decide, resolved
        self.folded: dict[str, list[Tensor]] = {}  # constant-folded values, shared by the plans
        self.constant_reads = ConstantReads(self.weight_map, graph.nodes)
        # graphs with frames: {(inputs, outputs): plan_host_inputs of the nodes used}
        self.frame_host_inputs: dict[Any, HostPlan] = {}
        self.shape_folds = ShapeFolds()  # graphs with frames: values of shapes kept across runs
        self.functions: dict[str, GraphExecutor] = {}
        # KEEP_INTERMEDIATE_TENSORS: clones of the last run's tensors, by node name.
        self.intermediate_tensors: dict[str, list[Any]] | None = None

    def get_intermediate_tensors(self) -> dict[str, list[Any]]:
        """The tensors of every node of the last run ({node name: [tensors]}) when the
        flag KEEP_INTERMEDIATE_TENSORS was on; empty otherwise."""
        return dict(self.intermediate_tensors or {})

    def dispose_intermediate_tensors(self) -> None:
        """Frees the tensors `get_intermediate_tensors` holds."""
        kept, self.intermediate_tensors = self.intermediate_tensors, None
        for tensors in (kept or {}).values():
            for tensor in tensors:
                if isinstance(tensor, Tensor) and not tensor.is_disposed:
                    tensor.dispose()

    def dispose_folded(self) -> None:
        """Frees the constant-folded values (with the model's weights)."""
        seen: set[int] = set()
        for tensors in self.folded.values():
            for tensor in tensors:
                if tensor.id not in self.weight_ids and tensor.id not in seen:
                    seen.add(tensor.id)
                    tensor.dispose()
        self.folded.clear()
        self.constant_reads.clear()
        self.frame_host_inputs.clear()
        self.shape_folds.clear()
        self.conds.clear()
        self._plans.clear()
        self.plan_programs.clear()

    @property
    def resources(self) -> Any:
        return self.parent.resources if self.parent is not None else self._resources

    @resources.setter
    def resources(self, resources: Any) -> None:
        self._resources = resources

    @property
    def function_map(self) -> dict[str, GraphExecutor]:
        return self.parent.function_map if self.parent is not None else self.functions

    # ---- execution --------------------------------------------------------------------

    def execute(self, inputs: dict[str, Tensor], outputs: list[str] | None = None) -> list[Tensor]:
        """Runs the graph on `inputs` ({node name or signature key: tensor}) and returns
        the tensors named in `outputs` (`node` or `node:1`; default: the graph's outputs)."""
        signature, results = self.repeat.run(self, inputs, outputs)
        if results is not None:
            return results
        return _run_to_end(self.run_steps(inputs, outputs, signature=signature))

    def run_steps(
        self,
        inputs: dict[str, Tensor],
        outputs: list[str] | None = None,
        *,
        each_node: bool = False,
        function_call: bool = False,
        tensor_arrays: dict[int, Any] | None = None,
        tensor_lists: dict[int, Any] | None = None,
        signature: Signature | None = None,
    ) -> Iterator[None]:
        """The execution as a generator that yields between nodes and returns the outputs;
        `each_node`: no whole-plan program (plan_program.py), which runs in one step;
        `signature`: the call's (repeat_calls.py), remembered where a program runs."""
        given = list(inputs)
        kept: dict[str, list[Any]] | None = None
        if not function_call and self.parent is None:
            self.dispose_intermediate_tensors()  # those of the previous run, as TF.js
            if ENV.get_bool("KEEP_INTERMEDIATE_TENSORS"):
                kept = self.intermediate_tensors = {}
        if not function_call:
            inputs = named_feeds(self.graph, inputs)
            check_inputs(self.graph, inputs)
            outputs = self.graph.map_outputs(list(outputs or []))
            check_outputs(self.graph, outputs)
        if not outputs:
            outputs = [f"{node.name}:{node.default_output}" for node in self.graph.outputs]
        output_refs = [parse_input_name(name)[:2] for name in outputs]
        if not self.graph.has_frames and kept is None and not each_node and can_replay():
            plan = self._plan(inputs, output_refs)
            key, feeds, _ = self._program_key(plan, inputs) if not plan.host_feeds else (None, [], {})
            lowered = self.plan_programs.find(key) if key is not None else None
            if lowered is not None:  # one program: no tensor of a node kept by name
                if signature is not None:
                    self.repeat.remember(signature, key, given, inputs)
                yield
                return lowered.run(feeds)
        context = ExecutionContext(self.function_map, self.resources, tensor_arrays, tensor_lists)
        values, keep_ids = self.start_values(inputs)
        if kept is not None:
            kept.update((name, clones(tensors)) for name, tensors in values.items())
        try:
            if self.graph.has_frames:
                plans = kept is None and not each_node and can_replay()
                resolved = self.conds.find(self, inputs, output_refs) if plans and not self.function else None
                if resolved is not None:  # conditionals the feeds decide: a graph without them
                    executor, refs = resolved
                    results = yield from executor.run_planned(
                        inputs, refs, values, context, keep_ids, None, False
                    )
                else:
                    results = yield from run_with_plans(
                        self, inputs, outputs, output_refs, values, context, keep_ids, kept, plans
                    )
            else:
                results = yield from self.run_planned(
                    inputs, output_refs, values, context, keep_ids, kept, each_node
                )
        except BaseException:
            dispose_values(values.values(), keep_ids)
            if self.parent is None:
                context.dispose(keep_ids)
            raise
        handle = context.handle_among(outputs, results) if self.parent is None else None
        if handle is None:
            keep_ids |= {t.id for t in results}
        dispose_values([*values.values(), results], keep_ids)
        if self.parent is None:
            context.dispose(keep_ids)
        if handle is not None:
            raise ValueError(handle)
        return results

    def start_values(self, inputs: dict[str, Tensor]) -> tuple[dict[str, list[Any]], set[int]]:
        """A run's values before its first node ({node name: its tensors}: the weights,
        the resources' handles and `inputs`, by tensor name), and the ids of those it
        must not free."""
        values: dict[str, list[Any]] = dict(self.weight_map)
        keep_ids = set(self.weight_ids) | {t.id for t in inputs.values()}
        resources = self.resources
        if resources is not None:
            for name, handle in resources.handles_by_name.items():
                if name in self.graph.nodes and name not in values:
                    values[name] = [handle]
            keep_ids |= {handle.id for handle in resources.handles_by_name.values()}
        fed: dict[str, list[Any]] = {}  # (new lists: a weight's is shared with the weight map)
        place_outputs(fed, [parse_input_name(name)[:2] for name in inputs], list(inputs.values()))
        values.update(fed)
        return values, keep_ids

    def run_planned(
        self,
        inputs: dict[str, Tensor],
        output_refs: list[tuple[str, int]],
        values: dict[str, list[Any]],
        context: ExecutionContext,
        keep_ids: set[int],
        kept: dict[str, list[Any]] | None,
        each_node: bool,
    ) -> Iterator[None]:
        """Computes `output_refs` from `inputs` by a plan (as one program where one was
        recorded for these feeds), over `values`; returns the tensors."""
        plan = self._plan(inputs, output_refs, kept is not None)
        if plan.constants:
            values.update(plan.constants)
            keep_ids |= {t.id for tensors in plan.constants.values() for t in tensors}
        key, feeds, feed_values = self._program_key(plan, inputs)
        if kept is not None or each_node or not can_replay():
            key = None
        lowered = self.plan_programs.find(key) if key is not None else None
        if lowered is not None:
            yield
            return lowered.run(feeds)
        first = self.plan_programs.first_parts.get(key) if key is not None else None
        if first:  # a plan that does not join runs in two parts (plan_parts.py)

            def part(fed: dict[str, Tensor], refs: list[tuple[str, int]]) -> Iterator[None]:
                return self.run_planned(fed, refs, values, context, keep_ids, None, False)

            return (yield from run_in_parts(part, first, inputs, output_refs, values))
        collector = self.plan_programs.collector(key, feeds, keep_ids) if key is not None else None
        yield from run_plan(
            plan,
            values,
            context,
            keep_ids,
            kept,
            self.call,
            self.programs,
            self.weight_ids,
            collector,
            feed_values,
        )
        results = [_output(values, name, index) for name, index in output_refs]
        if collector is not None:
            self.plan_programs.lower(key, collector, feeds, results)
            if collector.broken:  # runs in parts from now on, settled in this call
                broken = collector.broken
                yield from split_plan(self, key, plan, broken, inputs, output_refs, context, keep_ids)
        return results

    def _program_key(
        self, plan: Plan, inputs: dict[str, Tensor]
    ) -> tuple[tuple[Any, ...], list[Tensor], dict[str, HostValues]]:
        """The key of `plan`'s program for `inputs`, the feeds in its order, and the values
        of the feeds it reads on the host."""
        feeds = [inputs[name] for name in in_feed_order(inputs)]
        feed_values = {}
        if plan.host_feeds and not self.function:
            refs = {name: parse_input_name(name) for name in inputs}
            by_node = {ref[0]: inputs[name] for name, ref in refs.items() if ref[1] == 0}
            feed_values = read_feeds(plan.host_feeds, by_node)
        return plan_key(plan, feeds, feed_values), feeds, feed_values

    def execute_function(
        self, args: list[Tensor], tensor_arrays: dict[int, Any], tensor_lists: dict[int, Any]
    ) -> list[Tensor]:
        """Runs this library function on `args`, in the order of its arguments."""
        if len(args) != len(self.graph.inputs):
            raise ValueError(
                f"Function '{self.graph.signature.get('methodName')}' takes {len(self.graph.inputs)} "
                f"arguments, got {len(args)}"
            )
        inputs = {node.name: arg for node, arg in zip(self.graph.inputs, args, strict=False)}
        return _run_to_end(
            self.run_steps(
                inputs, None, function_call=True, tensor_arrays=tensor_arrays, tensor_lists=tensor_lists
            )
        )

    # ---- one node ---------------------------------------------------------------------

    def call(self, node: Node, args: list[Any], context: ExecutionContext) -> list[Any]:
        mapper = node.mapper
        if mapper is None or node.op in SOURCE_OPS:
            raise ValueError(f"Node '{node.name}' ({node.op}) has no value: is it an input of the model?")
        problem = mapper.call_error(node.name, len(args), node.keywords)
        if problem:
            raise ValueError(problem)
        try:
            if mapper.takes_context:
                context.node = node
                result = mapper.fn(*args, context=context, **node.keywords)
            else:
                result = run_op(node, args)
        except BaseException as error:  # within a function call, the callee's node is noted first
            note_node(error, node.name, node.op)
            raise
        if isinstance(result, (list, tuple)):
            return list(result)
        return [result]

    # ---- graphs without frames ----------------------------------------------------------

    def _plan(
        self, inputs: dict[str, Tensor], output_refs: list[tuple[str, int]], keep_all: bool = False
    ) -> Plan:
        input_names = tuple(sorted(parse_input_name(name)[0] for name in inputs))
        output_names = tuple(name for name, _ in output_refs)
        # by the refs in order: a plan's program returns its first call's outputs in its order
        key = (input_names, tuple(output_refs), keep_all)
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = build_plan(
                self, set(input_names), list(dict.fromkeys(output_names)), keep_all
            )
        return plan

    def preset(self, input_names: set[str]) -> set[str]:
        """The nodes whose tensors exist before the run: inputs, weights, hash tables."""
        names = set(input_names) | set(self.weight_map)
        resources = self.resources
        if resources is not None:
            names |= {name for name in resources.handles_by_name if name in self.graph.nodes}
        return names

    def used_nodes(self, input_names: set[str], output_names: list[str]) -> tuple[set[str], list[str]]:
        """The nodes the outputs depend on, and the inputs they need that were not given
        (TF.js's getExecutionSubgraph)."""
        nodes = self.graph.nodes
        dead_ends = self.preset(input_names) | {node.name for node in self.graph.init_nodes}
        used: set[str] = set()
        missing: list[str] = []
        frontier = list(output_names)
        seen = set(frontier)
        while frontier:
            name = frontier.pop()
            used.add(name)
            if name in dead_ends:
                continue
            node = nodes[name]
            if not node.inputs and not node.controls:
                missing.append(name)
                continue
            for producer in [p for p, _ in node.inputs] + node.controls:
                if producer not in seen:
                    seen.add(producer)
                    frontier.append(producer)
        return used, missing


def _run_to_end(steps: Iterator[None]) -> Any:
    """What a run's steps return once they are all taken."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def _output(values: dict[str, list[Any]], name: str, index: int) -> Any:
    tensors = values[name]
    if index >= len(tensors):
        raise ValueError(
            f"The output '{name}:{index}' is not found in the graph: node '{name}' has {len(tensors)} outputs"
        )
    return tensors[index]
