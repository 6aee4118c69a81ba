"""A whole plan lowered to one sequence of kernel calls (DESIGN.md: graph models compile
once).

After a run in which every node of a plan ran as a kernel program (kernel_program.py),
the programs the nodes ran are joined into one: each kernel input names a slot (a feed,
a weight or constant the plan reads, or an earlier kernel's output), and after each
kernel the slots nothing reads any more are freed. Running it calls the kernels on the
backend directly: no tensor is made for an intermediate (only the outputs become tracked
tensors), no node bookkeeping, no scope. It is recorded (lowered_plans.py) for the
backend instance and the feeds' shapes and dtypes, as each node's program is, and runs
only when node programs would (`can_replay`: no tape, debug mode, profile or timer) and
intermediate tensors are not kept; so `memory()` is exact at the boundary of every
`execute`.

A backend may run the joined program as one unit of its own (`compile_plan`: the torch
backend's frozen graph); the plain loop here is every backend's fallback, and `cpu`'s
way, so its outputs stay bit for bit those of the node-by-node run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from tfjs.backends.backend import TensorInfo
from tfjs.converter.kernel_program import KernelStep, NodeProgram, ShareStep, note_node
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor

Runner = Callable[[Sequence[Any]], list[TensorInfo]]  # feeds' infos: the outputs' infos


class PlanKernel(NamedTuple):
    """One kernel call of the plan, its inputs and outputs as slots."""

    kernel_name: str
    kernel_func: Callable[..., Any]
    inputs: tuple[tuple[str, Any, bool], ...]  # (name, a slot, slots if is_list, or None; is_list)
    attrs: dict[str, Any]
    outputs: tuple[int | None, ...]  # the slot of each output the plan reads
    release: tuple[int, ...]  # slots nothing reads after this kernel
    node: str = ""  # the graph node whose op called it, and that op
    op: str = ""


class PlanConstant(NamedTuple):
    """A small tensor an op made from host values, made again each run."""

    values: Any
    dtype: str
    slot: int
    release: tuple[int, ...]


class PlanProgram(NamedTuple):
    """A plan's kernels on one backend, over `num_slots` slots."""

    backend: Any
    num_slots: int
    feed_slots: tuple[int, ...]  # the feeds, in the order of the key
    fixed: tuple[tuple[int, Tensor], ...]  # weights and constants: (slot, tensor)
    steps: tuple[PlanKernel | PlanConstant, ...]
    outputs: tuple[int, ...]
    owned: tuple[Tensor, ...] = ()  # fixed tensors the program made (plan_folding.fold_constant_steps)


class PlanCollector:
    """Joins the kernel programs the nodes of one run ran, in order; `program()` is None
    when a node ran otherwise (its op, or through the execution context): such a node is
    `broken`, and every node that reads what one made (its `foreign` tensors) joins
    nothing either."""

    def __init__(self, feeds: Sequence[Tensor], fixed_ids: set[int]) -> None:
        self.fixed_ids = fixed_ids
        self.slot_of: dict[int, int] = {}  # tensor id: its slot
        self.num_slots = 0
        self.feed_slots = tuple(self._new_slot(tensor) for tensor in feeds)
        self.fixed: list[tuple[int, Tensor]] = []
        self.steps: list[PlanKernel | PlanConstant] = []
        self.reads: dict[int, int] = {}  # slot: the last step that reads it
        self.complete = True
        self.broken: list[str] = []  # the nodes that ran without a program that joins
        self.foreign: set[int] = set()  # ids of the tensors they and their readers made

    def _new_slot(self, tensor: Tensor | None = None) -> int:
        slot = self.num_slots
        self.num_slots += 1
        if tensor is not None:
            self.slot_of[tensor.id] = slot
        return slot

    def _slot_of_arg(self, arg: Any) -> int | None:
        if not isinstance(arg, Tensor):
            return None
        slot = self.slot_of.get(arg.id)
        if slot is None and arg.id in self.fixed_ids:
            slot = self._new_slot(arg)
            self.fixed.append((slot, arg))
        return slot

    def skipped(self, node: str, outputs: Sequence[Any] = ()) -> None:
        """`node` ran without a kernel program (or one that does not join), making `outputs`."""
        self.complete = False
        self.broken.append(node)
        self.foreign.update(t.id for t in outputs if isinstance(t, Tensor))

    def node(
        self, program: NodeProgram, args: Sequence[Any], outputs: Sequence[Any], name: str, op: str
    ) -> None:
        """The node `name` (of op `op`) ran `program` on `args` and returned `outputs`."""
        read = [t for arg in args for t in (arg if isinstance(arg, (list, tuple)) else (arg,))]
        if any(isinstance(t, Tensor) and t.id in self.foreign for t in read):
            self.complete = False  # downstream of a broken node
            self.foreign.update(t.id for t in outputs if isinstance(t, Tensor))
        elif not self._joined(program, args, outputs, (name, op)):
            self.skipped(name, outputs)

    def _joined(
        self, program: NodeProgram, args: Sequence[Any], outputs: Sequence[Any], node: tuple[str, str]
    ) -> bool:
        """Whether `program`'s kernels, run on `args`, were joined to the steps."""
        local: dict[tuple[int, int], int] = {}  # (step of the node, output): slot

        def slot_of(ref: tuple[Any, ...]) -> int | None:
            if ref[0] == "arg":
                return self._slot_of_arg(args[ref[1]])
            return local.get((ref[1], ref[2]))

        for j, step in enumerate(program.steps):
            if isinstance(step, ShareStep):
                source = slot_of(step.source)
                if source is None:
                    return False
                local[(j, 0)] = source
                continue
            if not isinstance(step, KernelStep):  # a ConstantStep
                slot = local[(j, 0)] = self._new_slot()
                self.steps.append(PlanConstant(step.values, step.dtype, slot, ()))
                continue
            if step.backend is not ENGINE.backend:
                return False
            inputs = []
            for name, ref, is_list in step.inputs:
                if ref is None:
                    inputs.append((name, None, False))
                    continue
                slots = tuple(slot_of(r) for r in ref) if is_list else (slot_of(ref),)
                if None in slots:
                    return False
                for slot in slots:
                    self.reads[slot] = len(self.steps)
                inputs.append((name, slots if is_list else slots[0], is_list))
            used = [k for (s, k) in _refs_to(program, j)]
            outs: list[int | None] = [None] * (max(used) + 1 if used else 0)
            for k in used:
                outs[k] = local[(j, k)] = self._new_slot()
            self.steps.append(
                PlanKernel(
                    step.kernel_name, step.kernel_func, tuple(inputs), step.attrs, tuple(outs), (), *node
                )
            )
        for ref, tensor in zip(program.outputs, outputs, strict=True):
            slot = slot_of(ref)
            if slot is None or not isinstance(tensor, Tensor):
                return False
            self.slot_of[tensor.id] = slot
        return True

    def program(self, results: Sequence[Any]) -> PlanProgram | None:
        """The joined program returning `results` (this run's output tensors)."""
        if not self.complete or not self.steps:
            return None
        outputs = []
        fixed_slots = {slot for slot, _ in self.fixed} | set(self.feed_slots)
        for tensor in results:
            slot = self.slot_of.get(tensor.id) if isinstance(tensor, Tensor) else None
            if slot is None or slot in fixed_slots:
                return None  # an output that is a feed or weight itself: the node-by-node run
            outputs.append(slot)
        steps = with_releases(self.steps, fixed_slots | set(outputs))
        return PlanProgram(
            ENGINE.backend, self.num_slots, self.feed_slots, tuple(self.fixed), steps, tuple(outputs)
        )


def slots_read(step: PlanKernel | PlanConstant) -> list[int]:
    """The slots `step` reads (a constant reads none)."""
    if isinstance(step, PlanConstant):
        return []
    reads = [(read if is_list else (read,)) for _, read, is_list in step.inputs if read is not None]
    return [slot for slots in reads for slot in slots]


def with_releases(
    steps: Sequence[PlanKernel | PlanConstant], kept: set[int]
) -> tuple[PlanKernel | PlanConstant, ...]:
    """`steps`, each releasing the slots it made or read last, but for `kept` ones (the
    feeds, weights and outputs)."""
    last: dict[int, int] = {}
    for index, step in enumerate(steps):
        made = step.outputs if isinstance(step, PlanKernel) else (step.slot,)
        for slot in [*made, *slots_read(step)]:
            if slot is not None:
                last[slot] = index
    releases: dict[int, list[int]] = {}
    for slot, index in last.items():
        if slot not in kept:
            releases.setdefault(index, []).append(slot)
    return tuple(step._replace(release=tuple(releases.get(i, ()))) for i, step in enumerate(steps))


def _refs_to(program: NodeProgram, step: int) -> list[tuple[int, int]]:
    """The (step, output) pairs of `program`'s step `step` that anything reads."""
    found = set()
    refs: list[Any] = list(program.outputs)
    for other in program.steps:
        if isinstance(other, KernelStep):
            for _, ref, is_list in other.inputs:
                if ref is not None:
                    refs.extend(ref if is_list else [ref])
        elif isinstance(other, ShareStep):
            refs.append(other.source)
    for ref in refs:
        if ref[0] == "step" and ref[1] == step:
            found.add((ref[1], ref[2]))
    return sorted(found)


def run_program(
    program: PlanProgram, feeds: Sequence[Tensor], runner: Runner | None = None, check_weights: bool = True
) -> list[Tensor]:
    """Runs `program` on `feeds` (in its key's order), by `runner` where the backend
    compiled one: its outputs as tracked tensors. `check_weights`: whether each weight
    is checked (not disposed) and moved to the program's backend first (where nothing
    was disposed or moved since they last were, the caller may leave it)."""
    engine, backend = ENGINE, program.backend
    prepare_feeds(program, feeds)
    if check_weights:
        for _, tensor in program.fixed:
            engine.prepare_input(backend, tensor, "weight", "a graph model")
    infos = runner(feeds) if runner is not None else run_kernels(program, feeds)
    return [engine.make_outputs(info, backend, "a graph model") for info in infos]


def prepare_feeds(program: PlanProgram, feeds: Sequence[Tensor]) -> None:
    """Checks each of `feeds` (not disposed) and moves it to the program's backend (a
    feed another backend's kernel made, such as non-max suppression's on `cpu`)."""
    for tensor in feeds:
        ENGINE.prepare_input(program.backend, tensor, "feed", "a graph model")


def run_kernels(program: PlanProgram, feeds: Sequence[Any]) -> list[TensorInfo]:
    """Calls `program`'s kernels on `feeds` (anything with a data id, shape and dtype on
    its backend): the outputs' TensorInfos, every other buffer it made freed, also when a
    kernel fails."""
    backend = program.backend
    infos: list[Any] = [None] * program.num_slots
    protected = set()
    for slot, tensor in zip(program.feed_slots, feeds, strict=True):
        infos[slot] = tensor
        protected.add(tensor.data_id)
    for slot, tensor in program.fixed:
        infos[slot] = tensor
        protected.add(tensor.data_id)
    held: dict[Any, int] = {}  # buffers this run made: how many live slots hold each

    def release(slots: tuple[int, ...]) -> None:
        for slot in slots:
            data_id = infos[slot].data_id
            infos[slot] = None
            count = held.get(data_id)
            if count is None:
                continue
            if count > 1:
                held[data_id] = count - 1
            else:
                del held[data_id]
                backend.dispose_data(data_id)

    try:
        for step in program.steps:
            if isinstance(step, PlanConstant):
                data_id = backend.write(step.values, step.dtype)
                infos[step.slot] = TensorInfo(data_id, step.values.shape, step.dtype)
                held[data_id] = held.get(data_id, 0) + 1
                release(step.release)
                continue
            inputs = {
                name: (None if slot is None else [infos[s] for s in slot] if is_list else infos[slot])
                for name, slot, is_list in step.inputs
            }
            result = backend.execute(step.kernel_func, inputs, step.attrs)
            made = [result] if isinstance(result, TensorInfo) else result
            slots = step.outputs + (None,) * (len(made) - len(step.outputs))
            for info, slot in zip(made, slots, strict=False):
                if slot is not None:
                    infos[slot] = info
                    if info.data_id not in protected:
                        held[info.data_id] = held.get(info.data_id, 0) + 1
            for info, slot in zip(made, slots, strict=False):
                if slot is None and info.data_id not in protected and info.data_id not in held:
                    backend.dispose_data(info.data_id)
            release(step.release)
    except BaseException as error:
        if isinstance(step, PlanKernel) and step.node:
            note_node(error, step.node, step.op)
        for data_id in held:
            backend.dispose_data(data_id)
        raise
    outputs = [infos[slot] for slot in program.outputs]
    return [TensorInfo(info.data_id, tuple(info.shape), info.dtype) for info in outputs]
