"""What a layers model is, beside what `model_info` reads from any model.json: its
producer (Keras version and backend), its layer classes, Keras's `summary()` table, and
the estimated FLOPs of one `predict`, counted from the kernels `tf.profile` saw."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from tfjs.analysis.info import BATCH_NORMS, ELEMENTWISE, MATMULS, TensorSpec
from tfjs.analysis.models import LAYERS_MODEL, call_model, input_specs, output_specs

# TF.js kernel names (what tf.profile records) that differ from the TF op names of a graph.
CONVOLUTION_KERNELS = frozenset({"Conv2D", "FusedConv2D", "Conv3D"})
DEPTHWISE_KERNELS = frozenset({"DepthwiseConv2dNative", "FusedDepthwiseConv2D"})
TRANSPOSED_KERNELS = frozenset({"Conv2DBackpropInput", "Conv3DBackpropInputV2"})
ELEMENTWISE_KERNELS = ELEMENTWISE | {"Multiply"}


def kernel_flops(name: str, input_shapes: list[Any], output_shapes: list[Any]) -> int:
    """The estimated FLOPs of one kernel run, from its name and the shapes `tf.profile`
    recorded (`KernelRecord.input_shapes`/`output_shapes`), by `estimate_flops`'s rule:
    2 x MACs for convolutions (output elements x the filter's window x input channels; x
    1 for depthwise) and matrix products (output elements x the summed length); dy's
    elements x the filter's window x its channels for a transposed convolution; one per
    output element for element-wise kernels, two for batch normalisation; else nothing.
    A fused kernel adds one per output element for each input beyond its two operands
    (bias, PReLU weights); an activation without weights is not in the record, so it is
    not counted. The filter is a convolution's last input, a matrix product's operands
    its last two (the order TF.js's ops give them, extras first).

    >>> kernel_flops("Conv2D", [(1, 8, 8, 3), (3, 3, 3, 2)], [(1, 6, 6, 2)])
    3888
    >>> kernel_flops("BatchMatMul", [(1, 72), (72, 3)], [(1, 3)]), kernel_flops("Reshape", [(1, 72)], [(72,)])
    (432, 0)
    """
    if not output_shapes or output_shapes[0] is None or any(s is None for s in input_shapes):
        return 0
    out_size = math.prod(output_shapes[0])
    if (
        len(input_shapes) >= 2
        and name in CONVOLUTION_KERNELS | DEPTHWISE_KERNELS | TRANSPOSED_KERNELS | MATMULS
    ):
        extras = (len(input_shapes) - 2) * out_size
        first, last = input_shapes[0], input_shapes[-1]
        if name in CONVOLUTION_KERNELS:
            return 2 * out_size * math.prod(last[:-1]) + extras
        if name in DEPTHWISE_KERNELS:
            return 2 * out_size * math.prod(last[:-2]) + extras
        if name in TRANSPOSED_KERNELS:
            return 2 * math.prod(first) * math.prod(last[:-1])
        a, rows = input_shapes[-2], output_shapes[0][-2] if len(output_shapes[0]) >= 2 else 1
        if len(a) < 2:
            return 0
        summed = a[-1] if a[-2] == rows else a[-2]  # a is [.., rows, summed] or, transposed, the other way
        return 2 * out_size * summed + extras
    if name in BATCH_NORMS:
        return 2 * out_size
    if name in ELEMENTWISE_KERNELS:
        return sum(math.prod(shape) for shape in output_shapes if shape is not None)
    return 0


def estimate_kernel_flops(records: Iterable[Any]) -> int:
    """The estimated FLOPs of the kernels in `records` (`tf.profile(...).kernels`), summed
    by `kernel_flops`."""
    return sum(kernel_flops(r.name, r.input_shapes, r.output_shapes) for r in records)


def summary_lines(model: Any) -> list[str]:
    """Keras's `summary()` table of a layers model, line by line (through `print_fn`)."""
    lines: list[str] = []
    model.summary(print_fn=lines.append)
    return lines


def layer_classes(model: Any) -> Counter[str]:
    """How many layers of each class the model holds (its nested models' layers included)."""
    counts: Counter[str] = Counter()
    for layer in model.layers:
        inner = getattr(layer, "layers", None)
        counts += layer_classes(layer) if inner is not None else Counter([layer.class_name])
    return counts


def _predict_flops(model: Any, shapes: Mapping[str, list[int]] | None) -> tuple[int | None, list[Any]]:
    """The estimated FLOPs of one `predict` on `make_inputs(model, shapes)` and the
    outputs' shapes and dtypes it gave (None and [] when the inputs need more shapes)."""
    from tfjs.analysis.inputs import make_inputs
    from tfjs.profiler import profile

    try:
        inputs = make_inputs(model, shapes)
    except ValueError:
        return None, []
    produced: list[Any] = []

    def run() -> None:
        outputs = call_model(model, inputs)
        produced.extend((list(t.shape), t.dtype) for t in outputs)
        for tensor in outputs:
            tensor.dispose()

    try:
        records = profile(run).kernels
    finally:
        for tensor in inputs.values():
            tensor.dispose()
    return estimate_kernel_flops(records), produced


def layers_details(model: Any, artifacts: Any, shapes: Mapping[str, list[int]] | None) -> dict[str, Any]:
    """The `ModelInfo` fields particular to a layers model: kind, producer, inputs and
    outputs (by layer name; an output of unknown rank gets the shape one run gives), layer
    class histogram, summary lines and estimated FLOPs."""
    topology = artifacts.model_topology if isinstance(artifacts.model_topology, Mapping) else {}
    flops, produced = _predict_flops(model, shapes)
    outputs = output_specs(model)
    for i, (shape, dtype) in enumerate(produced[: len(outputs)]):
        if outputs[i].shape is None:
            outputs[i] = TensorSpec(outputs[i].name, shape, outputs[i].dtype or dtype)
    return {
        "kind": LAYERS_MODEL,
        "inputs": input_specs(model),
        "outputs": outputs,
        "op_histogram": layer_classes(model),
        "flops": flops,
        "keras_version": topology.get("keras_version"),
        "backend": topology.get("backend"),
        "summary": summary_lines(model),
    }
