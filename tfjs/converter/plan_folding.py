"""Rewrites of a joined plan (plan_program.py) for a backend whose kernels need not give
the graph's floats bit for bit (`KernelBackend.folds_plans`: torch; never `cpu`, the
exact reference).

Zero padding into a convolution's own: converted models often pad an image explicitly
(PadV2 with zeros on height and width) before a VALID convolution. The convolution then
reads the unpadded input with that padding as its own explicit padding: the same
windows and products, with no padded copy made (torch's convolution pads as it reads,
symmetric padding at no cost). The sums differ from the graph's only where a window's
products are all ±0 (a padded zero times a negative weight is -0, a skipped one adds
nothing); the convolution's bias, at least +0, makes such a sum +0 in both."""

from __future__ import annotations

from tfjs.converter.plan_program import PlanConstant, PlanKernel, PlanProgram, with_releases

CONVOLUTIONS = frozenset({"Conv2D", "DepthwiseConv2dNative", "FusedConv2D", "FusedDepthwiseConv2D"})


def fold_for_backend(program: PlanProgram) -> PlanProgram:
    """`program` with what `program.backend` lets fold folded (see the module's docstring)."""
    if not getattr(program.backend, "folds_plans", False):
        return program
    return fold_pads(program)


def fold_pads(program: PlanProgram) -> PlanProgram:
    """`program` with each zero padding of height and width that only a VALID NHWC
    convolution reads (as its input x) made that convolution's explicit padding."""
    steps: list[PlanKernel | PlanConstant | None] = list(program.steps)
    readers: dict[int, list[int]] = {}
    for index, step in enumerate(steps):
        if isinstance(step, PlanKernel):
            for _, slot, is_list in step.inputs:
                for read in (slot if is_list else (slot,)) if slot is not None else ():
                    readers.setdefault(read, []).append(index)
    outputs = set(program.outputs)
    for index, step in enumerate(steps):
        pads = _spatial_zero_padding(step)
        if pads is None or step is None or len(step.outputs) != 1 or step.outputs[0] in outputs:
            continue
        padded = step.outputs[0]
        users = readers.get(padded, [])
        if len(users) != 1:
            continue
        conv = steps[users[0]]
        if not isinstance(conv, PlanKernel) or not _valid_nhwc_convolution(conv):
            continue
        if [
            name for name, slot, is_list in conv.inputs if slot == padded or (is_list and padded in slot)
        ] != ["x"]:
            continue
        source = dict((name, slot) for name, slot, _ in step.inputs)["x"]
        steps[users[0]] = conv._replace(
            inputs=tuple(
                (name, source if name == "x" else slot, is_list) for name, slot, is_list in conv.inputs
            ),
            attrs={**conv.attrs, "pad": [[0, 0], list(pads[0]), list(pads[1]), [0, 0]]},
        )
        steps[index] = None
    kept = [step for step in steps if step is not None]
    if len(kept) == len(steps):
        return program
    fixed = set(program.feed_slots) | {slot for slot, _ in program.fixed} | set(program.outputs)
    return program._replace(steps=with_releases(kept, fixed))


def _spatial_zero_padding(step: PlanKernel | PlanConstant | None) -> tuple[tuple[int, int], ...] | None:
    """A PadV2 step's (height, width) padding, when it pads only those, with zeros."""
    if not isinstance(step, PlanKernel) or step.kernel_name != "PadV2":
        return None
    paddings, value = step.attrs.get("paddings"), step.attrs.get("constant_value")
    try:
        rows = [tuple(int(p) for p in row) for row in paddings]
    except (TypeError, ValueError):
        return None
    if value != 0 or len(rows) != 4 or any(len(row) != 2 or min(row) < 0 for row in rows):
        return None
    if rows[0] != (0, 0) or rows[3] != (0, 0):
        return None
    return rows[1], rows[2]


def _valid_nhwc_convolution(step: PlanKernel) -> bool:
    attrs = step.attrs
    return (
        step.kernel_name in CONVOLUTIONS
        and isinstance(attrs.get("pad"), str)
        and attrs["pad"].lower() == "valid"
        and attrs.get("data_format", "NHWC") == "NHWC"
        and attrs.get("dim_rounding_mode") is None
    )
