"""A plan's fusions, made once when the plan is built: Conv2D, DepthwiseConv2dNative or
MatMul, then BiasAdd (or Add/AddV2 of a 1-D constant of one value per output channel),
then optionally Relu, Relu6, Elu, Sigmoid, LeakyRelu or Prelu, as one node run by
`tf.fused.conv2d`, `tf.fused.depthwise_conv2d` or `tf.fused.mat_mul` (TF.js's converter
makes the same fusions when it converts a model).

The fused kernels run the convolution's (or BatchMatMul's) own kernel, then the Add
kernel for the bias, then the activation's own kernel, so a fused node gives the numbers
of the separate nodes, bit for bit. A chain fuses only where that holds for sure:
float32 nodes, channels-last convolutions, a filter, bias and PReLU weights that are
weights of the model (their shapes known), and intermediate results that nothing else
reads, that are not fed and that are not asked for."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from tfjs import ops
from tfjs.converter.model_graph import Node
from tfjs.converter.op_registry import OpMapper
from tfjs.converter.ops.convolution import inner, padding_of
from tfjs.tensor import Tensor

CONVOLUTIONS = {
    "Conv2D": "FusedConv2D",
    "DepthwiseConv2dNative": "FusedDepthwiseConv2D",
    "DepthwiseConv2d": "FusedDepthwiseConv2D",
    "MatMul": "FusedMatMul",
}
ADDS = frozenset({"BiasAdd", "Add", "AddV2"})
ACTIVATIONS = {
    "Relu": "relu",
    "Relu6": "relu6",
    "Elu": "elu",
    "Sigmoid": "sigmoid",
    "LeakyRelu": "leakyrelu",
    "Prelu": "prelu",
}
_CHANNELS_LAST = ("NHWC", "NDHWC", "NWC", "NC")


def fuse_plan(
    steps: list[Node],
    weights: Mapping[str, list[Any]],
    fed: Collection[str],
    outputs: Collection[str],
) -> list[Node]:
    """`steps` (a plan's nodes in execution order) with each fusable chain replaced by one
    node, named as the chain's last node and placed where it ran. `weights`: {Const node
    name: [tensor]}; `fed`: the nodes given as inputs; `outputs`: the nodes asked for."""
    in_plan = {node.name for node in steps}
    fused: dict[str, Node] = {}  # the chain's last node -> the fused node
    removed: set[str] = set()
    for node in steps:
        if node.op not in CONVOLUTIONS or node.name in removed:
            continue
        chain = _chain(node, weights, fed, outputs, in_plan)
        if chain is not None:
            fused_node = _fused_node(chain, weights)
            if fused_node is not None:
                fused[chain[-1].name] = fused_node
                removed.update(n.name for n in chain)
    if not fused:
        return steps
    result = []
    for node in steps:
        if node.name in fused:
            result.append(fused[node.name])
        elif node.name not in removed:
            result.append(node)
    return result


# ---- the pattern ------------------------------------------------------------------------


def _weight(name: str, weights: Mapping[str, list[Any]], fed: Collection[str]) -> Tensor | None:
    """The model weight `name` when it is a float32 tensor (not fed over)."""
    slots = weights.get(name)
    if not slots or name in fed:
        return None
    tensor = slots[0]
    if not isinstance(tensor, Tensor) or tensor.dtype != "float32":
        return None
    return tensor


def _float32(node: Node) -> bool:
    return node.attrs.get("T", "float32") == "float32"


def _sole_reader(
    node: Node, fed: Collection[str], outputs: Collection[str], in_plan: set[str]
) -> Node | None:
    """The one node that reads `node` (once, its first output), when `node`'s result is
    an intermediate result: not fed, not asked for, read by nothing else, and that node
    in the plan."""
    if node.name in fed or node.name in outputs or len(node.children) != 1:
        return None
    reader = node.children[0]
    if reader.name not in in_plan or reader.name in fed or node.name in reader.controls:
        return None
    if [ref for ref in reader.inputs if ref[0] == node.name] != [(node.name, 0)]:
        return None
    return reader


def _out_channels(conv: Node, weights: Mapping[str, list[Any]], fed: Collection[str]) -> int | None:
    """How many values the convolution gives per position (its result's last dimension)."""
    if len(conv.inputs) != 2 or not _float32(conv):
        return None
    w_name, w_index = conv.inputs[1]
    w = _weight(w_name, weights, fed) if w_index == 0 else None
    if w is None:
        return None
    if conv.op == "MatMul":
        if w.rank != 2:
            return None
        return w.shape[0] if conv.attrs.get("transpose_b") else w.shape[1]
    if w.rank != 4 or str(conv.attrs.get("data_format", "NHWC")).upper() != "NHWC":
        return None
    if conv.op == "Conv2D":
        return w.shape[3]
    return w.shape[2] * w.shape[3]


def _chain(
    conv: Node,
    weights: Mapping[str, list[Any]],
    fed: Collection[str],
    outputs: Collection[str],
    in_plan: set[str],
) -> list[Node] | None:
    """[convolution, bias add] or [convolution, bias add, activation], when they fuse."""
    channels = _out_channels(conv, weights, fed)
    if channels is None:
        return None
    add = _sole_reader(conv, fed, outputs, in_plan)
    if add is None or add.op not in ADDS or not _float32(add) or len(add.inputs) != 2:
        return None
    if add.op == "BiasAdd" and (
        add.inputs[0][0] != conv.name or add.attrs.get("data_format", "NHWC") not in _CHANNELS_LAST
    ):
        return None
    bias_ref = add.inputs[1] if add.inputs[0][0] == conv.name else add.inputs[0]
    bias = _weight(bias_ref[0], weights, fed) if bias_ref[1] == 0 else None
    if bias is None or bias.shape != (channels,):
        return None
    chain = [conv, add]
    activation = _sole_reader(add, fed, outputs, in_plan)
    if (
        activation is not None
        and activation.op in ACTIVATIONS
        and _float32(activation)
        and activation.inputs[0] == (add.name, 0)
        and _prelu_fits(activation, conv, channels, weights, fed)
    ):
        chain.append(activation)
    return chain


def _prelu_fits(
    node: Node, conv: Node, channels: int, weights: Mapping[str, list[Any]], fed: Collection[str]
) -> bool:
    """A Prelu whose weights the fused kernels take as the separate Prelu broadcasts them:
    a scalar, one per channel, or (convolutions) [1, 1, 1 or channels]. Other activations
    fit."""
    if node.op != "Prelu":
        return len(node.inputs) == 1
    if len(node.inputs) != 2 or node.inputs[1][1] != 0:
        return False
    alpha = _weight(node.inputs[1][0], weights, fed)
    if alpha is None:
        return False
    shapes = [(), (1,), (channels,)]
    if conv.op != "MatMul":
        shapes += [(1, 1, 1), (1, 1, channels)]
    return alpha.shape in shapes


# ---- the fused node -----------------------------------------------------------------------


def _fused_node(chain: list[Node], weights: Mapping[str, list[Any]]) -> Node | None:
    conv, add = chain[0], chain[1]
    activation = chain[2] if len(chain) > 2 else None
    bias_ref = add.inputs[1] if add.inputs[0][0] == conv.name else add.inputs[0]
    inputs = [conv.inputs[0], conv.inputs[1], bias_ref]
    keywords: dict[str, Any] = {"activation": "linear", "leakyrelu_alpha": None}
    if activation is not None:
        keywords["activation"] = ACTIVATIONS[activation.op]
        if activation.op == "Prelu":
            inputs.append(activation.inputs[1])
        if activation.op == "LeakyRelu":
            keywords["leakyrelu_alpha"] = activation.attrs.get("alpha", 0.2)
    fn: Callable[..., Tensor]
    if conv.op == "MatMul":
        fn = _fused_mat_mul
        keywords.update(
            transpose_a=bool(conv.attrs.get("transpose_a", False)),
            transpose_b=bool(conv.attrs.get("transpose_b", False)),
        )
    else:
        try:
            keywords.update(
                strides=inner(conv.attrs["strides"], "strides"),
                pad=padding_of(conv.attrs["padding"], conv.attrs.get("explicit_paddings", ())),
                dilations=inner(conv.attrs.get("dilations", (1, 1, 1, 1)), "dilations"),
            )
        except (KeyError, TypeError, ValueError, IndexError):
            return None  # left to the separate node, which reports it
        fn = _fused_conv2d if conv.op == "Conv2D" else _fused_depthwise_conv2d
    op = CONVOLUTIONS[conv.op]
    last = chain[-1]
    controls = list(dict.fromkeys(c for node in chain for c in node.controls))
    mapper = OpMapper(
        op=op,
        fn=fn,
        category="convolution" if conv.op != "MatMul" else "matrices",
        positional=len(inputs),
        variadic=False,
        attrs=frozenset(keywords),
        takes_context=False,
    )
    return Node(
        name=last.name,
        op=op,
        raw_inputs=[],
        attrs={"fused_nodes": [node.name for node in chain]},
        mapper=mapper,
        inputs=inputs,
        controls=controls,
        children=last.children,
        keywords=keywords,
        signature_key=last.signature_key,
    )


def _fused_conv2d(x, w, bias, prelu=None, *, strides, pad, dilations, activation, leakyrelu_alpha):
    return ops.fused.conv2d(
        x,
        w,
        strides,
        pad,
        "NHWC",
        dilations,
        bias=bias,
        activation=activation,
        prelu_activation_weights=prelu,
        leakyrelu_alpha=leakyrelu_alpha,
    )


def _fused_depthwise_conv2d(x, w, bias, prelu=None, *, strides, pad, dilations, activation, leakyrelu_alpha):
    return ops.fused.depthwise_conv2d(
        x,
        w,
        strides,
        pad,
        "NHWC",
        dilations,
        bias=bias,
        activation=activation,
        prelu_activation_weights=prelu,
        leakyrelu_alpha=leakyrelu_alpha,
    )


def _fused_mat_mul(a, b, bias, prelu=None, *, transpose_a, transpose_b, activation, leakyrelu_alpha):
    return ops.fused.mat_mul(
        a,
        b,
        transpose_a,
        transpose_b,
        bias=bias,
        activation=activation,
        prelu_activation_weights=prelu,
        leakyrelu_alpha=0.2 if leakyrelu_alpha is None else leakyrelu_alpha,
    )
