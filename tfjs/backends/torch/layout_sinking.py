"""Channels-first chains between a plan graph's convolutions, for oneDNN Graph.

A graph model's tensors are channels-last (NHWC); torch's convolution is channels-first.
So each traced convolution is `permute` to NCHW, the convolution, `permute` back, and the
elementwise work after it (a bias, a clamp, a residual add) runs on the NHWC view. oneDNN
Graph fuses a convolution with the elementwise ops that follow it, and keeps its own
blocked layout from one convolution to the next, only when nothing stands between them.

`sink_layout_permutes` gives each elementwise op of such a chain a channels-first twin
(the same ATen op on the NCHW values, constants permuted to match) and lets the next
convolution read the twin: each output element is the same float computation on the
same operands, so the bits are the same. The NHWC originals stay where something else
reads them (an output, an op that is not elementwise) and are dead code otherwise.
"""

from __future__ import annotations

import torch

from tfjs.backends.torch.graph_facts import ELEMENTWISE as _ELEMENTWISE
from tfjs.backends.torch.graph_facts import VIEWS as _VIEWS
from tfjs.backends.torch.graph_facts import (
    GraphFacts,
    constant_number,
    graph_facts,
    in_place_base,
    same_dtype,
)

_TO_CHANNELS_LAST = [0, 2, 3, 1]
_TO_CHANNELS_FIRST = [0, 3, 1, 2]

# Ops whose output is a new tensor: an in-place op on it (through views no one else
# reads) cannot be seen by anything else.
_FRESH = _ELEMENTWISE | {
    "aten::_convolution",
    "aten::conv2d",
    "aten::linear",
    "aten::matmul",
    "aten::mm",
    "aten::cat",
    "aten::pad",
    "aten::constant_pad_nd",
    "aten::upsample_bilinear2d",
    "aten::max_pool2d",
    "aten::avg_pool2d",
}
# Consumers that read a tensor's values whatever its strides: a `contiguous` before them
# changes nothing but the layout, which oneDNN Graph then picks itself.
_STRIDE_BLIND = _ELEMENTWISE | {"aten::_convolution", "aten::pad", "aten::constant_pad_nd"}


def sink_layout_permutes(graph: torch._C.Graph) -> list[torch._C.Node]:
    """Rewires `graph` (in place) so its convolutions and the elementwise chains between
    them read channels-first values directly (see the module's docstring); returns the
    channels-first nodes it added. The NHWC nodes left unread are not removed: the
    caller runs dead code elimination once it is done with the graph."""
    _out_of_place(graph)
    facts = graph_facts(graph)
    channels_first: dict[torch._C.Value, torch._C.Value] = {}  # NHWC value -> its NCHW twin
    chain_values: set[torch._C.Value] = set()  # the twins

    def record(nhwc: torch._C.Value, nchw: torch._C.Value) -> None:
        channels_first[nhwc] = nchw
        chain_values.add(nchw)

    added: list[torch._C.Node] = []
    originals: list[torch._C.Node] = []  # the NHWC node of each twin added
    for node in list(graph.nodes()):
        kind, inputs = node.kind(), list(node.inputs())
        if kind == "aten::permute":
            dims = inputs[1].toIValue()
            if dims == _TO_CHANNELS_LAST and _convolution(inputs[0]):
                record(node.output(), inputs[0])
            elif dims == _TO_CHANNELS_FIRST and inputs[0] in channels_first:
                node.output().replaceAllUsesWith(channels_first[inputs[0]])
        elif kind == "aten::contiguous" and inputs[0] in channels_first:
            record(node.output(), channels_first[inputs[0]])
        elif kind == "aten::to" and inputs[0] in channels_first and same_dtype(node, facts):
            record(node.output(), channels_first[inputs[0]])  # a kernel's cast to the dtype it has
        elif kind == "aten::movedim":  # the channelwise kernels' (PReLU's) NCHW views
            moves = (inputs[1].toIValue(), inputs[2].toIValue())
            if moves == (-1, 1) and inputs[0] in channels_first:
                node.output().replaceAllUsesWith(channels_first[inputs[0]])
            elif moves == (1, -1) and _channelwise_on_chain(inputs[0], chain_values):
                record(node.output(), inputs[0])
        elif kind in _ELEMENTWISE and node.outputsSize() == 1:
            twin_inputs = _twin_inputs(graph, node, inputs, channels_first, facts)
            if twin_inputs is not None:
                twin_kind, twin_inputs = _scalar_operands(graph, node, twin_inputs)
                twin = graph.create(twin_kind, twin_inputs, 1).insertAfter(node)
                twin.output().setType(node.output().type())
                record(node.output(), twin.output())
                added.append(twin)
                originals.append(node)
    _read_twins_where_originals_are_read(graph, originals, added)
    _drop_layout_copies(graph, {twin.output() for twin in added})
    return added


def _read_twins_where_originals_are_read(
    graph: torch._C.Graph, originals: list[torch._C.Node], twins: list[torch._C.Node]
) -> None:
    """Lets what still reads an NHWC original (an output, an op off the chain) read an
    NHWC view of its twin instead: the same values, and the original (with the originals
    before it) is no longer computed a second time."""
    for original, twin in zip(originals, twins, strict=True):
        if original.output().uses() and _never_written(original.output()):
            view = _permuted_view(graph, twin.output(), _TO_CHANNELS_LAST, after=twin)
            original.output().replaceAllUsesWith(view)


def _never_written(value: torch._C.Value) -> bool:
    """Whether no op writes `value` (in place, or as an `out=`), nor any view of it or
    list holding it: a write into the twin's view would reach what the chain reads."""
    for use in value.uses():
        user = use.user
        if _writes(user, use.offset):
            return False
        passes_on = user.kind() in _VIEWS or user.kind() in ("aten::movedim", "prim::ListConstruct")
        if passes_on and not all(_never_written(output) for output in user.outputs()):
            return False
    return True


def _writes(node: torch._C.Node, position: int) -> bool:
    """Whether `node` writes its input at `position` (a `Tensor(a!)` in its schema)."""
    schema = node.schema()
    if schema == "(no schema)":
        return False
    arguments = torch._C.parse_schema(schema).arguments
    alias = arguments[position].alias_info if position < len(arguments) else None
    return alias is not None and alias.is_write


def _channelwise_on_chain(value: torch._C.Value, chain_values: set[torch._C.Value]) -> bool:
    """Whether `value` is a PReLU of a channels-first chain value: NCHW, 4-D."""
    node = value.node()
    return node.kind() == "aten::prelu" and node.inputsAt(0) in chain_values


def _twin_inputs(
    graph: torch._C.Graph,
    node: torch._C.Node,
    inputs: list[torch._C.Value],
    channels_first: dict[torch._C.Value, torch._C.Value],
    facts: GraphFacts,
) -> list[torch._C.Value] | None:
    """The channels-first operands of the elementwise `node`: twins, scalars, and
    constants permuted as their NHWC broadcast would be; None where an operand has none."""
    if not any(value in channels_first for value in inputs):
        return None
    twin_inputs = []
    for value in inputs:
        if value in channels_first:
            twin_inputs.append(channels_first[value])
        elif not isinstance(value.type(), torch._C.TensorType):
            twin_inputs.append(value)  # a scalar, or None
        else:
            constant = value.toIValue()  # a 0-d tensor constant reads as a Python number
            if isinstance(constant, (bool, int, float)) or (
                isinstance(constant, torch.Tensor) and constant.dim() == 0
            ):
                twin_inputs.append(value)
                continue
            if (
                constant is None
                and facts.ranks.get(value) == 4
                and _joins_a_convolution(node, channels_first)
            ):
                twin_inputs.append(_channels_first_view(graph, node, value))
                continue
            if not isinstance(constant, torch.Tensor) or constant.dim() > 4:
                return None
            as_4d = constant.reshape((1,) * (4 - constant.dim()) + tuple(constant.shape))
            with graph.insert_point_guard(node):
                twin_inputs.append(graph.insertConstant(as_4d.permute(_TO_CHANNELS_FIRST).contiguous()))
    return twin_inputs


def _joins_a_convolution(node: torch._C.Node, channels_first: dict[torch._C.Value, torch._C.Value]) -> bool:
    """Whether `node` adds a convolution's output (its channels-first twin) to a tensor
    computed apart from the chain: a residual join, which oneDNN Graph fuses into the
    convolution. Elsewhere an NCHW view of an NHWC operand is left out: oneDNN Graph runs
    a partition of elementwise ops alone on mixed layouts many times slower."""
    if node.kind() != "aten::add":
        return False
    for value in node.inputs():
        twin = channels_first.get(value)
        if twin is not None and twin.node().kind() == "aten::_convolution":
            return True
    return False


def _convolution(value: torch._C.Value) -> bool:
    """Whether `value` is a (not transposed) convolution's output: a chain starts there.
    Elementwise ops after anything else (a transposed convolution, which torch computes
    channels-first and contiguous, a pooling, a pad) would make partitions of their own,
    which oneDNN Graph runs on mixed layouts up to 30 times slower than torch."""
    node = value.node()
    return node.kind() == "aten::_convolution" and node.inputsAt(6).toIValue() is False


def _channels_first_view(graph: torch._C.Graph, node: torch._C.Node, value: torch._C.Value) -> torch._C.Value:
    """An NCHW view of the NHWC `value` (no copy), inserted before `node`: an operand
    the chain did not compute, as a residual join's other input."""
    return _permuted_view(graph, value, _TO_CHANNELS_FIRST, before=node)


def _permuted_view(
    graph: torch._C.Graph,
    value: torch._C.Value,
    dims: list[int],
    before: torch._C.Node | None = None,
    after: torch._C.Node | None = None,
) -> torch._C.Value:
    """`value` permuted by `dims` (a view, no copy), inserted before or after a node."""
    at = before if before is not None else after
    with graph.insert_point_guard(at):
        view = graph.create("aten::permute", [value, graph.insertConstant(dims)], 1)
    if before is not None:
        view.insertBefore(before)
    else:
        view.insertAfter(after)
    kind = value.type()
    sizes = kind.sizes()
    if sizes is not None and None not in sizes:
        view.output().setType(kind.with_sizes([sizes[axis] for axis in dims]))
    return view.output()


def _scalar_operands(
    graph: torch._C.Graph, node: torch._C.Node, operands: list[torch._C.Value]
) -> tuple[str, list[torch._C.Value]]:
    """The op and operands for the twin of an arithmetic `node` whose 0-d tensor
    constant becomes a Python number: second, the operands swapped where the op commutes
    and `c - x` as `rsub(x, c)`. The Scalar overloads compute the same in the other
    operand's dtype, and oneDNN Graph fails to compile a 0-d tensor."""
    kind = node.kind()
    if kind in _CLAMP_BOUNDS:
        return _as_clamp(graph, node, operands)
    if kind not in ("aten::add", "aten::sub", "aten::mul", "aten::div"):
        return kind, operands
    first, second = _number(operands[0]), _number(operands[1])
    if first is not None and second is None:
        if kind == "aten::sub":
            kind = "aten::rsub"  # rsub(x, c, alpha) = c - alpha * x
        elif kind == "aten::div" or (kind == "aten::add" and operands[2].toIValue() != 1):
            return kind, operands
        operands = [operands[1], operands[0], *operands[2:]]
        first, second = second, first
    if second is None or first is not None:
        return kind, operands
    with graph.insert_point_guard(node):
        return kind, [operands[0], graph.insertConstant(second), *operands[2:]]


# The bound a number operand gives: `minimum(x, c)` is `clamp(x, None, c)`, and so on.
_CLAMP_BOUNDS = {"aten::minimum": 1, "aten::clamp_max": 1, "aten::maximum": 0, "aten::clamp_min": 0}


def _as_clamp(
    graph: torch._C.Graph, node: torch._C.Node, operands: list[torch._C.Value]
) -> tuple[str, list[torch._C.Value]]:
    """A one-sided bound by a number as `clamp` with that bound: oneDNN Graph fuses
    `clamp` into the convolution, and leaves `minimum`, `maximum`, `clamp_min` and
    `clamp_max` to run alone. The same comparison, NaN kept; `minimum`'s and `maximum`'s
    number is not 0, where their ±0 tie could come out otherwise."""
    kind = node.kind()
    tensors = [value for value in operands if constant_number(value) is None]
    numbers = [constant_number(value) for value in operands if constant_number(value) is not None]
    two_sided = kind in ("aten::minimum", "aten::maximum")
    if len(tensors) != 1 or len(numbers) != 1 or (numbers[0] == 0 and two_sided):
        return kind, operands
    if not two_sided and tensors[0] is not operands[0]:
        return kind, operands
    with graph.insert_point_guard(node):
        bounds = [graph.insertConstant(None), graph.insertConstant(None)]
        bounds[_CLAMP_BOUNDS[kind]] = graph.insertConstant(numbers[0])
    return "aten::clamp", [tensors[0], *bounds]


def _number(value: torch._C.Value) -> int | float | None:
    """The value of a 0-d int or float tensor constant; None for anything else."""
    return constant_number(value) if isinstance(value.type(), torch._C.TensorType) else None


def _out_of_place(graph: torch._C.Graph) -> None:
    """Replaces each in-place elementwise op (a kernel's `clamp_` on its own result) by
    its out-of-place form where nothing else can see the tensor it writes and the result
    keeps its dtype: no other operand is a tensor but a 0-d constant (an in-place op
    keeps the written tensor's dtype, an out-of-place one promotes), and no comparison."""
    for node in list(graph.nodes()):
        kind = node.kind()
        if in_place_base(node) == kind or kind[:-1] not in _ELEMENTWISE - {"aten::eq"}:
            continue
        operands = list(node.inputs())[1:]
        if all(_scalar_like(value) for value in operands) and _unseen(node.inputsAt(0)):
            pure = graph.create(kind[:-1], list(node.inputs()), 1).insertBefore(node)
            pure.output().setType(node.output().type())
            node.output().replaceAllUsesWith(pure.output())
            node.destroy()


def _scalar_like(value: torch._C.Value) -> bool:
    """Whether `value` is a scalar, None, or a 0-d tensor constant."""
    return not isinstance(value.type(), torch._C.TensorType) or _number(value) is not None


def _unseen(value: torch._C.Value) -> bool:
    """Whether `value` (read by one in-place op) is a view, through views read once each,
    of a tensor a fresh op made and only that view reads."""
    while True:
        if len(value.uses()) != 1:
            return False
        kind = value.node().kind()
        if kind in _FRESH:
            return True
        if kind not in _VIEWS:
            return False
        value = value.node().inputsAt(0)


def _drop_layout_copies(graph: torch._C.Graph, chain_values: set[torch._C.Value]) -> None:
    """Removes `contiguous` where only convolutions read it (oneDNN Graph lays their
    input out itself: an NCHW feed's copy to channels-last cost more than its reorder),
    and on convolution outputs and chain values where only stride-blind ops read it."""
    for node in list(graph.findAllNodes("aten::contiguous")):
        source = node.inputsAt(0)
        readers = {use.user.kind() for use in node.output().uses()}
        from_chain = source in chain_values or source.node().kind() == "aten::_convolution"
        if readers == {"aten::_convolution"} or (from_chain and readers <= _STRIDE_BLIND):
            node.output().replaceAllUsesWith(source)


_CONTIGUOUS_FORMAT, _CHANNELS_LAST = 0, 2  # torch.memory_format as TorchScript's ints


def fold_layout_round_trips(graph: torch._C.Graph) -> None:
    """`permute(contiguous(permute(x, NHWC)), NCHW)`, a kernel handing its convolution's
    output on as NHWC and the next kernel taking it back as NCHW, is x's values laid out
    channels-last: `contiguous(x, channels_last)`, one op for three (between most pairs
    of oneDNN Graph partitions), where nothing writes x or a view of it in place (such a
    write would reach the copy the first `contiguous` may make and not the new one).
    The values and the layout are the same. Two permutes in a row become one (none where
    they cancel), and a `contiguous` of what is already so laid out goes."""
    for node in list(graph.findAllNodes("aten::permute")):
        inner = node.inputsAt(0).node()
        outer_dims = node.inputsAt(1).toIValue()
        inner_dims = inner.inputsAt(1).toIValue() if inner.kind() == "aten::permute" else None
        if outer_dims is None or inner_dims is None:
            continue
        dims = [inner_dims[d] for d in outer_dims]
        if dims == sorted(dims):
            node.output().replaceAllUsesWith(inner.inputsAt(0))
            continue
        with graph.insert_point_guard(node):
            composed = graph.insertConstant(dims)
        node.replaceInput(0, inner.inputsAt(0))
        node.replaceInput(1, composed)
    for node in list(graph.findAllNodes("aten::permute")):
        copy = node.inputsAt(0).node()
        if node.inputsAt(1).toIValue() != _TO_CHANNELS_FIRST or copy.kind() != "aten::contiguous":
            continue
        inner = copy.inputsAt(0).node()
        if constant_number(copy.inputsAt(1)) != _CONTIGUOUS_FORMAT or inner.kind() != "aten::permute":
            continue
        if inner.inputsAt(1).toIValue() != _TO_CHANNELS_LAST or not _never_written(inner.inputsAt(0)):
            continue
        with graph.insert_point_guard(node):
            channels_last = graph.insertConstant(_CHANNELS_LAST)
        laid_out = graph.create("aten::contiguous", [inner.inputsAt(0), channels_last], 1)
        laid_out.insertBefore(node).output().setType(node.output().type())
        node.output().replaceAllUsesWith(laid_out.output())
    for node in list(graph.findAllNodes("aten::contiguous")):
        source = node.inputsAt(0).node()
        layout = constant_number(node.inputsAt(1))
        if source.kind() == "aten::contiguous" and constant_number(source.inputsAt(1)) == layout:
            node.output().replaceAllUsesWith(node.inputsAt(0))
    torch._C._jit_pass_dce(graph)
