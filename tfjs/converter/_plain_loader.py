"""A stand-in model.json reader used until `tfjs.io` is there (plain and quantized weights)."""

from __future__ import annotations

import json
import os
from types import SimpleNamespace
from typing import Any

import numpy as np

from tfjs.engine import ENGINE
from tfjs.tensor import Tensor

_NP = {"float32": np.float32, "int32": np.int32, "bool": np.bool_}
_Q = {"uint8": np.uint8, "uint16": np.uint16, "float16": np.float16}


def load_plain(path: str) -> tuple[Any, dict[str, Tensor]]:
    path = str(path)
    if path.startswith("file://"):
        path = path[7:]
    if os.path.isdir(path):
        path = os.path.join(path, "model.json")
    with open(path) as f:
        model = json.load(f)
    folder = os.path.dirname(path)
    specs, buffers = [], []
    for group in model.get("weightsManifest") or []:
        specs.extend(group["weights"])
        data = b"".join(open(os.path.join(folder, p), "rb").read() for p in group["paths"])
        buffers.append((group["weights"], data))
    weights = {}
    for group_specs, data in buffers:
        offset = 0
        for spec in group_specs:
            size = int(np.prod(spec["shape"])) if spec["shape"] else 1
            q = spec.get("quantization")
            if q:
                raw = np.frombuffer(data, _Q[q["dtype"]], size, offset)
                offset += size * raw.itemsize
                values = raw.astype(np.float32) if q["dtype"] == "float16" else raw * q["scale"] + q["min"]
                if spec["dtype"] == "int32" and q["dtype"] != "float16":
                    values = np.round(values)
            else:
                raw = np.frombuffer(data, _NP[spec["dtype"]], size, offset)
                offset += raw.nbytes
                values = raw
            values = np.asarray(values).astype(_NP[spec["dtype"]]).reshape(spec["shape"])
            weights[spec["name"]] = ENGINE.make_tensor(values, spec["dtype"], "load_graph_model")
    artifacts = SimpleNamespace(
        model_topology=model.get("modelTopology"),
        format=model.get("format"),
        generated_by=model.get("generatedBy"),
        converted_by=model.get("convertedBy"),
        signature=model.get("signature"),
        user_defined_metadata=model.get("userDefinedMetadata"),
        model_initializer=model.get("modelInitializer"),
        initializer_signature=model.get("initializerSignature"),
        weight_specs=specs,
    )
    return artifacts, weights
