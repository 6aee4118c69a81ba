"""Seeded mutations of a model folder (model.json and its weight shards), for the
model-file fuzz (tests/fuzz/test_model_files.py).

Each mutation takes a `random.Random` and a `Case` (the parsed model.json and the
folder it lies in), changes it, and returns what it did, in words (model_cases.py draws
them; model_graph_mutations.py has those of the graph). Each is the kind of damage a
model file meets: broken JSON, wrong JSON types anywhere, missing keys, bad dtypes and
shapes, bad paths, truncated or over-long shards, manifest inconsistencies, graph
cycles, unknown ops, bad attributes, NaN quantization, huge declared sizes. Files are
only written inside the case's folder; paths that point elsewhere aim at the `BAIT`
file beside it, so that a read of one is seen."""

from __future__ import annotations

import json
import math
import os
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BAIT = "outside_bait.bin"  # written next to each case folder: a read of it escapes the folder
ODD_VALUES: list[Any] = [
    None, 0, -1, 1, 2.5, -7.25, 10**30, -(2**63), True, False, "", "x", "-1", "DT_FLOAT",
    "float32", [], [None], [1, "a"], {}, {"a": 1}, math.nan, math.inf, -math.inf, [[[]]],
]  # fmt: skip
DTYPES = [
    "float32",
    "int32",
    "bool",
    "string",
    "complex64",
    "float16",
    "float64",
    "int64",
    "uint8",
    "",
    None,
    3,
]
TF_DTYPES = ["DT_FLOAT", "DT_INT32", "DT_BOOL", "DT_STRING", "DT_INT64", "DT_RESOURCE", "DT_VARIANT"]
TF_DTYPES += ["DT_BOGUS", "DT_COMPLEX128", "DT_HALF", "DT_UINT8", "DT_QINT8", 1, 3, 7, 20, 999, -1, None]
SCALARS = [math.nan, math.inf, -math.inf, 0, -0.0, 1e308, -1e308, 5e-324, "0.1", None, True, [0.1]]
HUGE = [2**31, 2**40, 10**9, 2**63, 10**20]


@dataclass
class Case:
    """A model being mutated: its folder, parsed model.json (`model`, or None once
    `raw_json` replaced the text) and a record of what was done."""

    folder: Path
    model: Any
    raw_json: bytes | None = None
    done: list[str] = field(default_factory=list)

    # ---- the model's parts ------------------------------------------------------------

    def nodes(self, graph: str = "modelTopology") -> list[dict]:
        topology = self.model.get(graph) if isinstance(self.model, dict) else None
        nodes = topology.get("node") if isinstance(topology, dict) else None
        return [n for n in nodes if isinstance(n, dict)] if isinstance(nodes, list) else []

    def specs(self) -> list[dict]:
        manifest = self.model.get("weightsManifest") if isinstance(self.model, dict) else None
        groups = [g for g in manifest if isinstance(g, dict)] if isinstance(manifest, list) else []
        return [
            s
            for g in groups
            if isinstance(g.get("weights"), list)
            for s in g["weights"]
            if isinstance(s, dict)
        ]

    def groups(self) -> list[dict]:
        manifest = self.model.get("weightsManifest") if isinstance(self.model, dict) else None
        return [g for g in manifest if isinstance(g, dict)] if isinstance(manifest, list) else []

    def shard_files(self) -> list[Path]:
        return sorted(p for p in self.folder.iterdir() if p.is_file() and p.name != "model.json")

    def write(self) -> None:
        """model.json as mutated (NaN and Infinity as Python's json writes them)."""
        text = self.raw_json if self.raw_json is not None else json.dumps(self.model).encode()
        (self.folder / "model.json").write_bytes(text)


def _all_slots(value: Any, path: tuple = ()) -> list[tuple]:
    """Every (container, key) of a JSON tree, depth first."""
    slots: list[tuple] = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        slots.append((value, key, (*path, key)))
        slots.extend(_all_slots(item, (*path, key)))
    return slots


def _list(value: Any) -> list:
    return list(value) if isinstance(value, list) else []


def _odd(rng: random.Random) -> Any:
    return rng.choice(ODD_VALUES)


# ---- JSON as a whole -------------------------------------------------------------------


def broken_json(rng: random.Random, case: Case) -> str:
    text = json.dumps(case.model).encode()
    how = rng.choice(["truncate", "garbage", "not utf-8", "empty", "array", "scalar", "deep"])
    if how == "truncate":
        text = text[: rng.randrange(len(text))]
    elif how == "garbage":
        at = rng.randrange(len(text))
        text = text[:at] + rng.choice([b"}", b"]", b",", b'"', b"\x00", b"{{"]) + text[at:]
    elif how == "not utf-8":
        at = rng.randrange(len(text))
        text = text[:at] + b"\xff\xfe" + text[at:]
    elif how == "empty":
        text = b""
    elif how == "array":
        text = b"[" + text + b"]"
    elif how == "scalar":
        text = rng.choice([b"null", b"1", b'"model"', b"true"])
    else:
        text = b"[" * 100_000 + b"]" * 100_000
    case.raw_json, case.model = text, None
    return f"broken JSON ({how})"


def odd_value_anywhere(rng: random.Random, case: Case) -> str:
    slots = _all_slots(case.model)
    if not slots:
        return "no slot"
    container, key, path = rng.choice(slots)
    value = _odd(rng)
    container[key] = value
    return f"{'/'.join(map(str, path))} = {value!r:.40}"


def delete_key(rng: random.Random, case: Case) -> str:
    slots = [s for s in _all_slots(case.model) if isinstance(s[0], dict)]
    if not slots:
        return "no key"
    container, key, path = rng.choice(slots)
    del container[key]
    return f"deleted {'/'.join(map(str, path))}"


def top_level_key(rng: random.Random, case: Case) -> str:
    key = rng.choice(["modelTopology", "weightsManifest", "format", "signature", "modelInitializer"])
    key = rng.choice([key, "initializerSignature", "userDefinedMetadata", "weightSpecs"])
    if rng.random() < 0.4:
        case.model.pop(key, None)
        return f"no {key}"
    case.model[key] = _odd(rng)
    return f"{key} = {case.model[key]!r:.40}"


# ---- the weights manifest ---------------------------------------------------------------


def spec_dtype(rng: random.Random, case: Case) -> str:
    specs = case.specs()
    if not specs:
        return "no weight"
    spec = rng.choice(specs)
    spec["dtype"] = rng.choice(DTYPES)
    return f"weight {spec.get('name')!r} dtype = {spec['dtype']!r}"


def spec_shape(rng: random.Random, case: Case) -> str:
    specs = case.specs()
    if not specs:
        return "no weight"
    spec = rng.choice(specs)
    shape = spec.get("shape") if isinstance(spec.get("shape"), list) else []
    how = rng.choice(["negative", "huge", "rank+", "rank-", "non-int", "zero", "string", "odd"])
    if how == "negative":
        shape = [*shape, -rng.choice([1, 2, 100])]
    elif how == "huge":
        shape = [rng.choice(HUGE) for _ in range(rng.randint(1, 3))]
    elif how == "rank+":
        shape = [*shape, 1] if rng.random() < 0.5 else [*shape, 3]
    elif how == "rank-":
        shape = shape[:-1]
    elif how == "non-int":
        shape = [*shape[:-1], rng.choice([2.5, 1.0, "3", None, True, [2], math.nan])]
    elif how == "zero":
        shape = [*shape, 0]
    elif how == "string":
        shape = "2,3"
    else:
        shape = _odd(rng)
    spec["shape"] = shape
    return f"weight {spec.get('name')!r} shape = {shape!r:.60} ({how})"


def quantization(rng: random.Random, case: Case) -> str:
    specs = case.specs()
    if not specs:
        return "no weight"
    spec = rng.choice(specs)
    qdtype = rng.choice(["uint8", "uint16", "float16", "int4", "int8", None, 8, ""])
    entry: dict[str, Any] = {"dtype": qdtype}
    if rng.random() < 0.85:
        entry["scale"] = rng.choice([*SCALARS, 0.5, 1.0])
    if rng.random() < 0.85:
        entry["min"] = rng.choice([*SCALARS, -1.0, 0.0])
    spec["quantization"] = entry if rng.random() < 0.9 else _odd(rng)
    return f"weight {spec.get('name')!r} quantization = {spec['quantization']!r:.80}"


def manifest_order(rng: random.Random, case: Case) -> str:
    groups = [g for g in case.groups() if isinstance(g.get("weights"), list) and g["weights"]]
    if not groups:
        return "no weights"
    group = rng.choice(groups)
    weights = group["weights"]
    how = rng.choice(["swap", "drop", "duplicate", "phantom", "rename", "move", "same name"])
    if how == "swap" and len(weights) > 1:
        i, j = rng.sample(range(len(weights)), 2)
        weights[i], weights[j] = weights[j], weights[i]
    elif how == "drop":
        weights.pop(rng.randrange(len(weights)))
    elif how == "duplicate":
        weights.insert(rng.randrange(len(weights) + 1), dict(rng.choice(weights)))
    elif how == "phantom":
        weights.append({"name": "phantom", "shape": [rng.randint(0, 4)], "dtype": "float32"})
    elif how == "rename" and isinstance(weights[0], dict):
        chosen = rng.choice(weights)
        if isinstance(chosen, dict):
            chosen["name"] = rng.choice(["renamed", "", "x:0", "^w"])
    elif how == "move" and len(case.groups()) > 1:
        other = rng.choice([g for g in case.groups() if g is not group])
        if isinstance(other.get("weights"), list):
            other["weights"].append(weights.pop())
    elif how == "same name" and len(weights) > 1 and all(isinstance(w, dict) for w in weights):
        weights[1]["name"] = weights[0].get("name")
    return f"manifest: {how} in a group of {len(weights)} weights"


def bad_path(rng: random.Random, case: Case) -> str:
    groups = [g for g in case.groups() if isinstance(g.get("paths"), list)]
    if not groups:
        return "no paths"
    group = rng.choice(groups)
    bait = case.folder.parent / BAIT
    path = rng.choice(
        [
            f"../{BAIT}",
            str(bait),
            bait.as_uri(),
            f"sub/../../{BAIT}",
            "missing-shard1of1.bin",
            "a_directory",
            "model.json",
            ".",
            "",
            "/",
            "http://127.0.0.1:9/weights.bin",
            "nul\x00byte.bin",
            "x" * 5000,
            f"..\\{BAIT}",
            "group1-shard2of1.bin",
        ]
    )
    if path == "a_directory":
        (case.folder / path).mkdir(exist_ok=True)
    paths = group["paths"]
    if paths and rng.random() < 0.6:
        paths[rng.randrange(len(paths))] = path
    else:
        paths.append(path)
    return f"weight path {path!r:.60}"


def shard_bytes(rng: random.Random, case: Case) -> str:
    files = case.shard_files()
    if not files:
        return "no shard"
    file = rng.choice(files)
    data = bytearray(file.read_bytes())
    how = rng.choice(["truncate", "extend", "empty", "flip", "nan", "length", "directory", "remove"])
    if how == "truncate" and data:
        data = data[: rng.randrange(len(data))]
    elif how == "extend":
        data += bytes(rng.choice([1, 3, 4, 4096]))
    elif how == "empty":
        data = bytearray()
    elif how == "flip" and data:
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif how == "nan" and len(data) >= 4:
        at = rng.randrange(len(data) // 4) * 4
        data[at : at + 4] = rng.choice([b"\x00\x00\xc0\x7f", b"\x00\x00\x80\x7f", b"\xff\xff\xff\xff"])
    elif how == "length" and len(data) >= 4:  # a string weight's length field, if it is one
        at = rng.randrange(len(data) // 4) * 4
        data[at : at + 4] = rng.choice([b"\xff\xff\xff\xff", b"\x00\x00\x00\x80", b"\x10\x00\x00\x00"])
    elif how == "directory":
        file.unlink()
        file.mkdir()
        return f"shard {file.name} is a directory"
    elif how == "remove":
        file.unlink()
        return f"shard {file.name} removed"
    file.write_bytes(bytes(data))
    return f"shard {file.name}: {how} -> {len(data)} bytes"


def plant_bait(root: Path) -> Path:
    """The file that paths escaping a case folder aim at."""
    bait = root / BAIT
    if not bait.exists():
        bait.write_bytes(os.urandom(64))
    return bait
