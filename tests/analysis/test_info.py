"""model_info, load and the FLOPs estimate."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.analysis.conftest import ADD_MUL, fixture
from tfjs.analysis import ModelInfo, load, model_info
from tfjs.analysis.info import node_flops
from tfjs.converter.model_graph import Node


def test_conv_model_info():
    info = model_info(fixture("conv"))
    assert isinstance(info, ModelInfo)
    assert (info.kind, info.format, info.generated_by) == ("graph-model", "graph-model", "hand")
    assert info.converted_by == "tests/analysis/fixtures/make_fixtures.py"
    assert [(i.name, i.shape, i.dtype) for i in info.inputs] == [("x", [-1, 8, 8, 3], "float32")]
    # The graph does not say the output's shape: one run does (VALID 3x3 on 8x8).
    assert [(o.name, o.shape, o.dtype) for o in info.outputs] == [("out", [1, 6, 6, 4], "float32")]
    assert info.op_histogram == {
        "Const": 2,
        "BiasAdd": 1,
        "Conv2D": 1,
        "Identity": 1,
        "Placeholder": 1,
        "Relu": 1,
    }
    assert next(iter(info.op_histogram)) == "Const"
    # filter 3*3*3*4 float32 (4 bytes each) + bias 4 uint8-quantized (1 byte each)
    assert (info.weights, info.parameters) == (2, 108 + 4)
    assert info.weight_bytes == 108 * 4 + 4
    assert info.bytes_by_dtype == {"float32": 432, "uint8": 4}
    assert info.quantization == {"uint8": 1}
    assert [(g.paths, g.weights, g.parameters, g.bytes, g.dtypes) for g in info.groups] == [
        (["group1-shard1of1.bin"], 1, 108, 432, {"float32": 432}),
        (["group2-shard1of1.bin"], 1, 4, 4, {"uint8": 4}),
    ]


def test_conv_flops_by_hand():
    # Conv2D: output 1x6x6x4 = 144 values, each 3*3*3 = 27 multiply-adds -> 2 * 144 * 27;
    # BiasAdd and Relu: one per output value each; Identity: none.
    assert model_info(fixture("conv")).flops == 2 * 144 * 27 + 144 + 144


def test_to_dict_is_json():
    data = json.loads(json.dumps(model_info(fixture("conv")).to_dict()))
    assert data["groups"][1]["dtypes"] == {"uint8": 4}
    assert data["inputs"][0] == {"name": "x", "shape": [-1, 8, 8, 3], "dtype": "float32"}


def test_flops_unknown_without_shapes_and_known_with_them():
    assert model_info(fixture("dynamic")).flops is None
    # Relu: one per element of 2x5x5x3
    assert model_info(fixture("dynamic"), {"x": [2, 5, 5, 3]}).flops == 150


def test_model_without_weights_or_inputs():
    info = model_info(fixture("no_inputs"))
    assert (info.weights, info.parameters, info.weight_bytes, info.groups) == (0, 0, 0, [])
    assert info.inputs == [] and info.flops is None
    assert info.op_histogram == {"Const": 1, "Identity": 1}


def _node(op: str, inputs: list[str], **keywords) -> Node:
    return Node("n", op, inputs, {}, None, inputs=[(name, 0) for name in inputs], keywords=keywords)


def _values(**shapes) -> dict:
    return {name: [np.zeros(shape, np.float32)] for name, shape in shapes.items()}


@pytest.mark.parametrize(
    ("op", "shapes", "keywords", "expected"),
    [
        # a [2, 3] @ b [3, 5] -> [2, 5]: 10 outputs x 3 multiply-adds
        ("MatMul", {"a": [2, 3], "b": [3, 5], "n": [2, 5]}, {}, 2 * 10 * 3),
        # a [3, 2] transposed: the summed length is still 3
        ("MatMul", {"a": [3, 2], "b": [3, 5], "n": [2, 5]}, {"transpose_a": True}, 2 * 10 * 3),
        ("BatchMatMulV2", {"a": [4, 2, 7], "b": [4, 7, 3], "n": [4, 2, 3]}, {}, 2 * 24 * 7),
        # depthwise: 1x4x4x6 outputs, each a 3x3 window of one channel
        ("DepthwiseConv2dNative", {"a": [1, 6, 6, 3], "b": [3, 3, 3, 2], "n": [1, 4, 4, 6]}, {}, 2 * 96 * 9),
        # fused conv with bias and relu: + 2 per output value
        (
            "_FusedConv2D",
            {"a": [1, 5, 5, 2], "b": [1, 1, 2, 4], "n": [1, 5, 5, 4]},
            {"fused_ops": ["BiasAdd", "Relu"]},
            2 * 100 * 2 + 2 * 100,
        ),
        ("FusedBatchNormV3", {"a": [1, 2, 2, 3], "n": [1, 2, 2, 3]}, {}, 2 * 12),
        ("Sigmoid", {"a": [3, 4], "n": [3, 4]}, {}, 12),
        ("Reshape", {"a": [3, 4], "b": [2], "n": [12]}, {}, 0),
    ],
)
def test_node_flops(op, shapes, keywords, expected):
    inputs = [name for name in ("a", "b") if name in shapes]
    assert node_flops(_node(op, inputs, **keywords), _values(**shapes)) == expected


def test_transposed_convolution_flops():
    # dy 1x4x4x8, filter 3x3 with 2 input channels: each dy value feeds 3*3*2 outputs
    node = _node("Conv2DBackpropInput", ["sizes", "w", "dy"])
    values = {**_values(w=[3, 3, 2, 8], dy=[1, 4, 4, 8], n=[1, 8, 8, 2]), "sizes": [np.array([1, 8, 8, 2])]}
    assert node_flops(node, values) == 2 * 128 * 18


def test_load_runs():
    model = load(ADD_MUL)
    try:
        assert [i.name for i in model.inputs] == ["x"]
    finally:
        model.dispose()


def test_load_missing_file(tmp_path):
    with pytest.raises(OSError, match="does not exist"):
        load(str(tmp_path / "nope.json"))
    with pytest.raises(OSError, match=r"No model\.json"):
        load(str(tmp_path))


@pytest.mark.parametrize("content", [b"hello, not json", b"\x89PNG\r\n\x1a\n\x00\x00", b"[1, 2]", b"{}"])
def test_load_not_a_model(tmp_path, content):
    path = tmp_path / "model.json"
    path.write_bytes(content)
    with pytest.raises(ValueError, match=r"model\.json is not a TF\.js model\.json: "):
        load(str(path))
    with pytest.raises(ValueError, match=r"is not a TF\.js model\.json"):
        model_info(str(path))


def test_load_layers_model_says_so(tmp_path):
    path = tmp_path / "model.json"
    topology = {"class_name": "Sequential", "config": {"layers": []}}
    path.write_text(json.dumps({"format": "layers-model", "modelTopology": topology}))
    with pytest.raises(ValueError, match="layers model"):
        load(str(path))


def test_load_wrong_type():
    with pytest.raises(TypeError, match="must be a string"):
        load(42)  # type: ignore[arg-type]
