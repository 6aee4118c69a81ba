"""A model.json's `modelTopology` (a TF GraphDef as JSON) as nodes wired to each other:
each node's data inputs `(producer, output index)`, control inputs (`^name`), decoded
attributes and mapper, resolved once at load (TF.js's OperationMapper.transformGraph)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tfjs.converter.attrs import decode_attrs, decode_dtype, decode_shape
from tfjs.converter.custom_op import is_custom, node_attrs
from tfjs.converter.op_registry import OpMapper, attr_kind_error, get_mapper

# Ops whose outputs a function body may name (`StringSplit:values:0`), as TF.js's op list has them.
NAMED_OUTPUTS = {
    "StringNGrams": ("ngrams", "ngrams_splits"),
    "StringSplit": ("indices", "values", "shape"),
}
# Switch/Merge/Enter/Exit/NextIteration need TF.js's frame-by-frame execution.
FRAME_OPS = frozenset({"Switch", "Merge", "Enter", "Exit", "NextIteration", "LoopCond"})
# Nodes whose tensors TF.js never disposes early: their lifetime is tricky to track.
CONTROL_FLOW_OPS = frozenset(
    {"Switch", "Merge", "Enter", "Exit", "NextIteration", "StatelessIf", "StatelessWhile", "If", "While"}
)
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

    @property
    def input_nodes(self) -> list[str]:
        """The inputs' names, by signature key where the signature gives one."""
        return [node.signature_key or node.name for node in self.inputs]

    @property
    def output_nodes(self) -> list[str]:
        """The outputs' names (`node:index` past the first output), by signature key."""
        names = []
        for node in self.outputs:
            name = node.signature_key or node.name
            names.append(f"{name}:{node.default_output}" if node.default_output else name)
        return names

    def map_outputs(self, outputs: list[str]) -> list[str]:
        """`outputs` as tensor names where named by signature key."""
        entries = self.signature.get("outputs") or {}
        return [entries[name]["name"] if name in entries else name for name in outputs]


def parse_input_name(name: str) -> tuple[str, int, str | None]:
    """`node` -> (node, 0, None); `node:1` -> (node, 1, None); `node:out:1` -> (node, 1, out)."""
    if not isinstance(name, str):
        raise ValueError(f"A tensor name must be a string, got {name!r:.60}")
    parts = name.split(":")
    if len(parts) == 1:
        return name, 0, None
    if len(parts) > 3 or not parts[-1].isdigit():
        raise ValueError(f"'{name:.100}' is not a tensor name: 'node' or 'node:<output index>' expected")
    return parts[0], int(parts[-1]), parts[1] if len(parts) == 3 else None


def _make_node(node: dict[str, Any], where: str = "the graph") -> Node:
    if (
        not isinstance(node, dict)
        or not isinstance(node.get("name"), str)
        or not isinstance(node.get("op"), str)
    ):
        raise ValueError(f"A node of {where} needs a string 'name' and 'op', got {str(node)[:200]}")
    op = node["op"]
    inputs = node.get("input") or []
    if not isinstance(inputs, list) or not all(isinstance(name, str) and name.strip("^") for name in inputs):
        raise ValueError(
            f"Node '{node['name']}' ({op}): 'input' must be a list of node names, got {inputs!r:.100}"
        )
    mapper = get_mapper(op)
    attrs = decode_attrs(node.get("attr"), f"Node '{node['name']}' ({op})")
    if op.startswith("Placeholder"):
        _check_placeholder(node["name"], attrs)
    if is_custom(mapper):  # a registered op (tf.register_op) gets TF.js's NodeValueImpl attrs
        keywords = {"attrs": node_attrs(node.get("attr"))}
    else:
        keywords = {k: v for k, v in attrs.items() if mapper is not None and k in mapper.attrs}
        problem = attr_kind_error(mapper, node["name"], keywords) if mapper is not None else None
        if problem:
            raise ValueError(problem)
    return Node(
        name=node["name"],
        op=op,
        raw_inputs=list(inputs),
        attrs=attrs,
        mapper=mapper,
        keywords=keywords,
    )


def _check_placeholder(name: str, attrs: dict[str, Any]) -> None:
    """A placeholder's `shape` and `dtype`, which the executor checks feeds against,
    must be a shape and a dtype."""
    shape, dtype = attrs.get("shape"), attrs.get("dtype")
    if shape is not None and not (isinstance(shape, list) and all(isinstance(d, int) for d in shape)):
        raise ValueError(
            f"Placeholder '{name}': attribute 'shape' must be a shape ({{'shape': ...}}), got {shape!r:.60}"
        )
    if dtype is not None and not isinstance(dtype, str):
        raise ValueError(
            f"Placeholder '{name}': attribute 'dtype' must be a dtype ({{'type': ...}}), got {dtype!r:.60}"
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


def check_acyclic(nodes: dict[str, Node], where: str) -> None:
    """A ValueError naming nodes of a cycle that does not pass through a NextIteration
    (the back edge of a TF1 loop, the only cycle TF allows), which would never finish."""
    pending = {
        name: sum(1 for producer, _ in node.inputs if nodes[producer].op != "NextIteration")
        + sum(1 for producer in node.controls if nodes[producer].op != "NextIteration")
        for name, node in nodes.items()
    }
    ready = [name for name, count in pending.items() if count == 0]
    while ready:
        node = nodes[ready.pop()]
        if node.op == "NextIteration":
            continue
        for child in node.children:
            pending[child.name] -= 1
            if pending[child.name] == 0:
                ready.append(child.name)
    stuck = [name for name, count in pending.items() if count > 0]
    if stuck:
        raise ValueError(
            f"{where} has a cycle that no NextIteration closes (a loop that would never finish), "
            f"through nodes {stuck[:5]}"
        )


def _signature_names(entries: Any, side: str) -> dict[str, str]:
    """Signature entries as {tensor name: signature key}."""
    if entries is None:
        return {}
    if not isinstance(entries, dict):
        raise ValueError(f"The model's signature {side} must be an object, got {entries!r:.60}")
    names = {}
    for key, info in entries.items():
        if not isinstance(info, dict) or not isinstance(info.get("name"), str):
            raise ValueError(f"The model's signature {side} '{key}' needs a tensor 'name', got {info!r:.80}")
        parse_input_name(info["name"])  # a ValueError naming it when it is no tensor name
        if info.get("tensorShape") is not None:
            decode_shape(info["tensorShape"], f"The model's signature {side} '{key}'")
        names[info["name"]] = key
    return names


def transform_graph(topology: dict[str, Any], signature: dict[str, Any] | None = None) -> Graph:
    """The GraphDef JSON as a Graph; `signature` names its inputs and outputs."""
    if not isinstance(topology, dict) or not isinstance(topology.get("node"), list):
        raise ValueError("modelTopology is not a TF GraphDef: it has no 'node' list")
    if signature is not None and not isinstance(signature, dict):
        raise ValueError(f"The model's signature must be an object, got {signature!r:.60}")
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
    check_acyclic(nodes, "The graph")
    signature = signature or {}
    outputs_by_name = _signature_names(signature.get("outputs"), "outputs")
    inputs_by_name = _signature_names(signature.get("inputs"), "inputs")
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
            node_name, index, _ = parse_input_name(name)
            node = nodes.get(node_name)
            if node is not None:
                if index and node.op.startswith("Placeholder"):
                    raise ValueError(
                        f"The model's signature input '{key}' names '{name}': a placeholder has one output"
                    )
                node.signature_key = key
                inputs.append(node)
    else:
        inputs = placeholders
    functions = _transform_library(topology.get("library"))
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


def _transform_library(library: Any) -> dict[str, Graph]:
    """The FunctionDefs of the graph's `library`, by name."""
    if library is None:
        return {}
    functions = library.get("function") if isinstance(library, dict) else None
    if not isinstance(library, dict) or not isinstance(functions or [], list):
        raise ValueError(
            f"modelTopology's library must be an object with a 'function' list, got {library!r:.60}"
        )
    result = {}
    for function in functions or []:
        signature = function.get("signature") if isinstance(function, dict) else None
        if not isinstance(signature, dict) or not isinstance(signature.get("name"), str):
            raise ValueError(f"A library function needs a signature with a name, got {str(function)[:100]}")
        result[signature["name"]] = _transform_function(function)
    return result


def _function_parts(function: dict[str, Any], name: str) -> tuple[list, list, list, dict]:
    """A FunctionDef's nodes, arguments, results and `ret` map, checked to be JSON of the right kinds."""
    sig = function["signature"]
    parts = (function.get("nodeDef"), sig.get("inputArg"), sig.get("outputArg"))
    if not all(isinstance(part or [], list) for part in parts):
        raise ValueError(f"Function '{name}': nodeDef, inputArg and outputArg must be lists")
    args = [*(parts[1] or []), *(parts[2] or [])]
    if not all(isinstance(arg, dict) and isinstance(arg.get("name"), str) for arg in args):
        raise ValueError(f"Function '{name}': each argument and result needs a string 'name'")
    ret = function.get("ret") or {}
    if not isinstance(ret, dict) or not all(isinstance(v, str) for v in ret.values()):
        raise ValueError(f"Function '{name}': 'ret' must map each result to a tensor name, got {ret!r:.100}")
    return parts[0] or [], parts[1] or [], parts[2] or [], ret


def _transform_function(function: dict[str, Any]) -> Graph:
    """A FunctionDef of the graph's `library` (a While body, an If branch) as a Graph whose
    inputs are Placeholders named after its arguments (TF.js's mapFunction)."""
    name = function["signature"]["name"]
    node_defs, input_args, output_args, ret = _function_parts(function, name)
    nodes: dict[str, Node] = {}
    weights = []
    for raw in node_defs:
        node = _make_node(raw, f"function '{name}'")
        if node.name in nodes:
            raise ValueError(f"Two nodes of function '{name}' are named '{node.name}'")
        nodes[node.name] = node
        if node.op == "Const":
            weights.append(node)
    inputs = []
    for arg in input_args:
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
    check_acyclic(nodes, f"Function '{name}'")
    outputs = []
    for arg in output_args:
        if arg["name"] not in ret:
            raise ValueError(f"Function '{name}' has no 'ret' entry for its result '{arg['name']}'")
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


def check_supported(*graphs: Graph | None) -> None:
    """Raises one ValueError naming every op of the graphs (functions included) that has no mapper."""
    unsupported: dict[str, list[str]] = {}

    def visit(graph: Graph) -> None:
        for node in graph.nodes.values():
            if get_mapper(node.op) is None:
                unsupported.setdefault(node.op, []).append(node.name)
        for function in graph.functions.values():
            visit(function)

    for graph in graphs:
        if graph is not None:
            visit(graph)
    if unsupported:
        listing = "; ".join(
            f"'{op}' (node{'s' if len(names) > 1 else ''} {', '.join(repr(n) for n in names[:3])}"
            f"{f' and {len(names) - 3} more' if len(names) > 3 else ''})"
            for op, names in sorted(unsupported.items())
        )
        raise ValueError(
            f"The model uses {len(unsupported)} op(s) this library does not support: {listing}; "
            "register a custom execution with tf.register_op()"
        )


def execution_order(nodes: dict[str, Node], used: set[str], preset: set[str]) -> list[Node]:
    """The `used` nodes in an order that runs each after its inputs (TF.js's, children
    depth first), `preset` ones (inputs, weights) first; a ValueError naming some of the
    nodes of a cycle that no loop frame breaks."""
    in_counts = {}
    for name in used:
        node = nodes[name]
        producers = set() if name in preset else {p for p, _ in node.inputs} | set(node.controls)
        in_counts[name] = sum(1 for p in producers if p in used)
    stack = [name for name in reversed(list(nodes)) if name in used and in_counts[name] == 0]
    order: list[Node] = []
    while stack:
        node = nodes[stack.pop()]
        order.append(node)
        for child in reversed(list({id(child): child for child in node.children}.values())):
            if child.name in used and child.name not in preset:
                in_counts[child.name] -= 1
                if in_counts[child.name] == 0:
                    stack.append(child.name)
    if len(order) != len(used):
        stuck = sorted(name for name in used if in_counts.get(name, 0) > 0)[:5]
        raise ValueError(f"The graph has a cycle without loop frames (at nodes {stuck})")
    return order
