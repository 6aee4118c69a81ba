"""Inverted-residual blocks whose stride-2 depthwise convolution has TF.js's SAME padding
on an even size (none before, one after), run mirrored in a compiled plan's graph.

torch pads both ends alike, so such a convolution runs shifted (conv_shifted.py: a 4x4
filter with a zero leading row and column, 16/9 of the products), which oneDNN Graph
runs as a convolution of its own. Mirrored along both spatial axes it is an ordinary one:
with e' the mirror of its input (n even), out'[m] = Σ_k w[2 - k] e'[2m - 1 + k], a 3x3
convolution with the mirrored filter and padding 1 at both ends, whose padding before
stands for TF.js's padding after and whose padding after is never read. A 1x1
convolution and an elementwise op give the mirror of their result on a mirrored input.

So in a block of a 1x1 convolution (the expansion), its activation (up to three
elementwise ops, read once: relu6, hard swish and a scale) and the shifted convolution,
the block's input is mirrored (a copy of its few channels), the expansion and the
depthwise convolution run mirrored, which oneDNN Graph fuses into one partition (its
depthwise post-op: the expanded map is never written out), and the result is mirrored
back after the clamp and 1x1 convolution (the projection) that follow, or where these
do not, at the depthwise convolution's output. The same products are summed, without
the zero ones: on any input, NaN and Infinity included, each output is TF.js's, and the
shifted form's output check goes.

Only blocks whose expanded map is large gain: the two flips and the ops around them cost
more than the fusion saves on small maps (in-process A/B, mirroring every such block:
movenet-thunder 3% faster, movenet-lightning 3-6% slower, selfie and handlandmark-lite
up to 4%). The maps' sizes are measured once, by running a copy of the graph on the
example feeds that returns them (freezing drops the sizes). Mirroring only maps of
4 MB or more: movenet-thunder 2.7-3.4% faster, efficientpose 2.3%, multipose within
noise; the small models unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch

from tfjs.backends.torch.graph_facts import ELEMENTWISE, drop_check, is_check_total

_SPATIAL = [2, 3]
# movenet-thunder's 12.6 MB map (192x128x128) gains, movenet-lightning's 3.5 MB loses
_MIN_EXPANDED_BYTES = 4 << 20
_ACTIVATION_OPS = 3  # elementwise ops between the expansion and the depthwise convolution
# Elementwise ops give the mirror of their result on a mirrored map where their other
# operands are the same at every pixel; these oneDNN Graph fuses as post-ops.
_ELEMENTWISE = ELEMENTWISE | {"aten::hardswish", "aten::threshold"}


def mirror_shifted_blocks(graph: torch._C.Graph, example: Sequence[torch.Tensor]) -> int:
    """Rewrites each such block of `graph` (a frozen plan's, its convolutions
    `aten::_convolution` with constant filters, run on `example`) whose expanded map takes
    at least _MIN_EXPANDED_BYTES to run mirrored; returns how many."""
    blocks = _blocks(graph)
    large = _large(graph, example, [depthwise.inputsAt(0) for depthwise, _, _ in blocks])
    count = 0
    for (depthwise, expansion, filter_3x3), keep in zip(blocks, large, strict=True):
        if not keep:
            continue
        uses = depthwise.output().uses()
        checks = [use.user for use in uses if is_check_total(use.user)]
        readers = [use.user for use in uses if not is_check_total(use.user)]
        end = depthwise.output()
        if len(readers) == 1 and readers[0].kind() == "aten::clamp":
            end = readers[0].output()
            after = end.uses()
            if len(after) == 1 and after[0].offset == 0 and _pointwise(after[0].user):
                end = after[0].user.output()  # the projection
        for check in checks:  # the mirrored form sums no zero-weight products
            drop_check(graph, check)
        expansion.replaceInput(0, _flipped(graph, expansion.inputsAt(0), expansion, after=False))
        with graph.insert_point_guard(depthwise):
            depthwise.replaceInput(1, graph.insertConstant(filter_3x3))
        back = _flipped(graph, end, end.node(), after=True)
        end.replaceAllUsesWith(back)
        back.node().replaceInput(0, end)
        count += 1
    return count


def _blocks(graph: torch._C.Graph) -> list[tuple[torch._C.Node, torch._C.Node, torch.Tensor]]:
    """Each shifted depthwise convolution of `graph` read from an expansion: the two
    convolutions and the mirrored 3x3 filter."""
    blocks = []
    for depthwise in graph.findAllNodes("aten::_convolution"):
        filter_3x3 = _unshifted_filter(depthwise)
        expansion = _expansion_of(depthwise.inputsAt(0)) if filter_3x3 is not None else None
        if expansion is not None:
            blocks.append((depthwise, expansion, filter_3x3))
    return blocks


def _large(graph: torch._C.Graph, example: Sequence[torch.Tensor], maps: list[torch._C.Value]) -> list[bool]:
    """Whether each of `maps` (values of `graph`) takes at least _MIN_EXPANDED_BYTES on
    `example`: a copy of the graph that returns them instead, run once as it is."""
    if not maps:
        return []
    names = [value.setDebugName(f"expanded_map_{index}").debugName() for index, value in enumerate(maps)]
    measured = graph.copy()
    by_name = {value.debugName(): value for node in measured.nodes() for value in node.outputs()}
    expanded = [by_name[name] for name in names]
    pack = measured.create("prim::TupleConstruct", expanded, 1).insertBefore(measured.return_node())
    pack.output().setType(torch._C.TupleType([value.type() for value in expanded]))
    for _ in list(measured.outputs()):
        measured.eraseOutput(0)
    measured.registerOutput(pack.output())
    function = torch._C._create_function_from_graph("tfjs_plan_sizes", measured)
    with torch.no_grad(), torch.jit.optimized_execution(False):
        results = function(*example)
    return [tensor.numel() * tensor.element_size() >= _MIN_EXPANDED_BYTES for tensor in results]


def _expansion_of(value: torch._C.Value) -> torch._C.Node | None:
    """The 1x1 convolution `value` is computed from by at most _ACTIVATION_OPS elementwise
    ops, each read once, whose other operands are the same at every pixel; None where
    there is none."""
    node = value.node()
    for _ in range(_ACTIVATION_OPS + 1):
        if len(node.output().uses()) != 1:
            return None
        if _pointwise(node):
            return node
        varying = [operand for operand in node.inputs() if not _same_at_every_pixel(operand)]
        if node.kind() not in _ELEMENTWISE or len(varying) != 1:
            return None
        node = varying[0].node()
    return None


def _same_at_every_pixel(value: torch._C.Value) -> bool:
    """A non-tensor constant (a number, a list), or a constant tensor that broadcasts
    alike over the spatial axes of an NCHW map (one value, or sizes 1 along H and W)."""
    if value.node().kind() != "prim::Constant":
        return False
    constant = value.toIValue()
    if not isinstance(constant, torch.Tensor):
        return True
    return constant.numel() == 1 or (constant.dim() >= 2 and constant.shape[-2:] == (1, 1))


def _unshifted_filter(node: torch._C.Node) -> torch.Tensor | None:
    """The mirrored 3x3 filter of a shifted depthwise convolution (stride 2, padding 1,
    a constant 4x4 filter whose first row and column are zeros), else None."""
    convolution = _convolution(node)
    if convolution is None:
        return None
    weight, stride, padding, dilation, groups = convolution
    if weight.shape[1:] != (1, 4, 4) or groups != weight.shape[0]:
        return None
    if stride != [2, 2] or padding != [1, 1] or dilation != [1, 1]:
        return None
    if weight[:, :, 0, :].any() or weight[:, :, :, 0].any():
        return None
    layout = torch.channels_last if weight.is_contiguous(memory_format=torch.channels_last) else None
    return weight[:, :, 1:, 1:].flip(_SPATIAL).contiguous(memory_format=layout or torch.contiguous_format)


def _pointwise(node: torch._C.Node) -> bool:
    """A 1x1 convolution with stride 1, no padding and one group (constant filter)."""
    convolution = _convolution(node)
    if convolution is None:
        return False
    weight, stride, padding, dilation, groups = convolution
    one_to_one = stride == [1, 1] and padding == [0, 0] and dilation == [1, 1]
    return weight.shape[2:] == (1, 1) and one_to_one and groups == 1


def _convolution(node: torch._C.Node) -> tuple[torch.Tensor, list[int], list[int], list[int], int] | None:
    """A forward `aten::_convolution`'s constant filter, stride, padding, dilation and
    groups; None for any other node."""
    if node.kind() != "aten::_convolution":
        return None
    weight = node.inputsAt(1).toIValue() if node.inputsAt(1).node().kind() == "prim::Constant" else None
    stride, padding, dilation, transposed, _, groups = (node.inputsAt(i).toIValue() for i in range(3, 9))
    if not isinstance(weight, torch.Tensor) or transposed:
        return None
    return weight, list(stride), list(padding), list(dilation), groups


def _flipped(
    graph: torch._C.Graph, value: torch._C.Value, anchor: torch._C.Node, after: bool
) -> torch._C.Value:
    """`value` flipped along its spatial axes, by a node put just before or `after`
    `anchor`."""
    flip = graph.create("aten::flip", [value], 1)
    flip.insertAfter(anchor) if after else flip.insertBefore(anchor)
    with graph.insert_point_guard(flip):
        flip.addInput(graph.insertConstant(_SPATIAL))
    flip.output().setType(value.type())
    return flip.output()
