"""model.json: parsing, checking its weight manifest, and converting it to and from
ModelArtifacts (TF.js's io_utils getModelArtifactsForJSON and friends).

Every check runs before a byte of weights is read, and each error names the file, the
weight or group and what is wrong."""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Callable, Mapping
from typing import Any

from tfjs.io.types import (
    DTYPE_VALUE_SIZE_MAP,
    JSON_KEYS,
    QUANTIZATION_DTYPES,
    WEIGHT_DTYPES,
    ModelArtifacts,
    ModelArtifactsInfo,
    WeightData,
    WeightsManifestConfig,
    WeightsManifestEntry,
    buffer_byte_length,
)


def parse_model_json(text: str | bytes, source: str = "model.json") -> dict[str, Any]:
    """model.json's text as a dict, checked: valid JSON, an object, a model topology or
    a weights manifest, and a well-formed manifest. `source` names the file in errors."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise ValueError(f"{source} is not UTF-8 text (byte {error.start}): not a model.json") from None
    try:
        model_json = json.loads(text)
    except RecursionError:
        raise ValueError(
            f"Failed to parse model JSON of {source}: its arrays or objects nest too deeply"
        ) from None
    except json.JSONDecodeError as error:
        hint = ""
        if source.endswith(".pb"):
            hint = (
                " Support for .pb models was removed in TensorFlow.js 1.0 in favor of .json models: "
                "re-convert the model with a TensorFlow.js 1.0+ converter."
            )
        raise ValueError(
            f"Failed to parse model JSON of {source}: {error.msg} at line {error.lineno} "
            f"column {error.colno}.{hint}"
        ) from None
    check_model_json(model_json, source)
    return model_json


def check_model_json(model_json: Any, source: str = "model.json") -> None:
    """Raises a ValueError naming what is wrong in a parsed model.json."""
    if not isinstance(model_json, dict):
        raise ValueError(f"{source} must hold a JSON object, got {type(model_json).__name__}")
    if model_json.get("modelTopology") is None and model_json.get("weightsManifest") is None:
        raise ValueError(f"The JSON from {source} contains neither model topology or manifest for weights.")
    topology = model_json.get("modelTopology")
    if topology is not None and not isinstance(topology, dict):
        raise ValueError(f"{source}: modelTopology must be a JSON object, got {type(topology).__name__}")
    for key in ("format", "generatedBy", "convertedBy"):
        value = model_json.get(key)
        if value is not None and not isinstance(value, str):
            raise ValueError(f"{source}: {key} must be a string, got {value!r}")
    objects = ("signature", "userDefinedMetadata", "modelInitializer", "initializerSignature")
    objects += ("trainingConfig",)
    for key in objects:
        value = model_json.get(key)
        if value is not None and not isinstance(value, dict):
            raise ValueError(f"{source}: {key} must be a JSON object, got {type(value).__name__}")
    if model_json.get("weightsManifest") is not None:
        check_weights_manifest(model_json["weightsManifest"], source)


def check_weights_manifest(manifest: Any, source: str = "model.json") -> None:
    """Raises a ValueError naming the group or weight of `manifest` that is malformed."""
    if not isinstance(manifest, list):
        raise ValueError(f"{source}: weightsManifest must be a list of groups, got {type(manifest).__name__}")
    for index, group in enumerate(manifest):
        where = f"{source}: weight group {index}"
        if not isinstance(group, dict):
            raise ValueError(f"{where} must be an object with 'paths' and 'weights', got {group!r:.80}")
        paths, weights = group.get("paths"), group.get("weights")
        if not isinstance(paths, list) or not all(isinstance(p, str) and p for p in paths):
            raise ValueError(f"{where}: 'paths' must be a list of file names, got {paths!r:.200}")
        if not isinstance(weights, list):
            raise ValueError(f"{where}: 'weights' must be a list of weight entries, got {weights!r:.200}")
        if weights and not paths:
            raise ValueError(f"{where} lists {len(weights)} weights but no weight files ('paths' is empty)")
        check_weight_specs(weights, where)
    names = [spec["name"] for group in manifest for spec in group["weights"]]
    if len(set(names)) != len(names):
        twice = sorted({name for name in names if names.count(name) > 1})
        raise ValueError(f"{source}: weights named {twice} appear in more than one weight group")


def check_weight_specs(specs: Any, where: str = "weight specs") -> None:
    """Raises a ValueError for the first malformed entry: name, shape, dtype or
    quantization (TF.js's messages where TF.js has one)."""
    if not isinstance(specs, (list, tuple)):
        raise ValueError(f"{where}: weight specs must be a list, got {type(specs).__name__}")
    seen: set[str] = set()
    for spec in specs:
        if not isinstance(spec, Mapping) or not isinstance(spec.get("name"), str):
            raise ValueError(f"{where}: each weight entry needs a string 'name', got {spec!r:.200}")
        name, shape, dtype = spec["name"], spec.get("shape"), spec.get("dtype")
        if name in seen:
            raise ValueError(f"{where}: two weights are named '{name}'")
        seen.add(name)
        if not isinstance(shape, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in shape
        ):
            raise ValueError(
                f"{where}: weight '{name}' has shape {shape!r}; expected a list of non-negative ints"
            )
        if dtype not in WEIGHT_DTYPES:
            raise ValueError(
                f"{where}: Unsupported dtype in weight '{name}': {dtype} "
                f"(supported: {', '.join(WEIGHT_DTYPES)})"
            )
        if "quantization" in spec:
            _check_quantization(spec, where)


def _check_quantization(spec: Mapping[str, Any], where: str) -> None:
    name, dtype, quantization = spec["name"], spec["dtype"], spec["quantization"]
    qdtype = quantization.get("dtype") if isinstance(quantization, Mapping) else None
    if qdtype not in QUANTIZATION_DTYPES:
        raise ValueError(
            f"{where}: Weight {name} has unknown quantization dtype {qdtype}. "
            "Supported quantization dtypes are: 'uint8', 'uint16', and 'float16'."
        )
    if qdtype in ("uint8", "uint16"):
        scale, low = quantization.get("scale"), quantization.get("min")
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (scale, low)):
            raise ValueError(
                f"{where}: Weight {name} with quantization {qdtype} doesn't have corresponding metadata "
                f"min and scale. (min: {low!r}, scale: {scale!r})"
            )
        if dtype not in ("float32", "int32"):
            raise ValueError(
                f"{where}: Unsupported dtype in weight '{name}': {dtype} (quantized with {qdtype})"
            )
    elif dtype != "float32":
        raise ValueError(
            f"{where}: Weight {name} is quantized with {qdtype} which only supports weights of type "
            f"float32 not {dtype}."
        )


def fixed_byte_length(spec: Mapping[str, Any]) -> int | None:
    """The bytes a (checked) weight takes in its shard; None for strings, whose length
    is read from the data."""
    if "quantization" in spec:
        per_value = DTYPE_VALUE_SIZE_MAP[spec["quantization"]["dtype"]]
    elif spec["dtype"] == "string":
        return None
    else:
        per_value = DTYPE_VALUE_SIZE_MAP[spec["dtype"]]
    return math.prod(spec["shape"]) * per_value


def group_byte_length(weights: list[WeightsManifestEntry]) -> int | None:
    """The bytes a group's shards hold together; None when it has string weights."""
    lengths = [fixed_byte_length(spec) for spec in weights]
    return None if None in lengths else sum(lengths)  # type: ignore[arg-type]


def get_weight_specs(manifest: WeightsManifestConfig) -> list[WeightsManifestEntry]:
    """The weight entries of every group of `manifest`, in order."""
    return [spec for group in manifest for spec in group["weights"]]


def get_model_artifacts_for_json(
    model_json: Mapping[str, Any],
    load_weights: Callable[[WeightsManifestConfig], tuple[list[WeightsManifestEntry], WeightData]]
    | None = None,
) -> ModelArtifacts:
    """ModelArtifacts from a parsed model.json; `load_weights(manifest)` reads the
    weights and returns `(weight_specs, weight_data)`."""
    specs = data = None
    if model_json.get("weightsManifest") is not None:
        if load_weights is None:
            raise ValueError("modelJSON has weightsManifest but no function to load its weights was given")
        specs, data = load_weights(model_json["weightsManifest"])
    return get_model_artifacts_for_json_sync(model_json, specs, data)


def get_model_artifacts_for_json_sync(
    model_json: Mapping[str, Any],
    weight_specs: list[WeightsManifestEntry] | None = None,
    weight_data: WeightData = None,
) -> ModelArtifacts:
    """ModelArtifacts from a parsed model.json and its already read weights."""
    artifacts = ModelArtifacts(**{field: model_json.get(key) for key, field in JSON_KEYS.items()})
    if model_json.get("weightsManifest") is not None:
        if weight_specs is None:
            raise ValueError("modelJSON has weightsManifest but weightSpecs is null")
        if weight_data is None:
            raise ValueError("modelJSON has weightsManifest but weightData is null")
        artifacts.weight_specs = weight_specs
        artifacts.weight_data = weight_data
    return artifacts


def get_model_json_for_model_artifacts(
    artifacts: ModelArtifacts, manifest: WeightsManifestConfig
) -> dict[str, Any]:
    """The model.json describing `artifacts`, whose weights `manifest` places in files."""
    result: dict[str, Any] = {
        "modelTopology": artifacts.model_topology,
        "format": artifacts.format,
        "generatedBy": artifacts.generated_by,
        "convertedBy": artifacts.converted_by,
        "weightsManifest": manifest,
    }
    for key, name in JSON_KEYS.items():
        value = getattr(artifacts, name)
        if key not in result and value is not None:
            result[key] = value
    return result


def get_model_artifacts_info_for_json(artifacts: ModelArtifacts) -> ModelArtifactsInfo:
    """The sizes TF.js reports for a saved model with a JSON topology."""
    if isinstance(artifacts.model_topology, (bytes, bytearray, memoryview)):
        raise ValueError("Expected JSON model topology, received ArrayBuffer.")

    def json_bytes(value: Any) -> int:
        return 0 if value is None else len(json.dumps(value, separators=(",", ":")).encode("utf-8"))

    return ModelArtifactsInfo(
        date_saved=datetime.datetime.now(),
        model_topology_type="JSON",
        model_topology_bytes=json_bytes(artifacts.model_topology),
        weight_specs_bytes=json_bytes(artifacts.weight_specs),
        weight_data_bytes=buffer_byte_length(artifacts.weight_data),
    )
