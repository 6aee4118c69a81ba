"""A plan's constant folding, done once when the plan is built: the nodes whose data
inputs are all weights of the model (or nodes folded themselves) and whose op is
deterministic and stateless run once, and the values the rest of the plan reads become
constants of the executor, held until the model is disposed (with its weights).

A node folds only when its value cannot change from one run to the next: not fed, not
asked for as an output (the caller would own the tensor), no control inputs, a mapper
that takes no execution context (control flow, tensor arrays and lists, hash tables all
take one) and no random op. A folded node runs the same mapper on the same tensors as it
would in every run, so the plan's results are the same, bit for bit. A node whose
evaluation fails, or that gives something other than tensors, is left in the plan (the
failure is reported when the plan runs, as before)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from tfjs.converter.model_graph import FRAME_OPS, SOURCE_OPS, Node
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor

# Ops whose value differs from one run to the next, or that act on state.
UNFOLDABLE_OPS = frozenset(
    {
        "Multinomial",
        "RandomStandardNormal",
        "RandomUniform",
        "RandomUniformInt",
        "RandomShuffle",
        "RandomGamma",
        "TruncatedNormal",
        "Print",
        "NoOp",
        "PlaceholderWithDefault",
        "StatelessIf",
        "StatelessWhile",
        "If",
        "While",
    }
)
# A folded value above this many elements is not held (the node stays in the plan).
MAX_FOLDED_SIZE = 1 << 24


def foldable_op(node: Node) -> bool:
    """Whether `node`'s op is deterministic and stateless (its value a function of its
    inputs alone)."""
    mapper = node.mapper
    return (
        mapper is not None
        and not mapper.takes_context
        and node.op not in SOURCE_OPS
        and node.op not in FRAME_OPS
        and node.op not in UNFOLDABLE_OPS
        and not node.op.startswith(("Random", "Stateful", "TensorArray", "TensorList", "Placeholder"))
    )


def fold_plan(
    steps: list[Node],
    weights: Mapping[str, list[Any]],
    fed: Collection[str],
    outputs: Collection[str],
    folded: dict[str, list[Tensor]],
    call: Callable[[Node, list[Any]], list[Any]],
    weight_ids: Collection[int],
) -> tuple[list[Node], dict[str, list[Tensor]]]:
    """`steps` (a plan's nodes in execution order) without the nodes that fold, and the
    folded values the remaining steps read ({node name: [tensor per output]}).

    `weights`: {Const node name: [tensor]}; `fed`: the nodes given as inputs; `outputs`:
    the nodes asked for; `folded`: the executor's folded values, shared by its plans (new
    ones are added to it, kept); `call(node, args)` runs a node; `weight_ids`: the ids of
    the weights' tensors (never disposed here)."""
    constant: set[str] = {name for name in weights if name not in fed}
    candidates: list[Node] = []
    for node in steps:
        if (
            node.name not in fed
            and node.name not in outputs
            and not node.controls
            and node.inputs
            and foldable_op(node)
            and all(p in constant for p, _ in node.inputs)
        ):
            candidates.append(node)
            constant.add(node.name)
    if not candidates:
        return steps, {}
    # The folded nodes whose values the rest of the plan reads.
    names = {node.name for node in candidates}
    needed: set[str] = set()
    for node in steps:
        if node.name not in names:
            needed.update(p for p, _ in node.inputs if p in names)
    values: dict[str, list[Any]] = {}
    made: list[Any] = []  # the tensors evaluated here
    failed: set[str] = set()
    for node in candidates:
        if node.name in folded:
            values[node.name] = folded[node.name]
            continue
        if any(p in failed for p, _ in node.inputs):
            failed.add(node.name)
            continue
        sources = [weights[p] if p in weights else values[p] for p, _ in node.inputs]
        if any(i >= len(tensors) for (_, i), tensors in zip(node.inputs, sources, strict=True)):
            failed.add(node.name)  # it reads an output its producer lacks: the run will say so
            continue
        args = [tensors[i] for (_, i), tensors in zip(node.inputs, sources, strict=True)]
        try:
            result = call(node, args)
        except Exception:
            failed.add(node.name)
            continue
        made.extend(result)
        if any(not isinstance(t, Tensor) or t.size > MAX_FOLDED_SIZE for t in result):
            failed.add(node.name)
            continue
        values[node.name] = result
    # A node that did not fold stays, and so must the folded nodes it reads.
    kept_names = needed - failed
    for node in candidates:
        if node.name in failed:
            kept_names.update(p for p, _ in node.inputs if p in values)
    keep = {t.id for name in kept_names for t in values[name]} | set(weight_ids)
    keep |= {t.id for tensors in folded.values() for t in tensors}
    for name in kept_names:
        if name not in folded:
            folded[name] = [ENGINE.keep(t) for t in values[name]]
    disposed: set[int] = set()
    for tensor in made:
        if isinstance(tensor, Tensor) and tensor.id not in keep and tensor.id not in disposed:
            disposed.add(tensor.id)
            tensor.dispose()
    removed = names - failed
    plan_values = {name: folded[name] for name in kept_names}
    return [node for node in steps if node.name not in removed], plan_values
