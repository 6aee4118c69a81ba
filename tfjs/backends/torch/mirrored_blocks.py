"""Inverted-residual blocks whose stride-2 depthwise convolution has TF.js's SAME padding
on an even size (none before, one after), run mirrored in a compiled plan's graph.

torch pads both ends alike, so such a convolution runs shifted (conv_shifted.py: a 4x4
filter with a zero leading row and column, 16/9 of the products), which oneDNN Graph
runs as a convolution of its own. Mirrored along both spatial axes it is an ordinary one:
with e' the mirror of its input (n even), out'[m] = Σ_k w[2 - k] e'[2m - 1 + k], a 3x3
convolution with the mirrored filter and padding 1 at both ends, whose padding before
stands for TF.js's padding after and whose padding after is never read. A 1x1
convolution and an elementwise op give the mirror of their result on a mirrored input.

So in a block of a 1x1 convolution (the expansion), its clamp, the shifted convolution
and its clamp, the block's input is mirrored (a copy of its few channels), the expansion
and the depthwise convolution run mirrored, which oneDNN Graph fuses into one partition
(its depthwise post-op: the expanded map is never written out), and the result is
mirrored back after the 1x1 convolution that follows (the projection), or after the
clamp where none follows. The same products are summed, without the zero ones: on any
input, NaN and Infinity included, each output is TF.js's.
"""

from __future__ import annotations

import torch

_SPATIAL = [2, 3]


def mirror_shifted_blocks(graph: torch._C.Graph) -> int:
    """Rewrites each such block of `graph` (a frozen plan's, its convolutions
    `aten::_convolution` with constant filters) to run mirrored; returns how many."""
    count = 0
    for depthwise in list(graph.findAllNodes("aten::_convolution")):
        filter_3x3 = _unshifted_filter(depthwise)
        clamp_in = depthwise.inputsAt(0).node()
        if filter_3x3 is None or not _sole_clamp_of(clamp_in, "aten::_convolution"):
            continue
        expansion = clamp_in.inputsAt(0).node()
        uses = depthwise.output().uses()
        if not _pointwise(expansion) or len(uses) != 1 or uses[0].user.kind() != "aten::clamp":
            continue
        end = uses[0].user.output()
        after = end.uses()
        if len(after) == 1 and after[0].offset == 0 and _pointwise(after[0].user):
            end = after[0].user.output()  # the projection
        expansion.replaceInput(0, _flipped(graph, expansion.inputsAt(0), expansion, after=False))
        with graph.insert_point_guard(depthwise):
            depthwise.replaceInput(1, graph.insertConstant(filter_3x3))
        back = _flipped(graph, end, end.node(), after=True)
        end.replaceAllUsesWith(back)
        back.node().replaceInput(0, end)
        count += 1
    return count


def _unshifted_filter(node: torch._C.Node) -> torch.Tensor | None:
    """The mirrored 3x3 filter of a shifted depthwise convolution (stride 2, padding 1,
    a constant 4x4 filter whose first row and column are zeros), else None."""
    if node.kind() != "aten::_convolution":
        return None
    arguments = [node.inputsAt(index).toIValue() for index in range(3, 9)]
    stride, padding, dilation, transposed, _, groups = arguments
    weight = _constant_tensor(node.inputsAt(1))
    if weight is None or weight.shape[1:] != (1, 4, 4) or groups != weight.shape[0] or transposed:
        return None
    if list(stride) != [2, 2] or list(padding) != [1, 1] or list(dilation) != [1, 1]:
        return None
    if weight[:, :, 0, :].any() or weight[:, :, :, 0].any():
        return None
    memory_format = torch.channels_last if weight.is_contiguous(memory_format=torch.channels_last) else None
    mirrored = weight[:, :, 1:, 1:].flip(_SPATIAL)
    return mirrored.contiguous(memory_format=memory_format or torch.contiguous_format)


def _pointwise(node: torch._C.Node) -> bool:
    """A 1x1 convolution with stride 1, no padding and one group (constant filter)."""
    if node.kind() != "aten::_convolution":
        return False
    weight = _constant_tensor(node.inputsAt(1))
    stride, padding, dilation, transposed, _, groups = (node.inputsAt(i).toIValue() for i in range(3, 9))
    return (
        weight is not None
        and weight.shape[2:] == (1, 1)
        and list(stride) == [1, 1]
        and list(padding) == [0, 0]
        and list(dilation) == [1, 1]
        and not transposed
        and groups == 1
    )


def _sole_clamp_of(node: torch._C.Node, producer: str) -> bool:
    """Whether `node` is a clamp of `producer`'s output, read once."""
    return (
        node.kind() == "aten::clamp"
        and node.inputsAt(0).node().kind() == producer
        and len(node.inputsAt(0).uses()) == 1
        and len(node.output().uses()) == 1
    )


def _constant_tensor(value: torch._C.Value) -> torch.Tensor | None:
    constant = value.toIValue() if value.node().kind() == "prim::Constant" else None
    return constant if isinstance(constant, torch.Tensor) else None


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
