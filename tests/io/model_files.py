"""Writes small model.json + weight shard fixtures into a folder, as TF.js's converter
lays them out (groupN-shardKofM files of at most `shard_size` bytes)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

GRAPH_TOPOLOGY = {
    "node": [
        {"name": "x", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}}},
        {"name": "w", "op": "Const", "attr": {"dtype": {"type": "DT_FLOAT"}}},
        {"name": "y", "op": "MatMul", "input": ["x", "w"]},
    ],
    "library": {},
    "versions": {"producer": 1474},
}


def spec(name: str, dtype: str, shape: list[int], quantization: dict | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": name, "shape": shape, "dtype": dtype}
    if quantization is not None:
        entry["quantization"] = quantization
    return entry


def strings_bytes(values: list[str]) -> bytes:
    """TF.js's encoding of a string weight: each string's byte length (uint32 LE), then its bytes."""
    return b"".join(len(v.encode()).to_bytes(4, "little") + v.encode() for v in values)


def write_model(
    folder: Path,
    groups: list[list[tuple[dict[str, Any], bytes]]],
    *,
    shard_size: int = 4 * 1024 * 1024,
    extra: dict[str, Any] | None = None,
    file_name: str = "model.json",
) -> Path:
    """Writes `groups` (lists of (spec, bytes)) as weight shards and a model.json
    listing them; returns the path of model.json."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest = []
    for index, group in enumerate(groups):
        data = b"".join(chunk for _, chunk in group)
        pieces = [data[i : i + shard_size] for i in range(0, len(data), shard_size)] or [b""]
        paths = [f"group{index + 1}-shard{k + 1}of{len(pieces)}.bin" for k in range(len(pieces))]
        for path, piece in zip(paths, pieces, strict=True):
            (folder / path).write_bytes(piece)
        manifest.append({"paths": paths, "weights": [entry for entry, _ in group]})
    model_json = {
        "format": "graph-model",
        "generatedBy": "2.15.0",
        "convertedBy": "TensorFlow.js Converter v4.22.0",
        "modelTopology": GRAPH_TOPOLOGY,
        "weightsManifest": manifest,
        **(extra or {}),
    }
    path = folder / file_name
    path.write_text(json.dumps(model_json))
    return path


def small_model(folder: Path, **kwargs: Any) -> Path:
    """A model with two groups: float32 + int32 + bool, and uint8/float16-quantized weights."""
    w = np.arange(6, dtype="<f4").reshape(2, 3) / 4
    groups = [
        [
            (spec("w", "float32", [2, 3]), w.tobytes()),
            (spec("k", "int32", [2]), np.array([7, -8], "<i4").tobytes()),
            (spec("flag", "bool", [3]), bytes([1, 0, 1])),
        ],
        [
            (spec("q", "float32", [4], {"dtype": "uint8", "scale": 0.5, "min": -1.0}), bytes([0, 1, 2, 255])),
            (spec("h", "float32", [2], {"dtype": "float16"}), np.array([1.5, -2], "<f2").tobytes()),
        ],
    ]
    return write_model(folder, groups, **kwargs)
