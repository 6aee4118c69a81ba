"""A graph node lowered to the kernels it runs (DESIGN.md: graph models compile once).

The first time a node runs with given argument shapes and dtypes, host values (the axes
and shapes the plan gives it) and backend instance, its op runs as usual while the engine
records every kernel it calls: the kernel, its resolved attributes, where each input comes
from (one of the node's arguments, or an output of an earlier kernel of the same node) and
which tensors the node returns. Later runs with the same key call those kernels directly:
no argument conversion or validation (it ran, for these shapes, when the node was
recorded), no op wrapper, no scope. Inputs that differ only in their values replay the
same kernels, so value checks belong to the kernels (DESIGN.md: "ops validate, kernels
compute").

A tensor the op made from host values (a shape, a scalar it needed) is made again from
the same values. A node is not lowered when its op did something a replay could not
repeat: read a tensor's values on the host (its kernels may depend on them), drew random
numbers on the host, or took an argument that is neither a tensor nor small host values.
Such a node runs its op every time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from tfjs.converter.model_graph import SOURCE_OPS, Node
from tfjs.converter.ops._values import HostValues
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor

if TYPE_CHECKING:
    from tfjs.converter.plan_program import PlanCollector

# Where a kernel input, or a node output, comes from: ("arg", i) or ("step", j, k).
Ref = tuple[Any, ...]
ProgramKey = tuple[Any, ...]
MAX_PROGRAMS_PER_NODE = 8
MAX_CONSTANT_SIZE = 1024  # elements: a larger host-made tensor is not replayed


class KernelStep(NamedTuple):
    kernel_name: str
    kernel_func: Callable[..., Any]
    backend: Any
    inputs: tuple[tuple[str, Any, bool], ...]  # (name, ref or tuple of refs or None, is_list)
    attrs: dict[str, Any]


class ShareStep(NamedTuple):
    """A new tensor on an existing buffer (reshape and its kin share, not copy)."""

    source: Ref


class ConstantStep(NamedTuple):
    """A tensor the op made from host values that depend only on what the program is
    recorded for (shapes, dtypes, attributes): made again from the same values."""

    values: Any
    dtype: str
    origin: str


class NodeProgram(NamedTuple):
    steps: tuple[KernelStep | ShareStep | ConstantStep, ...]
    outputs: tuple[Ref, ...]
    returns_list: bool


# {node name: {key: its program, or None where the node is not lowered}}
NodePrograms = dict[str, dict[ProgramKey, "NodeProgram | None"]]
NOT_LOWERED = None
MISSING = object()  # no program recorded yet for these shapes


class KernelRecorder:
    """What the engine reports while a node's op runs (ENGINE.recorder)."""

    __slots__ = ("constant_ids", "lowerable", "refs", "steps")

    def __init__(self, args: Sequence[Any], constant_ids: frozenset[int] | set[int] = frozenset()) -> None:
        self.constant_ids = constant_ids  # tensors whose values never change (weights)
        self.refs: dict[int, Ref] = {}
        for i, arg in enumerate(args):
            if isinstance(arg, Tensor):
                self.refs.setdefault(arg.id, ("arg", i))
        self.steps: list[KernelStep | ShareStep | ConstantStep] = []
        self.lowerable = True

    def kernel(
        self, kernel_name: str, kernel_func: Any, backend: Any, inputs: Any, attrs: Any, outputs: Any
    ) -> None:
        if not self.lowerable:
            return
        recorded = []
        for name, value in inputs.items():
            if isinstance(value, (list, tuple)):
                refs = tuple(self.refs.get(item.id) if isinstance(item, Tensor) else None for item in value)
                if None in refs:
                    self.lowerable = False
                    return
                recorded.append((name, refs, True))
            elif value is None:
                recorded.append((name, None, False))
            else:
                ref = self.refs.get(value.id) if isinstance(value, Tensor) else None
                if ref is None:
                    self.lowerable = False
                    return
                recorded.append((name, ref, False))
        step = len(self.steps)
        for k, tensor in enumerate(outputs if isinstance(outputs, list) else [outputs]):
            self.refs[tensor.id] = ("step", step, k)
        self.steps.append(KernelStep(kernel_name, kernel_func, backend, tuple(recorded), dict(attrs)))

    def share(self, source: Tensor, shared: Tensor) -> None:
        ref = self.refs.get(source.id)
        if ref is None:
            self.lowerable = False
            return
        self.refs[shared.id] = ("step", len(self.steps), 0)
        self.steps.append(ShareStep(ref))

    def constant(self, tensor: Tensor, values: Any, origin: str) -> None:
        if origin == "random" or values.size > MAX_CONSTANT_SIZE:
            self.lowerable = False
            return
        self.refs[tensor.id] = ("step", len(self.steps), 0)
        self.steps.append(ConstantStep(values.copy(), tensor.dtype, origin))

    def read(self, tensor: Tensor) -> None:
        """The op read `tensor`'s values on the host: its kernels may depend on them,
        unless they never change."""
        if tensor.id not in self.constant_ids:
            self.lowerable = False

    def host(self) -> None:
        """The op did something on the host that a replay cannot repeat."""
        self.lowerable = False

    def program(self, result: Any) -> NodeProgram | None:
        if not self.lowerable:
            return NOT_LOWERED
        returns_list = isinstance(result, (list, tuple))
        outputs = []
        for tensor in result if returns_list else [result]:
            ref = self.refs.get(tensor.id) if isinstance(tensor, Tensor) else None
            if ref is None:
                return NOT_LOWERED
            outputs.append(ref)
        return NodeProgram(tuple(self.steps), tuple(outputs), returns_list)


def program_key(args: Sequence[Any]) -> ProgramKey | None:
    """What a program is recorded for: the backend, the tensors' shapes and dtypes, and
    the values the node reads on the host; None when an argument is neither (such a node
    is not lowered)."""
    key: list[Any] = [ENGINE.backend]  # the instance: a backend removed and made again records anew
    for arg in args:
        if isinstance(arg, Tensor):
            key.append(arg.shape)
            key.append(arg.dtype)
        elif isinstance(arg, HostValues) and arg.flat.size <= MAX_CONSTANT_SIZE:
            key.append(
                (arg.dtype, arg.shape, arg.flat.tobytes() if arg.dtype != "string" else tuple(arg.flat))
            )
        else:
            return None
    return tuple(key)


def record(
    fn: Callable[[], Any], args: Sequence[Any], constant_ids: set[int]
) -> tuple[Any, NodeProgram | None]:
    """Runs `fn` (a node's op) and returns its result and the program it ran;
    `constant_ids` are the tensors whose values may be read (weights, folded constants)."""
    recorder = KernelRecorder(args, constant_ids)
    outer, ENGINE.recorder = ENGINE.recorder, recorder
    try:
        result = fn()
    finally:
        ENGINE.recorder = outer
    if outer is not None:
        outer.host()  # a nested recording (a function call) is not replayed by the outer one
    return result, recorder.program(result)


def replay(program: NodeProgram, args: Sequence[Any]) -> list[Any]:
    """Runs `program` on `args`: the node's outputs, every other tensor it made freed."""
    engine = ENGINE
    made: list[list[Tensor]] = []

    def resolve(ref: Ref) -> Any:
        return args[ref[1]] if ref[0] == "arg" else made[ref[1]][ref[2]]

    try:
        for step in program.steps:
            if isinstance(step, ShareStep):
                made.append([engine.share(resolve(step.source))])
                continue
            if isinstance(step, ConstantStep):
                made.append([engine.make_tensor(step.values, step.dtype, step.origin)])
                continue
            backend = step.backend
            inputs: dict[str, Any] = {}
            for name, ref, is_list in step.inputs:
                if is_list:
                    value = [resolve(r) for r in ref]
                    for item in value:
                        engine.prepare_input(backend, item, name, step.kernel_name)
                elif ref is None:
                    value = None
                else:
                    value = resolve(ref)
                    engine.prepare_input(backend, value, name, step.kernel_name)
                inputs[name] = value
            outputs = engine.make_outputs(
                backend.execute(step.kernel_func, inputs, step.attrs), backend, step.kernel_name
            )
            made.append(outputs if isinstance(outputs, list) else [outputs])
        results = [resolve(ref) for ref in program.outputs]
    except BaseException:
        for tensors in made:
            for tensor in tensors:
                tensor.dispose()
        raise
    keep = {id(tensor) for tensor in results}
    for tensors in made:
        for tensor in tensors:
            if id(tensor) not in keep:
                tensor.dispose()
    return results


def can_replay() -> bool:
    """Whether nodes may run as recorded programs: not while a gradient tape records, nor
    under debug mode, `tf.profile` or `tf.time`, which keep their per-op records."""
    return not ENGINE.records_each_kernel()


def remember(programs: NodePrograms, node_name: str, key: ProgramKey, program: Any) -> None:
    """Keeps `program` for `node_name` and `key`; past MAX_PROGRAMS_PER_NODE (shapes that
    keep changing) the node's least recently used program is dropped (the runner moves a
    program it replays to the end)."""
    by_key = programs.setdefault(node_name, {})
    if len(by_key) >= MAX_PROGRAMS_PER_NODE:
        del by_key[next(iter(by_key))]
    by_key[key] = program


def runs_alone(node: Node) -> bool:
    """Whether `node` runs as its op on its arguments alone (no execution context, not a
    source): such a node may run as a kernel program."""
    mapper = node.mapper
    return mapper is not None and not mapper.takes_context and node.op not in SOURCE_OPS


def note_node(error: BaseException, name: str, op: str) -> None:
    """Adds to `error` (an op's or kernel's, not an interrupt) a note naming the graph node
    that raised it: the message stays TF.js's, the traceback ends with where it failed."""
    if isinstance(error, Exception):
        error.add_note(f"(raised by node '{name}', op {op})")


def run_node(
    node: Node,
    args: list[Any],
    programs: NodePrograms,
    unchanging: Callable[[], set[int]] | None,
    collector: PlanCollector | None = None,
) -> list[Any]:
    """Runs a node that `runs_alone`: its kernel program recorded for these arguments,
    else its op, recording the program where `unchanging` (the ids of the tensors whose
    values never change) is given: None when nodes may not run as programs now. An error
    either raises carries a note naming the node (`note_node`)."""
    key = program_key(args) if unchanging is not None else None
    by_key = programs.get(node.name) if key is not None else None
    program = by_key.get(key, MISSING) if by_key is not None else MISSING
    try:
        if program is not MISSING and program is not None:
            if len(by_key) > 1:  # least recently used first
                by_key[key] = by_key.pop(key)
            outputs = replay(program, args)
        else:
            result, program = _run_op(node, args, key, program, programs, unchanging)
            outputs = list(result) if isinstance(result, (list, tuple)) else [result]
    except BaseException as error:
        note_node(error, node.name, node.op)
        raise
    if collector is not None:
        if program is None or program is MISSING:
            collector.skipped(node.name, outputs)
        else:
            collector.node(program, args, outputs, node.name, node.op)
    return outputs


def run_op(node: Node, args: list[Any]) -> Any:
    """`node`'s op on `args` in a scope of its own (what it makes but its result is
    freed), recording no program."""
    return _run_op(node, args, None, MISSING, {}, None)[0]


def _run_op(
    node: Node,
    args: list[Any],
    key: ProgramKey | None,
    program: Any,
    programs: NodePrograms,
    unchanging: Callable[[], set[int]] | None,
) -> tuple[Any, Any]:
    """`node`'s op on `args` in a scope of its own, recording its kernel program where a
    `key` has none yet: the op's result and the program (None where it records none)."""
    ENGINE.start_scope(node.op)
    try:
        if key is not None and program is MISSING:
            result, program = record(partial(node.mapper.fn, *args, **node.keywords), args, unchanging())
            remember(programs, node.name, key, program)
        else:
            result = node.mapper.fn(*args, **node.keywords)
    except BaseException:
        ENGINE.end_scope(None)
        raise
    ENGINE.end_scope(result)
    return result, program
