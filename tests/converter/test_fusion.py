"""The load-time fusion of a plan (`tfjs.converter.fusion`): Conv2D, DepthwiseConv2dNative
and MatMul with their bias add and activation as one fused node, on small model.json
fixtures written to tmp_path; which chains fuse and which do not, and that a fused plan
gives the separate nodes' numbers bit for bit."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tfjs as tf
import tfjs.converter.plan_runner as plan_runner_module
from tfjs.converter.plan_runner import build_plan

FLOAT = {"type": "DT_FLOAT"}
T = {"T": FLOAT}


def placeholder(name: str, shape: list[int]) -> dict:
    return {
        "name": name,
        "op": "Placeholder",
        "attr": {"dtype": FLOAT, "shape": {"shape": {"dim": [{"size": str(d)} for d in shape]}}},
    }


def node(name: str, op: str, inputs: list[str], **attr) -> dict:
    return {"name": name, "op": op, "input": inputs, "attr": {**T, **attr}}


def conv_attrs(**extra) -> dict:
    return {
        "strides": {"list": {"i": ["1", "1", "1", "1"]}},
        "padding": {"s": "U0FNRQ=="},  # SAME
        "data_format": {"s": "TkhXQw=="},  # NHWC
        "dilations": {"list": {"i": ["1", "1", "1", "1"]}},
        **extra,
    }


def write_model(folder: Path, nodes: list[dict], weights: dict[str, np.ndarray]) -> str:
    """A model.json (and its weights file) of `nodes` and the Const nodes of `weights`."""
    consts = [{"name": name, "op": "Const", "attr": {"dtype": FLOAT}} for name in weights]
    specs = [
        {"name": name, "shape": list(value.shape), "dtype": "float32"} for name, value in weights.items()
    ]
    data = b"".join(np.asarray(value, np.float32).tobytes() for value in weights.values())
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "weights.bin").write_bytes(data)
    model = {
        "format": "graph-model",
        "modelTopology": {"node": consts + nodes},
        "weightsManifest": [{"paths": ["weights.bin"], "weights": specs}],
    }
    (folder / "model.json").write_text(json.dumps(model))
    return str(folder / "model.json")


def values(shape: tuple[int, ...], seed: int) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def run(path: str, feeds: dict[str, np.ndarray], outputs: list[str] | None = None):
    """The outputs (as arrays) and the ops of the plan that ran."""
    model = tf.load_graph_model(path)
    try:
        tensors = {name: tf.tensor(value) for name, value in feeds.items()}
        results = model.execute(tensors, outputs)
        results = results if isinstance(results, list) else [results]
        arrays = [np.asarray(r.data_sync()).reshape(r.shape) for r in results]
        tf.dispose([*tensors.values(), *results])
        plans = list(model.executor._plans.values())
        ops = [n.op for n in plans[-1].nodes] if plans else []
        return arrays, ops
    finally:
        model.dispose()


def run_both(monkeypatch, path, feeds, outputs=None):
    """Fused, then with fusion off: the fused run's ops, after checking its outputs are
    those of the separate nodes, bit for bit."""
    fused, ops = run(path, feeds, outputs)
    with monkeypatch.context() as m:
        m.setattr(plan_runner_module, "fuse_plan", lambda steps, *_: steps)
        separate, _ = run(path, feeds, outputs)
    assert len(fused) == len(separate)
    for a, b in zip(fused, separate, strict=True):
        assert a.dtype == b.dtype and a.shape == b.shape
        assert np.array_equal(a, b)
    return ops


def conv_model(tmp_path, activation: dict | None, add_op: str = "BiasAdd", bias_first: bool = False):
    weights = {"w": values((3, 3, 2, 4), 1), "bias": values((4,), 2)}
    add_inputs = ["bias", "conv"] if bias_first else ["conv", "bias"]
    nodes = [
        placeholder("x", [1, 5, 5, 2]),
        node("conv", "Conv2D", ["x", "w"], **conv_attrs()),
        node("add", add_op, add_inputs),
    ]
    if activation is not None:
        op, extra_inputs, attr = activation["op"], activation.get("inputs", []), activation.get("attr", {})
        weights.update(activation.get("weights", {}))
        nodes.append(node("act", op, ["add", *extra_inputs], **attr))
    return write_model(tmp_path / "m", nodes, weights)


X = {"x": values((1, 5, 5, 2), 0) * 3}


@pytest.mark.parametrize(
    "activation",
    [
        None,
        {"op": "Relu"},
        {"op": "Relu6"},
        {"op": "Elu"},
        {"op": "Sigmoid"},
        {"op": "LeakyRelu", "attr": {"alpha": {"f": 0.3}}},
        {"op": "Prelu", "inputs": ["alpha"], "weights": {"alpha": values((4,), 3)}},
        {"op": "Prelu", "inputs": ["alpha"], "weights": {"alpha": values((1, 1, 4), 3)}},
    ],
)
def test_conv2d_bias_activation_fuse(tmp_path, monkeypatch, activation):
    ops = run_both(monkeypatch, conv_model(tmp_path, activation), X)
    assert ops == ["FusedConv2D"]


@pytest.mark.parametrize("add_op", ["Add", "AddV2"])
@pytest.mark.parametrize("bias_first", [False, True])
def test_conv2d_add_of_channel_constant_fuses(tmp_path, monkeypatch, add_op, bias_first):
    ops = run_both(monkeypatch, conv_model(tmp_path, {"op": "Relu"}, add_op, bias_first), X)
    assert ops == ["FusedConv2D"]


def test_depthwise_add_relu6_fuses(tmp_path, monkeypatch):
    path = write_model(
        tmp_path / "m",
        [
            placeholder("x", [1, 5, 5, 2]),
            node("dw", "DepthwiseConv2dNative", ["x", "w"], **conv_attrs()),
            node("add", "AddV2", ["dw", "bias"]),
            node("act", "Relu6", ["add"]),
        ],
        {"w": values((3, 3, 2, 2), 1), "bias": values((4,), 2)},
    )
    assert run_both(monkeypatch, path, X) == ["FusedDepthwiseConv2D"]


@pytest.mark.parametrize("transpose_b", [False, True])
def test_mat_mul_bias_leaky_relu_fuses(tmp_path, monkeypatch, transpose_b):
    w = values((6, 3), 1)
    path = write_model(
        tmp_path / "m",
        [
            placeholder("x", [2, 3]),
            node("mm", "MatMul", ["x", "w"], transpose_b={"b": transpose_b}),
            node("add", "BiasAdd", ["mm", "bias"]),
            node("act", "LeakyRelu", ["add"], alpha={"f": 0.1}),
        ],
        {"w": w if transpose_b else w.T.copy(), "bias": values((6,), 2)},
    )
    assert run_both(monkeypatch, path, {"x": values((2, 3), 0)}) == ["FusedMatMul"]


def test_other_activation_is_left_apart(tmp_path, monkeypatch):
    ops = run_both(monkeypatch, conv_model(tmp_path, {"op": "Tanh"}), X)
    assert ops == ["FusedConv2D", "Tanh"]


def test_convolution_without_bias_does_not_fuse(tmp_path, monkeypatch):
    path = write_model(
        tmp_path / "m",
        [
            placeholder("x", [1, 5, 5, 2]),
            node("conv", "Conv2D", ["x", "w"], **conv_attrs()),
            node("r", "Relu", ["conv"]),
        ],
        {"w": values((3, 3, 2, 4), 1)},
    )
    assert run_both(monkeypatch, path, X) == ["Conv2D", "Relu"]


def test_add_of_a_non_channel_constant_does_not_fuse(tmp_path, monkeypatch):
    path = write_model(
        tmp_path / "m",
        [
            placeholder("x", [1, 5, 5, 2]),
            node("conv", "Conv2D", ["x", "w"], **conv_attrs()),
            node("add", "AddV2", ["conv", "bias"]),
            node("act", "Relu", ["add"]),
        ],
        {"w": values((3, 3, 2, 4), 1), "bias": values((1,), 2)},
    )
    assert run_both(monkeypatch, path, X) == ["Conv2D", "AddV2", "Relu"]


def test_add_of_a_computed_tensor_does_not_fuse(tmp_path, monkeypatch):
    path = write_model(
        tmp_path / "m",
        [
            placeholder("x", [1, 5, 5, 2]),
            placeholder("b", [4]),
            node("conv", "Conv2D", ["x", "w"], **conv_attrs()),
            node("add", "AddV2", ["conv", "b"]),
        ],
        {"w": values((3, 3, 2, 4), 1)},
    )
    assert run_both(monkeypatch, path, {**X, "b": values((4,), 5)}) == ["Conv2D", "AddV2"]


def test_channels_first_convolution_does_not_fuse(tmp_path):
    nchw = conv_attrs(data_format={"s": "TkNIVw=="})
    path = write_model(
        tmp_path / "m",
        [
            placeholder("x", [1, 2, 5, 5]),
            node("conv", "Conv2D", ["x", "w"], **nchw),
            node("add", "BiasAdd", ["conv", "bias"], data_format={"s": "TkNIVw=="}),
        ],
        {"w": values((3, 3, 2, 4), 1), "bias": values((4,), 2)},
    )
    model = tf.load_graph_model(path)
    try:
        plan = build_plan(model.executor, {"x"}, ["add"])
        assert [n.op for n in plan.nodes] == ["Conv2D", "BiasAdd"]
    finally:
        model.dispose()


def test_shared_convolution_result_does_not_fuse(tmp_path, monkeypatch):
    path = write_model(
        tmp_path / "m",
        [
            placeholder("x", [1, 5, 5, 2]),
            node("conv", "Conv2D", ["x", "w"], **conv_attrs()),
            node("add", "BiasAdd", ["conv", "bias"]),
            node("act", "Relu", ["add"]),
            node("other", "Neg", ["conv"]),
            node("out", "AddV2", ["act", "other"]),
        ],
        {"w": values((3, 3, 2, 4), 1), "bias": values((4,), 2)},
    )
    ops = run_both(monkeypatch, path, X)
    assert "Conv2D" in ops and "BiasAdd" in ops and not any(op.startswith("Fused") for op in ops)


def test_shared_bias_add_result_fuses_without_the_activation(tmp_path, monkeypatch):
    path = write_model(
        tmp_path / "m",
        [
            placeholder("x", [1, 5, 5, 2]),
            node("conv", "Conv2D", ["x", "w"], **conv_attrs()),
            node("add", "BiasAdd", ["conv", "bias"]),
            node("act", "Relu", ["add"]),
            node("other", "Neg", ["add"]),
            node("out", "AddV2", ["act", "other"]),
        ],
        {"w": values((3, 3, 2, 4), 1), "bias": values((4,), 2)},
    )
    ops = run_both(monkeypatch, path, X)
    assert sorted(ops) == sorted(["FusedConv2D", "Relu", "Neg", "AddV2"])


def test_requested_intermediate_outputs_are_not_fused_away(tmp_path, monkeypatch):
    path = conv_model(tmp_path, {"op": "Relu"})
    assert run_both(monkeypatch, path, X, ["conv", "act"]) == ["Conv2D", "BiasAdd", "Relu"]
    # the bias add asked for: the convolution fuses into it, the activation stays apart
    assert run_both(monkeypatch, path, X, ["add", "act"]) == ["FusedConv2D", "Relu"]
    assert run_both(monkeypatch, path, X, ["add"]) == ["FusedConv2D"]
    assert run_both(monkeypatch, path, X, ["act"]) == ["FusedConv2D"]


def test_fed_intermediate_is_not_recomputed(tmp_path, monkeypatch):
    path = conv_model(tmp_path, {"op": "Relu"})
    ops = run_both(monkeypatch, path, {"add": values((1, 5, 5, 4), 7)}, ["act"])
    assert ops == ["Relu"]
