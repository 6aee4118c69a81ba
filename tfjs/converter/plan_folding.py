"""Rewrites of a joined plan (plan_program.py) when it is lowered.

Steps that read no feed, on every backend: a program is recorded for its feeds' shapes,
so what its kernels compute from weights, constants and those shapes alone (a
detector's anchor boxes: Range, Tile, Fill and arithmetic on them) is the same on every
run. Those kernels run once, at lowering; the values the other steps read are kept with
the program as fixed tensors, and freed with it. The same kernels on the same inputs
give the same bits, so `cpu` folds them too. Random kernels (Multinomial) run each time,
and a step giving an output of the program still runs (the caller owns a new tensor).

The others only for a backend whose kernels need not give the graph's floats bit for
bit (`KernelBackend.folds_plans`: torch; never `cpu`, the exact reference).

Zero padding into a convolution's own: converted models often pad an image explicitly
(PadV2 with zeros on height and width) before a VALID convolution. The convolution then
reads the unpadded input with that padding as its own explicit padding: the same
windows and products, with no padded copy made (torch's convolution pads as it reads,
symmetric padding at no cost). The sums differ from the graph's only where a window's
products are all ±0 (a padded zero times a negative weight is -0, a skipped one adds
nothing); the convolution's bias, at least +0, makes such a sum +0 in both.

-Infinity padding into a max pool's own: a PadV2 with -Infinity before a VALID MaxPool
(an ONNX model's pool padding) becomes the pool's explicit padding, which TF.js's max
pool never reads. -Infinity never wins a max, and a window of NaN gives -Infinity
either way: the same values, bit for bit."""

from __future__ import annotations

import math

from tfjs.converter.constant_folding import MAX_FOLDED_SIZE
from tfjs.converter.plan_program import (
    PlanConstant,
    PlanKernel,
    PlanProgram,
    run_kernels,
    slots_read,
    with_releases,
)
from tfjs.engine import ENGINE
from tfjs.kernel_names import MULTINOMIAL

CONVOLUTIONS = frozenset({"Conv2D", "DepthwiseConv2dNative", "FusedConv2D", "FusedDepthwiseConv2D"})
# the kernels a PadV2 with each constant can fold into: {constant: kernel names}
PAD_READERS = {0.0: CONVOLUTIONS, -math.inf: frozenset({"MaxPool"})}
RANDOM_KERNELS = frozenset({MULTINOMIAL})


def fold_for_backend(program: PlanProgram) -> PlanProgram:
    """`program` with what `program.backend` lets fold folded (see the module's docstring)."""
    program = fold_constant_steps(program)
    if not getattr(program.backend, "folds_plans", False):
        return program
    return fold_pads(program)


def fold_constant_steps(program: PlanProgram) -> PlanProgram:
    """`program` with the steps that read no feed run once, now (see the module's
    docstring); as it is where none is, or where one fails or makes a value above
    MAX_FOLDED_SIZE elements (the run then gives the error, or computes it each time)."""
    constant = {slot for slot, _ in program.fixed}
    outputs = set(program.outputs)
    folded, rest = [], []
    for step in program.steps:
        made = step.outputs if isinstance(step, PlanKernel) else (step.slot,)
        if outputs.isdisjoint(made) and (
            isinstance(step, PlanConstant)
            or (step.kernel_name not in RANDOM_KERNELS and constant.issuperset(slots_read(step)))
        ):
            folded.append(step)
            constant.update(slot for slot in made if slot is not None)
        else:
            rest.append(step)
    fixed_slots = {slot for slot, _ in program.fixed}
    needed = sorted({slot for step in rest for slot in slots_read(step)} & (constant - fixed_slots))
    if not needed:
        return program
    part = program._replace(
        feed_slots=(),
        steps=with_releases(folded, fixed_slots | set(needed)),
        outputs=tuple(needed),
    )
    try:
        infos = run_kernels(part, [])
    except Exception:
        return program
    tensors = [ENGINE.keep(ENGINE.make_outputs(info, program.backend, "a graph model")) for info in infos]
    if any(tensor.size > MAX_FOLDED_SIZE for tensor in tensors):
        for tensor in tensors:
            tensor.dispose()
        return program
    fixed = program.fixed + tuple(zip(needed, tensors, strict=True))
    kept = {slot for slot, _ in fixed} | set(program.feed_slots) | outputs
    return program._replace(
        fixed=fixed, steps=with_releases(rest, kept), owned=program.owned + tuple(tensors)
    )


def fold_pads(program: PlanProgram) -> PlanProgram:
    """`program` with each padding of height and width that only a VALID NHWC kernel of
    PAD_READERS for its constant reads (as its input x: a convolution for zeros, a max
    pool for -Infinity), directly or through a Transpose only it reads (an NCHW graph's
    pad before its transpose to NHWC), made that kernel's explicit padding."""
    steps: list[PlanKernel | PlanConstant | None] = list(program.steps)
    readers: dict[int, list[int]] = {}
    for index, step in enumerate(steps):
        for read in slots_read(step):
            readers.setdefault(read, []).append(index)
    outputs = set(program.outputs)

    def only_reader(step: PlanKernel | PlanConstant | None) -> int | None:
        if not isinstance(step, PlanKernel) or len(step.outputs) != 1 or step.outputs[0] in outputs:
            return None
        users = readers.get(step.outputs[0], [])
        return users[0] if len(users) == 1 else None

    for index, step in enumerate(steps):
        rows, kinds = _padding(step)
        reader = only_reader(step) if rows is not None else None
        if reader is None:
            continue
        transpose = None
        if _transpose_4d(steps[reader]):
            transpose = reader
            rows = [rows[axis] for axis in steps[transpose].attrs["perm"]]
            reader = only_reader(steps[transpose])
        conv = steps[reader] if reader is not None else None
        read = steps[transpose] if transpose is not None else step
        if rows[0] != (0, 0) or rows[3] != (0, 0) or not _reads_as_x(conv, read, kinds):
            continue
        source = dict((name, slot) for name, slot, _ in step.inputs)["x"]
        at = transpose if transpose is not None else reader
        steps[at] = _reading(steps[at], "x", source)
        steps[reader] = steps[reader]._replace(
            attrs={**steps[reader].attrs, "pad": [[0, 0], list(rows[1]), list(rows[2]), [0, 0]]}
        )
        steps[index] = None
    kept = [step for step in steps if step is not None]
    if len(kept) == len(steps):
        return program
    fixed = set(program.feed_slots) | {slot for slot, _ in program.fixed} | set(program.outputs)
    return program._replace(steps=with_releases(kept, fixed))


def _padding(
    step: PlanKernel | PlanConstant | None,
) -> tuple[list[tuple[int, int]], frozenset[str]] | tuple[None, None]:
    """A 4-D PadV2 step's padding of each axis and the kernels its constant lets it fold
    into (PAD_READERS), when it crops none; (None, None) for any other step."""
    if not isinstance(step, PlanKernel) or step.kernel_name != "PadV2":
        return None, None
    paddings, value = step.attrs.get("paddings"), step.attrs.get("constant_value")
    try:
        rows = [tuple(int(p) for p in row) for row in paddings]
        kinds = PAD_READERS.get(float(value))
    except (TypeError, ValueError):
        return None, None
    if kinds is None or len(rows) != 4 or any(len(row) != 2 or min(row) < 0 for row in rows):
        return None, None
    return rows, kinds


def _transpose_4d(step: PlanKernel | PlanConstant | None) -> bool:
    return (
        isinstance(step, PlanKernel)
        and step.kernel_name == "Transpose"
        and sorted(step.attrs.get("perm", ())) == [0, 1, 2, 3]
    )


def _reads_as_x(reader: PlanKernel | PlanConstant | None, before: PlanKernel, kinds: frozenset[str]) -> bool:
    """Whether `reader` is a VALID NHWC kernel of `kinds` that reads `before`'s output as
    its input x, and as nothing else."""
    if not isinstance(reader, PlanKernel) or not _valid_nhwc(reader, kinds):
        return False
    made = before.outputs[0]
    names = [name for name, slot, is_list in reader.inputs if slot == made or (is_list and made in slot)]
    return names == ["x"]


def _reading(step: PlanKernel, name: str, slot: int) -> PlanKernel:
    """`step` reading `slot` as its input `name`."""
    inputs = tuple((each, slot if each == name else read, is_list) for each, read, is_list in step.inputs)
    return step._replace(inputs=inputs)


def _valid_nhwc(step: PlanKernel, kinds: frozenset[str]) -> bool:
    attrs = step.attrs
    return (
        step.kernel_name in kinds
        and isinstance(attrs.get("pad"), str)
        and attrs["pad"].lower() == "valid"
        and attrs.get("data_format", "NHWC") == "NHWC"
        and attrs.get("dim_rounding_mode") is None
    )
