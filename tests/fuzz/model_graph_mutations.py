"""Seeded mutations of a model.json's graph: cycles, unknown ops, bad inputs and
attributes, placeholder shapes, node structure, signature entries, the initializer and
library functions (the rest of tests/fuzz/model_mutations.py's `MUTATIONS`)."""

from __future__ import annotations

import base64
import math
import random

from tests.fuzz.model_mutations import HUGE, TF_DTYPES, Case, _list, _odd, odd_value_anywhere


def graph_cycle(rng: random.Random, case: Case) -> str:
    nodes = case.nodes()
    if len(nodes) < 2:
        return "no graph"
    a, b = rng.sample(nodes, 2)
    how = rng.choice(["pair", "self", "control", "chain"])
    if how == "self":
        a["input"] = [*_list(a.get("input")), a.get("name")]
    elif how == "control":
        a["input"] = [*_list(a.get("input")), f"^{b.get('name')}"]
        b["input"] = [*_list(b.get("input")), f"^{a.get('name')}"]
    elif how == "chain":
        ordered = nodes[:]
        rng.shuffle(ordered)
        for this, after in zip(ordered, ordered[1:] + ordered[:1], strict=True):
            this["input"] = [*_list(this.get("input")), after.get("name")]
    else:
        a["input"] = [*_list(a.get("input")), b.get("name")]
        b["input"] = [*_list(b.get("input")), a.get("name")]
    return f"cycle ({how}) through {a.get('name')!r} and {b.get('name')!r}"


def node_op(rng: random.Random, case: Case) -> str:
    nodes = case.nodes(rng.choice(["modelTopology", "modelTopology", "modelInitializer"]))
    if not nodes:
        return "no node"
    node = rng.choice(nodes)
    node["op"] = rng.choice(["NoSuchOp", "", "Placeholder", "Const", "Switch", "Merge", "While", "Enter"])
    node["op"] = rng.choice([node["op"], "LookupTableFindV2", "TensorArrayV3", "NextIteration", None, 3])
    return f"node {node.get('name')!r} op = {node['op']!r}"


def node_inputs(rng: random.Random, case: Case) -> str:
    nodes = case.nodes()
    if not nodes:
        return "no node"
    node = rng.choice(nodes)
    other = rng.choice(nodes).get("name")
    value = rng.choice(
        [f"{other}:99", f"{other}:-1", f"{other}:abc", f"{other}:out:1", "missing", "^missing", "", ":0", "^"]
    )
    inputs = node["input"] = _list(node.get("input"))
    if inputs and rng.random() < 0.5:
        inputs[rng.randrange(len(inputs))] = value
    else:
        inputs.append(value)
    if rng.random() < 0.15:
        node["input"] = _odd(rng)
    return f"node {node.get('name')!r} input {value!r}"


def node_attr(rng: random.Random, case: Case) -> str:
    nodes = [n for n in case.nodes() if isinstance(n.get("attr"), dict) and n["attr"]]
    if not nodes:
        return "no attr"
    node = rng.choice(nodes)
    name = rng.choice(list(node["attr"]))
    value = rng.choice(
        [
            {"type": rng.choice(TF_DTYPES)},
            {"shape": {"dim": [{"size": rng.choice(["-1", "-5", "abc", 2**40, "2.5", None])}]}},
            {"shape": {"unknownRank": True}},
            {"shape": _odd(rng)},
            {"list": {"i": [rng.choice(["1", "a", None, 2**70, -3])]}},
            {"list": {"f": [math.nan]}},
            {"list": _odd(rng)},
            {"i": rng.choice(["x", 2**70, None, -(2**40), "1.5"])},
            {"f": rng.choice([math.nan, math.inf, "x", None])},
            {"s": rng.choice(["!!!not base64", "", None, 3, [72, 105], [2**40]])},
            {"b": rng.choice(["yes", None, 2])},
            {"func": rng.choice([{"name": "missing"}, None, "f"])},
            {"tensor": rng.choice([{}, None, {"dtype": "DT_FLOAT", "tensorContent": "!!"}])},
            {
                "tensor": {
                    "dtype": rng.choice(TF_DTYPES),
                    "tensorShape": {"dim": [{"size": "3"}]},
                    "floatVal": [1, 2],
                }
            },
            {
                "tensor": {
                    "dtype": "DT_INT32",
                    "tensorShape": {"dim": [{"size": rng.choice(HUGE)}]},
                    "intVal": [1],
                }
            },
            {
                "tensor": {
                    "dtype": "DT_FLOAT",
                    "tensorShape": {},
                    "tensorContent": base64.b64encode(b"abc").decode(),
                }
            },
            {"tensor": {"dtype": "DT_STRING", "tensorShape": {"dim": [{"size": "1"}]}, "stringVal": ["**"]}},
            _odd(rng),
        ]
    )
    node["attr"][name] = value
    return f"node {node.get('name')!r} attr {name} = {value!r:.80}"


def placeholder_shape(rng: random.Random, case: Case) -> str:
    nodes = [n for n in case.nodes() if str(n.get("op", "")).startswith("Placeholder")]
    if not nodes:
        return "no placeholder"
    node = rng.choice(nodes)
    dims = rng.choice([[-5], [2**31], [10**6, 10**6], [0], [1, 1, 1, 1, 1, 1, 1, 1], ["abc"], [None], []])
    node["attr"] = node["attr"] if isinstance(node.get("attr"), dict) else {}
    node["attr"]["shape"] = {"shape": {"dim": [{"size": d} for d in dims]}}
    return f"placeholder {node.get('name')!r} shape {dims}"


def node_structure(rng: random.Random, case: Case) -> str:
    topology = case.model.get("modelTopology")
    if not isinstance(topology, dict) or not isinstance(topology.get("node"), list) or not topology["node"]:
        return "no graph"
    nodes = topology["node"]
    how = rng.choice(["duplicate name", "no name", "no op", "not a dict", "empty graph", "nameless input"])
    index = rng.randrange(len(nodes))
    if how == "duplicate name" and len(nodes) > 1 and isinstance(nodes[index], dict):
        nodes.append(dict(nodes[index]))
    elif how == "no name" and isinstance(nodes[index], dict):
        nodes[index].pop("name", None)
    elif how == "no op" and isinstance(nodes[index], dict):
        nodes[index].pop("op", None)
    elif how == "not a dict":
        nodes[index] = _odd(rng)
    elif how == "empty graph":
        topology["node"] = []
    elif isinstance(nodes[index], dict):
        nodes[index]["input"] = [None, 3]
    return f"graph: {how} (node {index})"


def signature_entry(rng: random.Random, case: Case) -> str:
    signature = case.model.get("signature")
    if not isinstance(signature, dict):
        signature = case.model["signature"] = {"inputs": {}, "outputs": {}}
    side = rng.choice(["inputs", "outputs"])
    entries = signature.get(side)
    if not isinstance(entries, dict):
        entries = signature[side] = {}
    key = rng.choice([*entries, "new"]) if entries else "new"
    entry = entries.get(key) if isinstance(entries.get(key), dict) else {}
    how = rng.choice(["missing node", "bad index", "resourceId", "dtype", "shape", "no name", "odd"])
    if how == "missing node":
        entry["name"] = "missing:0"
    elif how == "bad index":
        entry["name"] = f"{str(entry.get('name', 'x')).split(':')[0]}:{rng.choice(['7', 'x', '-1', ''])}"
    elif how == "resourceId":
        entry["resourceId"] = rng.choice([7, 8, None, "7", [7], -1, 2**70])
    elif how == "dtype":
        entry["dtype"] = rng.choice(TF_DTYPES)
    elif how == "shape":
        entry["tensorShape"] = rng.choice([{"dim": [{"size": "-7"}]}, {"dim": "x"}, None, {"unknownRank": 1}])
    elif how == "no name":
        entry.pop("name", None)
    else:
        entry = _odd(rng)
    entries[key] = entry
    return f"signature {side}/{key}: {how}"


def initializer(rng: random.Random, case: Case) -> str:
    nodes = case.nodes("modelInitializer")
    if nodes and rng.random() < 0.5:
        return node_op(rng, case) if rng.random() < 0.3 else odd_value_anywhere(rng, case)
    init_signature = case.model.get("initializerSignature")
    how = rng.choice(["drop initializer", "drop signature", "resourceId", "output name", "odd"])
    if how == "drop initializer":
        case.model.pop("modelInitializer", None)
    elif how == "drop signature":
        case.model.pop("initializerSignature", None)
    elif isinstance(init_signature, dict) and isinstance(init_signature.get("outputs"), dict):
        for entry in init_signature["outputs"].values():
            if isinstance(entry, dict):
                if how == "resourceId":
                    entry["resourceId"] = rng.choice([8, None, "7", [7], 2**70])
                elif how == "output name":
                    entry["name"] = "missing:0"
        if how == "output name":
            init_signature["outputs"] = {"missing:0": dict(entry) if isinstance(entry, dict) else {}}
        if how == "odd":
            init_signature["outputs"] = _odd(rng)
    return f"initializer: {how}"


def library_function(rng: random.Random, case: Case) -> str:
    topology = case.model.get("modelTopology")
    library = topology.get("library") if isinstance(topology, dict) else None
    functions = library.get("function") if isinstance(library, dict) else None
    if not isinstance(functions, list) or not functions:
        return odd_value_anywhere(rng, case)
    function = rng.choice(functions)
    if not isinstance(function, dict):
        return "odd function"
    how = rng.choice(["ret", "signature", "nodes", "name", "arg type", "recursion"])
    if how == "ret" and isinstance(function.get("ret"), dict) and function["ret"]:
        key = rng.choice(list(function["ret"]))
        function["ret"][key] = rng.choice(["missing:0", "", None, 3])
    elif how == "signature":
        function["signature"] = _odd(rng)
    elif how == "nodes":
        function["nodeDef"] = _odd(rng)
    elif how == "name" and isinstance(function.get("signature"), dict):
        function["signature"]["name"] = rng.choice([None, 3, "", "missing"])
    elif how == "arg type" and isinstance(function.get("signature"), dict):
        for arg in function["signature"].get("inputArg") or []:
            if isinstance(arg, dict):
                arg["type"] = rng.choice(TF_DTYPES)
    elif how == "recursion":  # a function that calls itself through its While/If node
        for node in function.get("nodeDef") or []:
            if isinstance(node, dict) and isinstance(node.get("attr"), dict):
                for attr in node["attr"].values():
                    if (
                        isinstance(attr, dict)
                        and "func" in attr
                        and isinstance(function.get("signature"), dict)
                    ):
                        attr["func"] = {"name": function["signature"].get("name")}
    return f"library function: {how}"
