"""A frozen plan graph run with oneDNN Graph (PyTorch's LLGA bridge): TorchScript's
profiling executor hands the graph's convolutions, matrix products and poolings to oneDNN
as partitions compiled once (oneDNN's own convolution sets itself up on every call, about
30 µs however small), in the profiling runs made here, at compile time.

The bridge maps many more ops, and compiling the partitions it forms around elementwise
work fails on these models ("partition compile failed": a 0-d constant, an add and a
clamp after a transpose) or crashes (`addmm`). It considers only the node kinds it knows,
so the elementwise, layout and concatenation nodes are first respelled as the same ATen
computations under names it does not know (`multiply` for `mul`, `sub` with the negated
alpha for `add`, `clamp_min(x, 0)` for `relu`, which is how ATen computes it, `movedim`
for `permute`): each gives the same bits. What is left to oneDNN Graph: convolutions,
matrix products, poolings, `contiguous` (its other spelling, `to(memory_format)`, leaves
some strided tensors strided: argmax over one ran 20 times slower), and the elementwise
ops without another name (tanh, exp, sigmoid_, leaky_relu, ...). With `chains`, the
elementwise ops between convolutions are first given channels-first twins under their
own names (layout_sinking.py), which oneDNN Graph fuses into the convolutions.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, NamedTuple

import torch

from tfjs.backends.torch.best_times import best_block_times
from tfjs.backends.torch.graph_facts import (
    GraphFacts,
    constant_before,
    constant_number,
    drop_check,
    graph_facts,
    insert_node,
    is_check_total,
    is_number,
    replace_node,
)
from tfjs.backends.torch.layout_sinking import fold_layout_round_trips, sink_layout_permutes
from tfjs.backends.torch.mirrored_blocks import mirror_shifted_blocks

_PROFILED_RUNS = 3  # the executor profiles, then optimizes (forming the partitions), then runs them
_WARM_UP_RUNS = 3  # a thread's first calls of a partition run up to 2 times slower
_TIMED_ROUNDS = 3  # blocks of _TIMED_RUNS calls per form (best_block_times)
_TIMED_RUNS = 5
# A fused form still gains a little over its next calls (its partitions warm up in the
# calling thread): it is kept when it measures at most 5% slower than the plain graph.
_SLOWER_ALLOWED = 1.05
# The first form (the chains', where there is one) runs faster than the others on 33 of
# 40 models, by 3-21% on 24 (run alone, in turns), yet lost this timing on about one
# load in three of blazepose-heavy, movenet-multipose and rvm, costing 3-4%: another
# form is taken only where it measures faster by more than the timing's noise
# (mobileface's traced form: 22% faster).
_FIRST_FORM_MARGIN = 0.97

_RENAMED = {
    "aten::mul": "aten::multiply",
    "aten::mul_": "aten::multiply_",
    "aten::div": "aten::divide",
    "aten::div_": "aten::divide_",
    "aten::clamp": "aten::clip",
    "aten::clamp_": "aten::clip_",
    "aten::sigmoid": "aten::special_expit",
    "aten::abs": "aten::absolute",
    "aten::abs_": "aten::absolute_",
    "aten::cat": "aten::concat",
    "aten::softmax": "aten::special_softmax",
}
_CRASHES_THE_BRIDGE = frozenset({"aten::addmm"})


class Fused(NamedTuple):
    """The plan graph as a function run with oneDNN Graph, its outputs on the example, and
    whether it may fuse a relu or clip (which turn a NaN into 0): then it is exact only
    on finite feeds (`all_finite`)."""

    function: Callable[..., Any]
    outputs: Sequence[torch.Tensor]
    needs_finite_feeds: bool = True


# What oneDNN Graph fuses as its relu or clip, whose `max(x, 0)` takes a NaN to a bound.
_DROPS_NAN = ("aten::clamp", "aten::clamp_", "aten::relu", "aten::relu_", "aten::hardtanh", "aten::hardtanh_")


def with_onednn_graph(
    frozen: torch._C.Graph, example: Sequence[torch.Tensor], *, chains: bool = False
) -> Fused | None:
    """`frozen` (a frozen module's graph) respelled for oneDNN Graph, with its
    convolutions' elementwise chains channels-first (layout_sinking.py) if `chains`, as a
    function whose partitions are compiled here by its profiling runs on `example`; None
    where oneDNN is not built in or the bridge rejects the graph (it raises as it compiles
    a partition)."""
    if not torch.backends.mkldnn.is_available():
        return None
    if any(node.kind() in _CRASHES_THE_BRIDGE for node in frozen.nodes()) or _has_empty(frozen, example):
        return None
    enabled = torch._C._jit_llga_enabled()
    torch._C._jit_set_llga_enabled(True)  # read when the executor optimizes: in these runs
    try:
        for drop_checks in (True, False) if chains else (False,):
            unchecked: set[int] = set()
            graph = _respelled(frozen, chains, unchecked if drop_checks else None, example)
            drops_nan = any(graph.findAllNodes(kind) for kind in _DROPS_NAN)
            if drops_nan and not constants_finite(frozen):
                return None
            function = torch._C._create_function_from_graph("tfjs_plan", graph)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                with torch.no_grad(), torch.jit.optimized_execution(True):
                    for _ in range(_PROFILED_RUNS):
                        outputs = function(*example)
            if not unchecked or not _clamps_left_to_aten(torch.jit.last_executed_optimized_graph()):
                break
    except Exception:
        return None
    finally:
        torch._C._jit_set_llga_enabled(enabled)
    return Fused(function, outputs, drops_nan)


def _has_empty(graph: torch._C.Graph, example: Sequence[torch.Tensor]) -> bool:
    """Whether a feed or a traced value of `graph` holds no elements (a batch of 0): the
    bridge crashes the process on one as it compiles its partition."""
    if any(tensor.numel() == 0 for tensor in example):
        return True
    for node in graph.nodes():
        for value in node.outputs():
            kind = value.type()
            sizes = kind.sizes() if isinstance(kind, torch._C.TensorType) else None
            if sizes is not None and 0 in sizes:
                return True
    return False


def _clamps_left_to_aten(optimized: torch._C.Graph) -> bool:
    """Whether oneDNN Graph left a clamp of `optimized` (the executor's graph, its
    partitions formed) to ATen, whose clamp keeps NaN."""
    return any(node.kind() in ("aten::clamp", "aten::clamp_") for node in optimized.nodes())


def constants_finite(graph: torch._C.Graph) -> bool:
    """Whether every float tensor constant of `graph` (its weights) is finite
    (`all_finite`): a graph that could make a NaN from its own constants is left to ATen."""
    constants = (node.output() for node in graph.findAllNodes("prim::Constant"))
    return all_finite(
        value.toIValue() for value in constants if isinstance(value.type(), torch._C.TensorType)
    )


def all_finite(values: Iterable[Any]) -> bool:
    """Whether the float tensors among `values` hold only finite values, which a fused
    form needs: oneDNN's fused relu and clip turn a NaN into 0 where TF.js keeps it. One
    sum each; a sum that overflows says no, which costs only the faster form."""
    return all(
        math.isfinite(float(value.sum()))
        for value in values
        if isinstance(value, torch.Tensor) and value.is_floating_point()
    )


def fastest(
    forms: Sequence[Fused], plain: Callable[..., Any], example: Sequence[torch.Tensor]
) -> Fused | None:
    """The fastest of the fused `forms` (each run optimized; the first unless another
    takes under _FIRST_FORM_MARGIN of its time) where it takes at most _SLOWER_ALLOWED
    times `plain`'s time (run as is) on `example`, else None: after _WARM_UP_RUNS calls
    each, the best of _TIMED_ROUNDS blocks' median of _TIMED_RUNS calls, taking turns by
    block (as the chosen form will run: alone, its weights warm)."""
    if not forms:
        return None

    def call(function: Callable[..., Any], optimized: bool) -> None:
        with torch.jit.optimized_execution(optimized):
            function(*example)

    with torch.no_grad():
        alternatives = [partial(call, plain, False)] + [partial(call, form.function, True) for form in forms]
        for _ in range(_WARM_UP_RUNS):
            for alternative in alternatives:
                alternative()
        plain_time, *fused_times = best_block_times(alternatives, _TIMED_ROUNDS, _TIMED_RUNS)
    best = min(range(len(forms)), key=fused_times.__getitem__)
    if fused_times[best] >= _FIRST_FORM_MARGIN * fused_times[0]:
        best = 0
    return forms[best] if fused_times[best] <= _SLOWER_ALLOWED * plain_time else None


def _respelled(
    frozen: torch._C.Graph,
    chains: bool = False,
    unchecked: set[int] | None = None,
    example: Sequence[torch.Tensor] = (),
) -> torch._C.Graph:
    """A copy of `frozen` without its module input (nothing reads it once frozen), with
    its convolutions' elementwise chains channels-first if `chains`, for oneDNN Graph to
    fuse (and its large blocks around a shifted depthwise convolution mirrored, measured
    on `example`: mirrored_blocks.py), and the other nodes oneDNN Graph should leave alone
    respelled (see the module's docstring). Given `unchecked`, also without the checks of
    shifted convolutions that read a clamp oneDNN Graph is to run
    (`_drop_checks_of_clamped_inputs`), whose outputs it then holds."""
    graph = frozen.copy()
    graph.eraseInput(0)
    dropped = _drop_checks_of_clamped_inputs(graph) if unchecked is not None else set()
    fusable = set(sink_layout_permutes(graph)) if chains else set()
    fold_layout_round_trips(graph)
    for node in list(graph.nodes()):
        if node in fusable:
            continue
        kind, inputs = node.kind(), list(node.inputs())
        if not inputs or not isinstance(inputs[0].type(), (torch._C.TensorType, torch._C.ListType)):
            continue  # scalar and list arithmetic (`aten::add` of ints) keep their names
        if isinstance(inputs[0].type(), torch._C.ListType) and kind != "aten::cat":
            continue
        if kind in _RENAMED:
            replace_node(graph, node, _RENAMED[kind], inputs)
        elif kind in ("aten::add", "aten::add_") and len(inputs) == 3:
            alpha = inputs[2].toIValue()
            if isinstance(alpha, (int, float)) and not isinstance(alpha, bool):
                negated = constant_before(graph, node, -alpha)
                subtract = "aten::sub" if kind == "aten::add" else "aten::sub_"
                replace_node(graph, node, subtract, [*inputs[:2], negated])
        elif kind in ("aten::relu", "aten::relu_"):
            zero = constant_before(graph, node, 0)
            at_least = "aten::clamp_min" if kind == "aten::relu" else "aten::clamp_min_"
            replace_node(graph, node, at_least, [inputs[0], zero])
        elif kind == "aten::permute":
            dims = inputs[1].toIValue()
            if dims is not None:
                to = constant_before(graph, node, list(range(len(dims))))
                replace_node(
                    graph, node, "aten::movedim", [inputs[0], constant_before(graph, node, list(dims)), to]
                )
    if chains and example:
        mirror_shifted_blocks(graph, example)
    torch._C._jit_pass_dce(graph)  # (the chains' twins left their originals unread)
    _hard_swishes(graph, fusable)
    _relus_in_one_pass(graph, fusable)
    graph.lint()
    still = [node for node in graph.findAllNodes("aten::_convolution") if node.output().unique() in dropped]
    if len(still) < len(dropped) or any(not _bounded(node.inputsAt(0), ("aten::clamp",)) for node in still):
        return _respelled(
            frozen, chains, None, example
        )  # a clamp the dropped checks relied on is not oneDNN Graph's
    if unchecked is not None:
        unchecked.update(dropped)
    return graph


def _drop_checks_of_clamped_inputs(graph: torch._C.Graph) -> set[int]:
    """Drops the output checks of shifted depthwise convolutions (`conv_shifted.check_total`:
    a whole `aten::sum` in float32 of a convolution's output) whose input is a clamp to
    finite bounds, and returns those convolutions' outputs (their
    `unique()`). Where oneDNN Graph runs the clamp (its clamp takes NaN to a bound; ATen's
    keeps it), the input is finite, and the shifted form sums TF.js's products and zeros.
    The convolution's output then feeds its activation alone, which oneDNN Graph fuses
    into it (movenet-thunder 2.6% and movenet-multipose 1.1% faster, in-process A/B)."""
    convolutions = set()
    for node in list(graph.findAllNodes("aten::sum")):
        convolution = node.inputsAt(0).node()
        if not is_check_total(node) or convolution.kind() != "aten::_convolution":
            continue
        if _bounded(convolution.inputsAt(0)):
            drop_check(graph, node)
            convolutions.add(convolution.output().unique())
    return convolutions


def _bounded(value: torch._C.Value, kinds: tuple[str, ...] = ("aten::clamp", "aten::clamp_")) -> bool:
    """Whether `value` is a clamp (of `kinds`) to finite constant bounds, or a layout view
    or copy of one."""
    node = value.node()
    while node.kind() in ("aten::permute", "aten::movedim", "aten::contiguous"):
        node = node.inputsAt(0).node()
    if node.kind() not in kinds:
        return False
    bounds = [constant_number(node.inputsAt(index)) for index in (1, 2)]
    return all(bound is not None and math.isfinite(bound) for bound in bounds)


def _relus_in_one_pass(graph: torch._C.Graph, fusable: set[torch._C.Node]) -> None:
    """A respelled relu outside the chains, `clamp_min(x, 0)` then `+ 0` (TF.js's relu of
    -0 is +0), as one pass: `threshold(x, 0, 0)`, which gives +0 where x <= 0 and keeps
    NaN; relu6's `clip(x, 0, 6)` then `+ 0` likewise, then an in-place `clamp_max_`."""
    for node in list(graph.nodes()):
        if node.kind() not in ("aten::sub", "aten::sub_") or node in fusable or node.inputsSize() != 3:
            continue
        clamped, other, alpha = node.inputs()
        if not (is_number(other, 0) and is_number(alpha, -1)) or len(clamped.uses()) != 1:
            continue
        clamp = clamped.node()
        top = _relu_top(clamp)
        if clamp in fusable or top is None:
            continue
        zero = constant_before(graph, node, 0.0)
        result = insert_node(graph, node, "aten::threshold", [clamp.inputsAt(0), zero, zero])
        if top != math.inf:
            result = insert_node(graph, node, "aten::clamp_max_", [result, constant_before(graph, node, top)])
        node.output().replaceAllUsesWith(result)
        node.destroy()
        clamp.destroy()


def _hard_swishes(graph: torch._C.Graph, fusable: set[torch._C.Node]) -> None:
    """MobileNetV3's hard swish as the kernels run it, the product of x, a number s (1/6,
    or a rounding of it) and `relu6(x + 3)`, multiplied in any order, as `hardswish(x)`
    (x * relu6(x + 3) / 6), times 6s unless that is 1: one or two passes where there were
    four or five, and ones oneDNN Graph fuses into the convolution before them (the
    product it cannot: it reads the convolution's own output). The same product rounded
    differently: within a rounding or two, with the same NaN, ±Infinity and -0 (x * 0
    where x + 3 <= 0, s positive)."""
    facts = graph_facts(graph)
    for node in list(graph.nodes()):
        # outside the chains a mul is `multiply` by now, which oneDNN Graph leaves alone
        found = _hard_swish(node, facts) if node.kind() == "aten::mul" else None
        if found is None:
            continue
        x, scale, dead = found
        made = [insert_node(graph, node, "aten::hardswish", [x])]
        if scale != 1.0:
            made.append(insert_node(graph, node, "aten::mul", [made[0], constant_before(graph, node, scale)]))
        node.output().replaceAllUsesWith(made[-1])
        if node in fusable:
            fusable.update(value.node() for value in made)
        for each in dead:
            fusable.discard(each)
            each.destroy()


def _hard_swish(
    top: torch._C.Node, facts: GraphFacts
) -> tuple[torch._C.Value, float, list[torch._C.Node]] | None:
    """For a product `top` of x, s and relu6(x + 3) (as the kernels' relu6 runs: a clamp
    to [0, 6], maybe then `+ 0`), with x a float32 convolution's output and every value
    between read once: x, 6s, and the nodes to remove (each before those it reads); None
    for anything else."""
    leaves, products = [], [top]
    for value in top.inputs():
        inner = value.node()
        if inner.kind() == "aten::mul" and inner.inputsSize() == 2 and len(value.uses()) == 1:
            leaves.extend(inner.inputs())
            products.append(inner)
        else:
            leaves.append(value)
    if len(leaves) != 3:
        return None
    for x in leaves:
        # a convolution's output read by nothing else: oneDNN Graph fuses the hard swish into
        # it (alone, with the scale after it, oneDNN runs its reference kernel: 6 ms on 1M values)
        if facts.dtypes.get(x) != "Float" or x.node().kind() != "aten::_convolution" or len(x.uses()) != 2:
            continue
        rank = facts.ranks.get(x, 0)  # unknown: only numbers and 0-d constants broadcast safely
        others = [leaf for leaf in leaves if leaf.unique() != x.unique()]
        for relu6, number in (others, others[::-1]):
            scale = constant_number(number, rank)
            chain = _relu6_of_x_plus_3(relu6, x, rank)
            if scale is not None and 0 < scale < math.inf and chain is not None:
                return x, 6 * scale, products + chain
    return None


def _relu6_of_x_plus_3(value: torch._C.Value, x: torch._C.Value, rank: int) -> list[torch._C.Node] | None:
    """The nodes computing `value` as relu6(x + 3), each read once, outermost first."""
    chain = []
    node = value.node()
    if node.kind() == "aten::add" and constant_number(node.inputsAt(1), rank) == 0:  # relu6's + 0
        if len(value.uses()) != 1 or constant_number(node.inputsAt(2), rank) != 1:
            return None
        chain.append(node)
        value = node.inputsAt(0)
        node = value.node()
    if node.kind() != "aten::clamp" or len(value.uses()) != 1:
        return None
    if constant_number(node.inputsAt(1), rank) != 0 or constant_number(node.inputsAt(2), rank) != 6:
        return None
    chain.append(node)
    shifted = node.inputsAt(0)
    add = shifted.node()
    if add.kind() != "aten::add" or len(shifted.uses()) != 1 or add.inputsAt(0).unique() != x.unique():
        return None
    if constant_number(add.inputsAt(1), rank) != 3 or constant_number(add.inputsAt(2), rank) != 1:
        return None
    return [*chain, add]


def _relu_top(clamp: torch._C.Node) -> float | None:
    """A respelled relu's upper bound: Infinity for `clamp_min(x, 0)`, `top` for
    `clip(x, 0, top)`; None for any other node."""
    if clamp.kind() == "aten::clamp_min" and is_number(clamp.inputsAt(1), 0):
        return math.inf
    if clamp.kind() == "aten::clip" and is_number(clamp.inputsAt(1), 0) and is_number(clamp.inputsAt(2)):
        return clamp.inputsAt(2).toIValue()
    return None
