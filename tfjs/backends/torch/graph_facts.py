"""What a frozen plan graph's types no longer tell (freezing drops most sizes and
dtypes): each tensor's rank and dtype, worked out in one pass over the nodes from
constants, casts, factories and the ops that keep their operands' (layout_sinking.py
asks whether a cast changes anything and whether an operand is 4-D), and the small
edits the respelling passes make (a node inserted or replaced, a constant put before a
node)."""

from __future__ import annotations

from typing import Any, NamedTuple

import torch

# Elementwise ops oneDNN Graph fuses after a convolution (its post-ops) or runs itself.
ELEMENTWISE = frozenset(
    {
        "aten::add",
        "aten::sub",
        "aten::mul",
        "aten::div",
        "aten::clamp",
        "aten::clamp_min",
        "aten::clamp_max",
        "aten::hardtanh",
        "aten::relu",
        "aten::leaky_relu",
        "aten::elu",
        "aten::sigmoid",
        "aten::tanh",
        "aten::exp",
        "aten::neg",
        "aten::maximum",
        "aten::minimum",
        "aten::eq",
        "aten::where",
    }
)
# Ops whose result is their input's values, as a view or a copy in another layout (a cast
# to the dtype it has).
VIEWS = frozenset(
    {
        "aten::contiguous",
        "aten::permute",
        "aten::view",
        "aten::reshape",
        "aten::slice",
        "aten::select",
        "aten::unsqueeze",
        "aten::squeeze",
        "aten::expand",
        "aten::transpose",
        "aten::to",
        "aten::flatten",
    }
)

# Ops whose result has the dtype their tensor operands share.
_SAME_DTYPE_AS_INPUT = (
    (ELEMENTWISE - {"aten::eq", "aten::where"})
    | (VIEWS - {"aten::to"})
    | {
        "aten::movedim",
        "aten::nan_to_num",
        "aten::max_pool2d",
        "aten::avg_pool2d",
        "aten::upsample_bilinear2d",
        "aten::mean",
    }
)
# Where an op that makes a tensor takes its dtype.
_DTYPE_ARGUMENT = {"aten::to": 1, "aten::empty": 1, "aten::zeros": 1, "aten::full": 2}
_SAME_RANK_AS_INPUT = ELEMENTWISE | {"aten::contiguous", "aten::to"}
_DTYPE_NAMES = {6: "Float", 7: "Double", 3: "Int", 4: "Long", 11: "Bool"}  # torch's ScalarType numbers
_TORCH_DTYPE_NAMES = {
    torch.float32: "Float",
    torch.float64: "Double",
    torch.int32: "Int",
    torch.int64: "Long",
    torch.bool: "Bool",
}


class GraphFacts(NamedTuple):
    """What the graph's types no longer tell (a frozen graph's often lose their sizes
    and dtypes), worked out in one pass over its nodes: ranks and dtypes."""

    ranks: dict[torch._C.Value, int]
    dtypes: dict[torch._C.Value, str]


def graph_facts(graph: torch._C.Graph) -> GraphFacts:
    """Each tensor's rank (from its type, a permute's dims, or an elementwise op's widest
    operand) and dtype (from its type, a comparison's Bool, a cast's, or the dtype an
    op's tensor operands share where it keeps it: Python numbers do not promote)."""
    ranks: dict[torch._C.Value, int] = {}
    dtypes: dict[torch._C.Value, str] = {}
    values = [*graph.inputs(), *(output for node in graph.nodes() for output in node.outputs())]
    for value in values:
        kind = value.type()
        if not isinstance(kind, torch._C.TensorType):
            continue
        node = value.node()
        operands = tensor_operands(node) if node.kind() != "prim::Param" else []
        if in_place_base(node) != node.kind() and operands:  # in place: its first operand
            operands = operands[:1]
        constant = value.toIValue() if node.kind() == "prim::Constant" else None
        if isinstance(constant, (bool, int, float)):  # a 0-d tensor constant reads as a number
            ranks[value] = 0
            continue
        if isinstance(constant, torch.Tensor):
            ranks[value] = constant.dim()
            if constant.dtype in _TORCH_DTYPE_NAMES:
                dtypes[value] = _TORCH_DTYPE_NAMES[constant.dtype]
            continue
        if kind.dim() is not None:
            ranks[value] = kind.dim()
        elif node.kind() == "aten::permute" and node.inputsAt(1).toIValue() is not None:
            ranks[value] = len(node.inputsAt(1).toIValue())
        elif in_place_base(node) in _SAME_RANK_AS_INPUT and operands and all(v in ranks for v in operands):
            ranks[value] = max(ranks[v] for v in operands)
        if kind.scalarType() is not None:
            dtypes[value] = kind.scalarType()
        elif node.kind() == "aten::eq":
            dtypes[value] = "Bool"
        elif _dtype_argument(node) in _DTYPE_NAMES:
            dtypes[value] = _DTYPE_NAMES[_dtype_argument(node)]
        elif node.kind() == "aten::_convolution" and node.inputsAt(1) in dtypes:
            dtypes[value] = dtypes[node.inputsAt(1)]  # its input's, the filter's
        elif in_place_base(node) in _SAME_DTYPE_AS_INPUT and operands:
            shared = {dtypes.get(v) for v in operands if ranks.get(v) != 0}
            if len(shared) == 1 and shared <= {"Float", "Double"}:  # 0-d operands do not promote them
                dtypes[value] = shared.pop()
    return GraphFacts(ranks, dtypes)


def constant_number(value: torch._C.Value, rank: int = 0) -> int | float | None:
    """A constant int or float: a Python number, or a one-element tensor constant of at
    most `rank` dimensions (0: a 0-d one; a larger rank accepts what broadcasts to no
    more); None for anything else (bools and complex numbers included)."""
    constant = value.toIValue() if value.node().kind() == "prim::Constant" else None
    if isinstance(constant, torch.Tensor):
        if constant.numel() != 1 or constant.dim() > rank:
            return None
        constant = constant.item()
    return constant if isinstance(constant, (int, float)) and not isinstance(constant, bool) else None


def dtype_constant(value: torch._C.Value) -> str | None:
    """The name ("Float", "Long", ...) of the dtype a constant dtype argument gives;
    None for any other value."""
    code = value.toIValue() if value.node().kind() == "prim::Constant" else None
    return _DTYPE_NAMES.get(code) if isinstance(code, int) and not isinstance(code, bool) else None


def is_check_total(node: torch._C.Node) -> bool:
    """Whether `node` is a shifted convolution's output check as traced
    (`conv_shifted.check_total`: `aten::sum(y, dtype=Float)`; no other kernel sums a whole
    tensor with a dtype)."""
    if node.kind() != "aten::sum" or node.inputsSize() != 2:
        return False
    return dtype_constant(node.inputsAt(1)) == "Float"


def drop_check(graph: torch._C.Graph, check: torch._C.Node) -> None:
    """Removes `check` (`is_check_total`), its readers given a finite total of 0: passed."""
    with graph.insert_point_guard(check):
        check.output().replaceAllUsesWith(graph.insertConstant(torch.zeros(())))
    check.destroy()


def _dtype_argument(node: torch._C.Node) -> object:
    """The dtype code a cast or a tensor factory is given; None for other ops."""
    position = _DTYPE_ARGUMENT.get(node.kind())
    return None if position is None else node.inputsAt(position).toIValue()


def in_place_base(node: torch._C.Node) -> str:
    """An in-place op's out-of-place kind (`aten::add` for `aten::add_`)."""
    kind = node.kind()
    return kind[:-1] if kind.endswith("_") and not kind.endswith("__") else kind


def tensor_operands(node: torch._C.Node) -> list[torch._C.Value]:
    return [value for value in node.inputs() if isinstance(value.type(), torch._C.TensorType)]


def same_dtype(node: torch._C.Node, facts: GraphFacts) -> bool:
    """Whether a traced `aten::to(x, dtype, ...)` gives x's dtype (the tracer records the
    cast even where it returns its input)."""
    source = facts.dtypes.get(node.inputsAt(0))
    return source is not None and _DTYPE_NAMES.get(node.inputsAt(1).toIValue()) == source


def insert_node(
    graph: torch._C.Graph, before: torch._C.Node, kind: str, inputs: list[torch._C.Value]
) -> torch._C.Value:
    """A new node of `kind` before `before`, its output typed as `before`'s."""
    output = graph.create(kind, inputs, 1).insertBefore(before).output()
    output.setType(before.output().type())
    return output


def is_number(value: torch._C.Value | None, equal_to: float | None = None) -> bool:
    """Whether `value` is a constant number (equal to `equal_to`, where given)."""
    number = constant_number(value) if value is not None else None
    return number is not None and (equal_to is None or number == equal_to)


def constant_before(graph: torch._C.Graph, before: torch._C.Node, value: Any) -> torch._C.Value:
    """A constant `value` inserted before `before`."""
    with graph.insert_point_guard(before):
        return graph.insertConstant(value)


def replace_node(graph: torch._C.Graph, node: torch._C.Node, kind: str, inputs: list[torch._C.Value]) -> None:
    """`node` replaced by a node of `kind` on `inputs`, its outputs typed as `node`'s."""
    outputs = list(node.outputs())
    new = graph.create(kind, inputs, len(outputs)).insertBefore(node)
    for old, value in zip(outputs, new.outputs(), strict=True):
        value.setType(old.type())
        old.replaceAllUsesWith(value)
    node.destroy()
