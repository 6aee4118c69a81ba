"""What `tf.io` passes around: TF.js's `ModelArtifacts`, `SaveResult` and the weight
manifest's vocabulary, with snake_case fields."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np

# Bytes per value of each dtype a weight shard may hold (TF.js's DTYPE_VALUE_SIZE_MAP).
DTYPE_VALUE_SIZE_MAP: dict[str, int] = {
    "float32": 4,
    "float16": 2,
    "int32": 4,
    "uint16": 2,
    "uint8": 1,
    "bool": 1,
    "complex64": 8,
}
WEIGHT_DTYPES: tuple[str, ...] = ("float32", "int32", "bool", "string", "complex64")
QUANTIZATION_DTYPES: tuple[str, ...] = ("uint8", "uint16", "float16")
# Bytes before each string of a string weight: its length, a little-endian uint32.
NUM_BYTES_STRING_LENGTH = 4

# A weight manifest entry as model.json holds it: {"name", "shape", "dtype",
# "quantization"?: {"dtype", "scale"?, "min"?}, "group"?}.
WeightsManifestEntry = dict[str, Any]
# model.json's "weightsManifest": groups of {"paths": [...], "weights": [entries]}.
WeightsManifestConfig = list[dict[str, Any]]
# Bytes: one buffer (bytes, bytearray, memoryview, a NumPy array) or a list of them.
WeightData = Any

# model.json's keys and the ModelArtifacts fields they fill.
JSON_KEYS: dict[str, str] = {
    "modelTopology": "model_topology",
    "trainingConfig": "training_config",
    "format": "format",
    "generatedBy": "generated_by",
    "convertedBy": "converted_by",
    "signature": "signature",
    "userDefinedMetadata": "user_defined_metadata",
    "modelInitializer": "model_initializer",
    "initializerSignature": "initializer_signature",
}


@dataclass
class ModelArtifacts:
    """A model as loaded or about to be saved: its topology, weight specs and bytes.

    The fields are TF.js's `ModelArtifacts` in snake_case: `model_topology` (the graph's
    `{"node", "library", "versions"}` or a layers model's config), `weight_specs` (the
    manifest entries of every weight, in the order of `weight_data`), `weight_data` (one
    buffer per weight group, read without copies; `tf.io.decode_weights(weight_data,
    weight_specs)` turns them into tensors), and model.json's other keys.
    """

    model_topology: Any = None
    training_config: dict[str, Any] | None = None
    weight_specs: list[WeightsManifestEntry] | None = None
    weight_data: WeightData = None
    format: str | None = None
    generated_by: str | None = None
    converted_by: str | None = None
    signature: dict[str, Any] | None = None
    user_defined_metadata: dict[str, Any] | None = None
    model_initializer: dict[str, Any] | None = None
    initializer_signature: dict[str, Any] | None = None

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> ModelArtifacts:
        """ModelArtifacts from a dict with TF.js's camelCase keys (`modelTopology`,
        `weightSpecs`, `weightData`...) or these snake_case ones."""
        names = {f.name for f in fields(cls)}
        aliases = {**JSON_KEYS, "weightSpecs": "weight_specs", "weightData": "weight_data"}
        kwargs: dict[str, Any] = {}
        for key, value in values.items():
            name = aliases.get(key, key)
            if name not in names:
                raise ValueError(f"ModelArtifacts has no field {key!r}; fields: {sorted(names)}")
            kwargs[name] = value
        return cls(**kwargs)


@dataclass
class ModelArtifactsInfo:
    """What a save wrote (TF.js's ModelArtifactsInfo)."""

    date_saved: datetime.datetime
    model_topology_type: str  # "JSON" or "GraphDef"
    model_topology_bytes: int | None = None
    weight_specs_bytes: int | None = None
    weight_data_bytes: int | None = None


@dataclass
class SaveResult:
    """What a save handler returns (TF.js's SaveResult)."""

    model_artifacts_info: ModelArtifactsInfo
    responses: list[Any] | None = None
    errors: list[Any] | None = field(default=None)


# Anything with a `load()` returning ModelArtifacts and/or a `save(artifacts)` returning a
# SaveResult (TF.js's IOHandler).
IOHandler = Any
LoadHandler = Callable[[], ModelArtifacts]
SaveHandler = Callable[[ModelArtifacts], Any]


def buffer_byte_length(data: WeightData) -> int:
    """The number of bytes in one buffer or a list of buffers."""
    if data is None:
        return 0
    if isinstance(data, (list, tuple)):
        return sum(buffer_byte_length(item) for item in data)
    if isinstance(data, np.ndarray):
        return data.nbytes
    return memoryview(data).nbytes
