"""A model.json's `modelTopology` (a TF GraphDef as JSON) as nodes wired to each other:
each node's data inputs `(producer, output index)`, control inputs (`^name`), decoded
attributes and mapper, resolved once at load (TF.js's OperationMapper.transformGraph)."""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tfjs.converter.attrs import decode_attrs, decode_dtype, decode_shape
from tfjs.converter.custom_op import is_custom, node_attrs
from tfjs.converter.op_registry import OpMapper, get_mapper

# Ops whose outputs a function body may name (`StringSplit:values:0`), as TF.js's op list has them.
NAMED_OUTPUTS = {
    "StringNGrams": ("ngrams", "ngrams_splits"),
    "StringSplit": ("indices", "values", "shape"),
}
# Switch/Merge/Enter/Exit/NextIteration need TF.js's frame-by-frame execution.
FRAME_OPS = frozenset({"Switch", "Merge", "Enter", "Exit", "NextIteration", "LoopCond"})
# Resolved by the executor itself, never by a mapper.
SOURCE_OPS = frozenset({"Const", "Placeholder"})


@dataclass(eq=False)
class Node:
    name: str
    op: str
    raw_inputs: list[str]
    attrs: dict[str, Any]
    mapper: OpMapper | None
    inputs: list[tuple[str, int]] = field(default_factory=list)  # data inputs: (node, output index)
    controls: list[str] = field(default_factory=list)  # control inputs (`^name`)
    children: list[Node] = field(default_factory=list)  # data and control consumers, in order
    keywords: dict[str, Any] = field(default_factory=dict)  # the attributes the mapper declares
    signature_key: str | None = None
    default_output: int = 0


@dataclass(eq=False)
class Graph:
    nodes: dict[str, Node]
    inputs: list[Node]
    outputs: list[Node]
    weights: list[Node]  # Const nodes
    init_nodes: list[Node]  # nodes without inputs that are neither Const nor Placeholder
    signature: dict[str, Any]
    functions: dict[str, Graph]
    has_frames: bool  # holds Switch/Merge/Enter/Exit/NextIteration


def parse_input_name(name: str) -> tuple[str, int, str | None]:
    """`node` -> (node, 0, None); `node:1` -> (node, 1, None); `node:out:1` -> (node, 1, out)."""
    parts = name.split(":")
    if len(parts) == 1:
        return name, 0, None
    return parts[0], int(parts[-1]), parts[1] if len(parts) == 3 else None


def _make_node(node: dict[str, Any]) -> Node:
    if not isinstance(node, dict) or "name" not in node or "op" not in node:
        raise ValueError(f"A graph node needs a 'name' and an 'op', got {str(node)[:200]}")
    op = node["op"]
    mapper = get_mapper(op)
    attrs = decode_attrs(node.get("attr"))
    if is_custom(mapper):  # a registered op (tf.register_op) gets TF.js's NodeValueImpl attrs
        keywords = {"attrs": node_attrs(node.get("attr"))}
    else:
        keywords = {k: v for k, v in attrs.items() if mapper is not None and k in mapper.attrs}
    return Node(
        name=node["name"],
        op=op,
        raw_inputs=list(node.get("input") or []),
        attrs=attrs,
        mapper=mapper,
        keywords=keywords,
    )


def _wire(nodes: dict[str, Node], where: str) -> None:
    for node in nodes.values():
        for raw in node.raw_inputs:
            control = raw.startswith("^")
            producer_name, index, output_name = parse_input_name(raw[1:] if control else raw)
            producer = nodes.get(producer_name)
            if producer is None:
                raise ValueError(
                    f"Node '{node.name}' ({node.op}) {where} reads '{raw}', which is not a node of the graph"
                )
            if output_name is not None and output_name in NAMED_OUTPUTS.get(producer.op, ()):
                index = NAMED_OUTPUTS[producer.op].index(output_name)
            if control:
                node.controls.append(producer_name)
            else:
                node.inputs.append((producer_name, index))
            producer.children.append(node)


def _signature_names(entries: dict[str, Any] | None) -> dict[str, str]:
    """Signature entries as {tensor name: signature key}."""
    return {
        info["name"]: key
        for key, info in (entries or {}).items()
        if isinstance(info, dict) and "name" in info
    }


def transform_graph(topology: dict[str, Any], signature: dict[str, Any] | None = None) -> Graph:
    """The GraphDef JSON as a Graph; `signature` names its inputs and outputs."""
    if not isinstance(topology, dict) or not isinstance(topology.get("node"), list):
        raise ValueError("modelTopology is not a TF GraphDef: it has no 'node' list")
    nodes: dict[str, Node] = {}
    placeholders, weights, init_nodes = [], [], []
    for raw in topology["node"]:
        node = _make_node(raw)
        if node.name in nodes:
            raise ValueError(f"Two nodes of the graph are named '{node.name}'")
        nodes[node.name] = node
        if node.op.startswith("Placeholder"):
            placeholders.append(node)
        elif node.op == "Const":
            weights.append(node)
        elif not node.raw_inputs:
            init_nodes.append(node)
    _wire(nodes, "")
    signature = signature or {}
    outputs_by_name = _signature_names(signature.get("outputs"))
    inputs_by_name = _signature_names(signature.get("inputs"))
    if outputs_by_name:
        outputs = []
        for name, key in outputs_by_name.items():
            node = nodes.get(parse_input_name(name)[0])
            if node is not None:
                node.signature_key = key
                outputs.append(node)
    else:
        outputs = [node for node in nodes.values() if not node.children]
    if inputs_by_name:
        inputs = []
        for name, key in inputs_by_name.items():
            node = nodes.get(parse_input_name(name)[0])
            if node is not None:
                node.signature_key = key
                inputs.append(node)
    else:
        inputs = placeholders
    library = topology.get("library") or {}
    functions = {f["signature"]["name"]: _transform_function(f) for f in library.get("function") or []}
    return Graph(
        nodes=nodes,
        inputs=inputs,
        outputs=outputs,
        weights=weights,
        init_nodes=init_nodes,
        signature=signature,
        functions=functions,
        has_frames=any(node.op in FRAME_OPS for node in nodes.values()),
    )


def _transform_function(function: dict[str, Any]) -> Graph:
    """A FunctionDef of the graph's `library` (a While body, an If branch) as a Graph whose
    inputs are Placeholders named after its arguments (TF.js's mapFunction)."""
    sig = function["signature"]
    name = sig.get("name", "?")
    nodes: dict[str, Node] = {}
    weights = []
    for raw in function.get("nodeDef") or []:
        node = _make_node(raw)
        nodes[node.name] = node
        if node.op == "Const":
            weights.append(node)
    inputs = []
    for arg in sig.get("inputArg") or []:
        node = Node(
            name=arg["name"],
            op="Placeholder",
            raw_inputs=[],
            attrs={"dtype": _arg_dtype(arg)},
            mapper=get_mapper("Placeholder"),
            signature_key=arg["name"],
        )
        nodes[node.name] = node
        inputs.append(node)
    _wire(nodes, f"of function '{name}'")
    ret = function.get("ret") or {}
    outputs = []
    for arg in sig.get("outputArg") or []:
        node_name, index, _ = parse_input_name(ret[arg["name"]])
        node = nodes.get(node_name)
        if node is None:
            raise ValueError(f"Function '{name}' returns '{ret[arg['name']]}', which is not one of its nodes")
        out = Node(node.name, node.op, [], node.attrs, node.mapper)  # a view: one node may be returned twice
        out.default_output = index
        outputs.append(out)
    return Graph(
        nodes=nodes,
        inputs=inputs,
        outputs=outputs,
        weights=weights,
        init_nodes=[],
        signature={"methodName": name},
        functions={},
        has_frames=any(node.op in FRAME_OPS for node in nodes.values()),
    )


def _arg_dtype(arg: dict[str, Any]) -> str | None:
    try:
        return decode_dtype(arg.get("type", "DT_FLOAT"))
    except ValueError:
        return None


# ---- Const values stored in the graph (TensorProto JSON) -------------------------------

_VALUE_FIELDS = (
    "floatVal",
    "doubleVal",
    "intVal",
    "int64Val",
    "boolVal",
    "stringVal",
    "halfVal",
    "scomplexVal",
)


def tensor_proto_has_values(proto: dict[str, Any]) -> bool:
    """Whether a TensorProto JSON holds its values (a model's weights leave them to the manifest)."""
    shape = decode_shape(proto.get("tensorShape") or {}) or []
    return "tensorContent" in proto or any(proto.get(key) for key in _VALUE_FIELDS) or 0 in shape


def decode_tensor_proto(proto: dict[str, Any]) -> tuple[np.ndarray, str]:
    """A TensorProto JSON (`{"dtype", "tensorShape", "floatVal"|"intVal"|...|"tensorContent"}`)
    as NumPy values and this project's dtype; a single value fills the shape, as in TF."""
    dtype = decode_dtype(proto.get("dtype", "DT_FLOAT"))
    shape = decode_shape(proto.get("tensorShape") or {}) or []
    size = int(np.prod(shape)) if shape else 1
    raw_dtype = proto.get("dtype", "DT_FLOAT")
    if "tensorContent" in proto:
        content = base64.b64decode(proto["tensorContent"])
        np_dtype = _RAW_DTYPES.get(raw_dtype if isinstance(raw_dtype, str) else "", np.float32)
        values = np.frombuffer(content, dtype=np_dtype)
    else:
        values = None
        for key in _VALUE_FIELDS:
            if key in proto:
                items = proto[key]
                if key == "stringVal":
                    values = np.array(
                        [base64.b64decode(s).decode("utf-8", "replace") for s in items], dtype=object
                    )
                else:
                    values = np.array([float(v) if dtype != "bool" else bool(v) for v in items])
                break
        if values is None or values.size == 0:
            values = np.zeros(size, dtype=object if dtype == "string" else np.float64)
            if dtype == "string":
                values[:] = ""
    if values.size != size:
        if values.size == 1:
            values = np.repeat(values, size)
        else:
            raise ValueError(f"A constant of shape {shape} holds {values.size} values")
    target = {
        "float32": np.float32,
        "int32": np.int32,
        "bool": np.bool_,
        "string": object,
        "complex64": np.float32,
    }
    return values.astype(target.get(dtype, np.float32)).reshape(shape), dtype


_RAW_DTYPES = {
    "DT_FLOAT": np.float32,
    "DT_DOUBLE": np.float64,
    "DT_INT32": np.int32,
    "DT_INT64": np.int64,
    "DT_UINT8": np.uint8,
    "DT_INT8": np.int8,
    "DT_INT16": np.int16,
    "DT_UINT16": np.uint16,
    "DT_BOOL": np.bool_,
    "DT_HALF": np.float16,
}
