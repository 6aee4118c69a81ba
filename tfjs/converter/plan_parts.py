"""A plan that does not join into one program (plan_program.py) runs in parts: where a
node runs without a kernel program that joins the others (its op, as Where's, whose
output size depends on the values; or a kernel another backend computes, as non-max
suppression, which `torch` hands to `cpu`), the nodes before it join into a program of
their own, which the backend may compile, and after it the rest starts again, so that
only such nodes run one by one. The parts are found and settled in the call that found
the plan does not join, so that the next call is a steady one."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tfjs.converter.custom_op import is_custom
from tfjs.converter.plan_runner import dispose_values
from tfjs.converter.warm_up import RANDOM_OPS

if TYPE_CHECKING:
    from tfjs.converter.execution_context import ExecutionContext
    from tfjs.converter.executor import GraphExecutor
    from tfjs.converter.plan_runner import Plan
    from tfjs.tensor import Tensor

Ref = tuple[str, int]


def first_part(plan: Plan, broken: Collection[str], output_refs: Sequence[Ref]) -> list[Ref]:
    """How `plan`, whose `broken` nodes ran without a kernel program that joins (an op
    another backend computes, or one that needs the execution context), splits in two:
    the tensors (node, output index) that the rest reads of the first part, with the
    outputs among them. The first part is the nodes that neither are broken nor read
    what a broken one made: run as a plan of its own, it joins into one program (which
    the backend may compile). Where there are none, it is the broken nodes that read no
    node of the plan, so that the rest starts again with the nodes that join. Empty where
    the plan does not split: a control input ties the parts together, or all is first."""
    tainted = set(broken)
    for node in plan.nodes:
        if any(producer in tainted for producer in [p for p, _ in node.inputs] + node.controls):
            tainted.add(node.name)
    first = {node.name for node in plan.nodes} - tainted
    if not first:
        names = {node.name for node in plan.nodes}
        first = {
            node.name
            for node in plan.nodes
            if not any(producer in names for producer in [p for p, _ in node.inputs] + node.controls)
        }
    rest = [node for node in plan.nodes if node.name not in first]
    if not rest or any(producer in first for node in rest for producer in node.controls):
        return []
    refs = {(producer, index): None for node in rest for producer, index in node.inputs if producer in first}
    refs.update(((name, index), None) for name, index in output_refs if name in first)
    return list(refs)


def run_in_parts(
    run_part: Callable[[dict[str, Any], list[Ref]], Iterator[None]],
    first: list[Ref],
    inputs: dict[str, Any],
    output_refs: list[Ref],
    values: dict[str, list[Any]],
) -> Iterator[None]:
    """Computes `output_refs` from `inputs` in two plans, each run by `run_part(feeds,
    refs)` (a generator returning the tensors): the tensors `first` (`first_part`), then
    from them (placed in `values`) the outputs the first part did not compute (an output
    fed to a plan would keep it from joining); returns the tensors."""
    computed = yield from run_part(inputs, first)
    fed = {**inputs, **place_outputs(values, first, computed)}
    done = dict(zip(first, computed, strict=True))
    later = [ref for ref in output_refs if ref not in done]
    if later:
        rest = yield from run_part(fed, later)
        done.update(zip(later, rest, strict=True))
    return [done[ref] for ref in output_refs]


def place_outputs(
    values: dict[str, list[Any]], refs: Sequence[Ref], tensors: Sequence[Any]
) -> dict[str, Any]:
    """Puts each of `tensors` in `values` at its ref; returns them by tensor name."""
    named = {}
    for (name, index), tensor in zip(refs, tensors, strict=True):
        slots = values.setdefault(name, [])
        slots.extend([None] * (index + 1 - len(slots)))
        slots[index] = tensor
        named[f"{name}:{index}"] = tensor
    return named


def split_plan(
    executor: GraphExecutor,
    key: tuple[Any, ...],
    plan: Plan,
    broken: Collection[str],
    inputs: dict[str, Tensor],
    output_refs: list[Ref],
    context: ExecutionContext,
    keep_ids: set[int],
) -> Iterator[None]:
    """Keeps how the plan of program `key`, whose `broken` nodes kept it from joining,
    splits (`first_part`), and settles its parts in this call, so that the next call is a
    steady one (`settle_parts`): not where running it again would draw random numbers,
    call a custom op a second time or change the state of the execution (a TensorArray
    written again, a hash table's inserts): the next call settles them."""
    first = first_part(plan, broken, output_refs)
    if not first:
        return
    executor.plan_programs.first_parts[key] = first
    if not any(
        node.op in RANDOM_OPS or is_custom(node.mapper) or node.mapper.takes_context for node in plan.nodes
    ):
        yield from settle_parts(executor, inputs, output_refs, context, keep_ids)


def settle_parts(
    executor: GraphExecutor,
    inputs: dict[str, Tensor],
    output_refs: list[Ref],
    context: ExecutionContext,
    keep_ids: set[int],
) -> Iterator[None]:
    """Runs the plan for `inputs` and `output_refs`, just split in parts, once more on
    values of its own, so that each part joins (and compiles) in this call, the parts of
    its rest too; frees all it made."""
    values, keep = executor.start_values(inputs)
    keep |= keep_ids
    results: list[Any] = []
    try:
        results = yield from executor.run_planned(inputs, output_refs, values, context, keep, None, False)
    finally:
        dispose_values([*values.values(), results], keep)
