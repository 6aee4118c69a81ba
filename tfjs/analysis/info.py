"""What a model is: its format, producer, inputs and outputs, op histogram, weights by
group and dtype, and the estimated FLOPs of one inference."""

from __future__ import annotations

import dataclasses
import math
import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from tfjs.analysis.models import GRAPH_MODEL, input_specs, is_layers_model, load, load_with_artifacts
from tfjs.converter.model_graph import Graph, Node

__all__ = ["ModelInfo", "TensorSpec", "WeightGroup", "estimate_flops", "load", "model_info", "node_flops"]

# Matrix products: their MACs are (output elements) x (the length of the summed axis).
CONVOLUTIONS = frozenset({"Conv2D", "_FusedConv2D", "FusedConv2D"})
DEPTHWISE = frozenset({"DepthwiseConv2d", "DepthwiseConv2dNative", "FusedDepthwiseConv2dNative"})
MATMULS = frozenset({"MatMul", "_FusedMatMul", "FusedMatMul", "BatchMatMul", "BatchMatMulV2"})
TRANSPOSED_CONVOLUTIONS = frozenset({"Conv2DBackpropInput"})
# One FLOP per output element.
ELEMENTWISE = frozenset(
    {
        "Abs",
        "Acos",
        "Acosh",
        "Add",
        "AddV2",
        "AddN",
        "Asin",
        "Asinh",
        "Atan",
        "Atan2",
        "Atanh",
        "BiasAdd",
        "Ceil",
        "ClipByValue",
        "Cos",
        "Cosh",
        "Div",
        "DivNoNan",
        "Elu",
        "Equal",
        "Erf",
        "Exp",
        "Expm1",
        "Floor",
        "FloorDiv",
        "FloorMod",
        "Greater",
        "GreaterEqual",
        "LeakyRelu",
        "Less",
        "LessEqual",
        "Log",
        "Log1p",
        "LogicalAnd",
        "LogicalNot",
        "LogicalOr",
        "Maximum",
        "Minimum",
        "Mod",
        "Mul",
        "Neg",
        "NotEqual",
        "Pow",
        "Prelu",
        "RealDiv",
        "Reciprocal",
        "Relu",
        "Relu6",
        "Round",
        "Rsqrt",
        "Selu",
        "Sigmoid",
        "Sign",
        "Sin",
        "Sinh",
        "Softplus",
        "Sqrt",
        "Square",
        "SquaredDifference",
        "Sub",
        "Tan",
        "Tanh",
        "Select",
        "SelectV2",
        "Where",
    }
)
BATCH_NORMS = frozenset({"FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3"})


@dataclass
class TensorSpec:
    """A model input or output: name, shape (-1: unknown size; None: unknown rank), dtype."""

    name: str
    shape: list[int] | None
    dtype: str | None


@dataclass
class WeightGroup:
    """One group of the weights manifest: its shard files and what they hold."""

    paths: list[str]
    weights: int
    parameters: int
    bytes: int
    dtypes: dict[str, int]  # stored dtype -> bytes


@dataclass
class ModelInfo:
    """What `model_info` found in a model: see its fields' comments."""

    path: str
    kind: str  # "graph-model" or "layers-model"
    format: str | None
    generated_by: str | None
    converted_by: str | None
    inputs: list[TensorSpec]
    outputs: list[TensorSpec]
    op_histogram: dict[str, int]  # TF op (a layers model: layer class) -> count, most frequent first
    weights: int
    parameters: int
    weight_bytes: int
    bytes_by_dtype: dict[str, int]  # stored dtype ("float32", "uint8" for quantized...) -> bytes
    quantization: dict[str, int]  # quantized dtype ("uint8", "uint16", "float16") -> weights
    groups: list[WeightGroup]
    flops: int | None  # estimated FLOPs of one inference (None: unknown)
    keras_version: str | None = None  # a layers model's producer (its modelTopology's)
    backend: str | None = None
    summary: list[str] = dataclasses.field(default_factory=list)  # a layers model's summary() lines

    def to_dict(self) -> dict[str, Any]:
        """The info as plain JSON-ready values."""
        return dataclasses.asdict(self)


def _manifest(path: str) -> list[dict[str, Any]] | None:
    """The weights manifest of a model.json on disk (None when `path` is not a local file)."""
    from tfjs import io

    try:
        json_path = io.FileSystem(path).model_json_path()
        with open(json_path, "rb") as handle:
            return io.parse_model_json(handle.read(), json_path).get("weightsManifest") or []
    except (OSError, ValueError):
        return None


def _stored(spec: Mapping[str, Any]) -> tuple[str, int, int]:
    """A weight's stored dtype, its parameters and its bytes in the shard."""
    from tfjs.io.model_json import fixed_byte_length

    parameters = math.prod(spec["shape"])
    dtype = spec["quantization"]["dtype"] if "quantization" in spec else spec["dtype"]
    return dtype, parameters, fixed_byte_length(spec) or 0  # strings: their length is in the data


def _weight_totals(specs: list[Mapping[str, Any]]) -> tuple[int, dict[str, int]]:
    parameters, by_dtype = 0, Counter()
    for spec in specs:
        dtype, count, size = _stored(spec)
        parameters += count
        by_dtype[dtype] += size
    return parameters, dict(by_dtype)


def _histogram(graph: Graph) -> Counter[str]:
    counts = Counter(node.op for node in graph.nodes.values())
    for function in graph.functions.values():
        counts += _histogram(function)
    return counts


def model_info(path: str, shapes: Mapping[str, list[int]] | None = None) -> ModelInfo:
    """Describes the model at `path` (a graph or layers model): format, producer, inputs
    and outputs (an output's unknown shape and dtype are the ones one run gives), the op
    histogram (library functions included; a layers model: its layer classes, with
    Keras's `summary()` lines in `summary`), the weights (count, parameters, stored bytes by dtype,
    quantization) overall and per manifest group, and the estimated FLOPs of one
    inference on `make_inputs(model, shapes)` (see `estimate_flops`, and
    `estimate_kernel_flops` for a layers model; None when the model cannot be run without
    more shapes).

    >>> info = model_info("tests/analysis/fixtures/conv/model.json")
    >>> info.weights, info.parameters, info.quantization, info.flops
    (2, 112, {'uint8': 1}, 8064)
    """
    from tfjs.analysis.layers_info import layers_details

    model, artifacts = load_with_artifacts(path)
    try:
        specs = list(artifacts.weight_specs or [])
        parameters, by_dtype = _weight_totals(specs)
        groups = []
        for group in _manifest(os.fspath(path)) or []:
            group_parameters, group_bytes = _weight_totals(group["weights"])
            groups.append(
                WeightGroup(
                    list(group["paths"]),
                    len(group["weights"]),
                    group_parameters,
                    sum(group_bytes.values()),
                    group_bytes,
                )
            )
        quantization = Counter(spec["quantization"]["dtype"] for spec in specs if "quantization" in spec)
        details = (
            layers_details(model, artifacts, shapes)
            if is_layers_model(model)
            else _graph_details(model, shapes)
        )
        histogram = details.pop("op_histogram")
        return ModelInfo(
            path=os.fspath(path),
            format=artifacts.format,
            generated_by=artifacts.generated_by,
            converted_by=artifacts.converted_by,
            op_histogram=dict(sorted(histogram.items(), key=lambda item: (-item[1], item[0]))),
            weights=len(specs),
            parameters=parameters,
            weight_bytes=sum(by_dtype.values()),
            bytes_by_dtype=dict(sorted(by_dtype.items(), key=lambda item: -item[1])),
            quantization=dict(quantization),
            groups=groups,
            **details,
        )
    finally:
        model.dispose()


def _graph_details(model: Any, shapes: Mapping[str, list[int]] | None) -> dict[str, Any]:
    """A graph model's kind, inputs and outputs, op histogram and FLOPs (from one run
    keeping every node's values)."""
    from tfjs.analysis.inputs import make_inputs, run_keeping

    values = flops = None
    try:
        inputs = make_inputs(model, shapes)
    except ValueError:
        inputs = None
    if inputs is not None:
        try:
            values = run_keeping(model, inputs)
        finally:
            for tensor in inputs.values():
                tensor.dispose()
        flops = estimate_flops(model.executor.graph, values)
    return {
        "kind": GRAPH_MODEL,
        "inputs": input_specs(model),
        "outputs": [_output_spec(o, values) for o in model.outputs],
        "op_histogram": _histogram(model.executor.graph),
        "flops": flops,
    }


def _output_spec(output: Any, values: Mapping[str, list[np.ndarray | None]] | None) -> TensorSpec:
    shape, dtype = output.shape, output.dtype
    name, _, index = output.name.partition(":")
    produced = (values or {}).get(name)
    if produced and (shape is None or dtype is None):
        array = produced[int(index or 0)] if int(index or 0) < len(produced) else None
        if array is not None:
            shape = list(array.shape) if shape is None else shape
            dtype = dtype or _dtype_name(array)
    return TensorSpec(output.name, shape, dtype)


def _dtype_name(array: np.ndarray) -> str:
    if array.dtype == np.bool_:
        return "bool"
    if np.issubdtype(array.dtype, np.integer):
        return "int32"
    if np.issubdtype(array.dtype, np.complexfloating):
        return "complex64"
    return "string" if array.dtype == object else "float32"


def node_flops(node: Node, values: Mapping[str, list[np.ndarray | None]]) -> int:
    """The estimated FLOPs of one graph node from its attributes and the shapes of its
    inputs and outputs in one run (`values`: {node name: [array per output]}); see
    `estimate_flops` for the rule."""

    def shape_of(position: int) -> tuple[int, ...] | None:
        if position >= len(node.inputs):
            return None
        name, index = node.inputs[position]
        arrays = values.get(name) or []
        array = arrays[index] if index < len(arrays) else None
        return None if array is None else array.shape

    outputs = [a for a in values.get(node.name) or [] if a is not None]
    if not outputs:
        return 0
    out_size = int(outputs[0].size)
    fused = len(node.keywords.get("fused_ops") or ())
    op = node.op
    if op in CONVOLUTIONS or op in DEPTHWISE:
        filter_shape = shape_of(1)
        if filter_shape is None or len(filter_shape) != 4:
            return 0
        kh, kw, channels = filter_shape[:3]
        window = kh * kw * (channels if op in CONVOLUTIONS else 1)
        return 2 * out_size * window + fused * out_size
    if op in MATMULS:
        a = shape_of(0)
        if a is None or len(a) < 2:
            return 0
        transposed = node.keywords.get("transpose_a") or node.keywords.get("adj_x")
        return 2 * out_size * a[-2 if transposed else -1] + fused * out_size
    if op in TRANSPOSED_CONVOLUTIONS:
        filter_shape, dy = shape_of(1), shape_of(2)
        if filter_shape is None or dy is None:
            return 0
        return 2 * math.prod(dy) * filter_shape[0] * filter_shape[1] * filter_shape[2]
    if op in BATCH_NORMS:
        return 2 * out_size
    if op in ELEMENTWISE:
        return sum(int(a.size) for a in outputs)
    return 0


def estimate_flops(graph: Graph, values: Mapping[str, list[np.ndarray | None]]) -> int:
    """The estimated FLOPs of one run of `graph`, given every node's values in that run
    (`run_keeping`). The rule, per node: 2 x MACs for Conv2D, DepthwiseConv2dNative,
    their fused forms, MatMul, BatchMatMul and Conv2DBackpropInput (MACs: output elements
    x filter height x width x input channels — x 1 for depthwise —, or x the summed
    length for a matrix product; for Conv2DBackpropInput, dy's elements x filter height
    x width x input channels), plus one per output element for each op fused in; one
    per output element for element-wise ops (arithmetic, activations, comparisons,
    BiasAdd); two per element for batch normalisation; nothing for the rest (reshapes,
    copies, gathers, pooling, reductions)."""
    return sum(node_flops(node, values) for node in graph.nodes.values())
