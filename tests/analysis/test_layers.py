"""The analysis of layers models (tests/analysis/fixtures/make_layers_fixtures.py): info
with Keras's summary and FLOPs from tf.profile's kernels, bench and profile through
predict, the float16 check per layer, and a classifier's top labels from metadata.json."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from tests.analysis.conftest import FIXTURES, fixture
from tfjs.analysis import (
    bench,
    check_fp16,
    estimate_flops,
    estimate_kernel_flops,
    load,
    load_model,
    model_info,
    profile_model,
    read_labels,
    run_model,
)
from tfjs.analysis.inputs import ImagePrep, make_inputs, run_keeping
from tfjs.analysis.layers_info import kernel_flops
from tfjs.analysis.models import call_model
from tfjs.analysis.report import render_report
from tfjs.analysis.timing import NO_LAYER_SCOPES

RED = np.zeros([4, 4, 3], np.uint8)
RED[..., 0] = 255
LABELS = ["red", "green", "blue", "dark"]


def softmax(logits: list[float]) -> np.ndarray:
    exp = np.exp(np.array(logits) - max(logits))
    return exp / exp.sum()


def teachable_scores(v: np.ndarray) -> np.ndarray:
    """The teachable fixture by hand: the mean pixel (r, g, b) -> softmax of
    [10r, 10g, 10b, -10/3 (r + g + b)]."""
    return softmax([*(10 * v), -10 / 3 * v.sum()])


def test_layers_model_info():
    info = model_info(fixture("layers_cnn"))
    topology = json.loads((FIXTURES / "layers_cnn" / "model.json").read_text())
    assert (info.kind, info.format) == ("layers-model", "layers-model")
    assert info.generated_by == topology["generatedBy"]
    assert info.keras_version == topology["modelTopology"]["keras_version"]
    assert info.backend == topology["modelTopology"]["backend"]
    assert [(i.name, i.shape, i.dtype) for i in info.inputs] == [("conv_input", [-1, 8, 8, 3], "float32")]
    assert [(o.name, o.shape, o.dtype) for o in info.outputs] == [("probs", [-1, 3], "float32")]
    assert info.op_histogram == {"Conv2D": 1, "Dense": 1, "Flatten": 1}
    # conv: 3*3*3*2 kernel + 2 bias; dense: 72*3 kernel + 3 bias; float32
    assert (info.weights, info.parameters, info.weight_bytes) == (4, 56 + 219, 4 * 275)
    assert info.bytes_by_dtype == {"float32": 1100} and info.quantization == {}
    assert [(g.paths, g.weights, g.parameters) for g in info.groups] == [(["weights.bin"], 4, 275)]
    # Conv2D 2 * (6*6*2 outputs) * (3*3*3 window), its bias add 72, Dense 2 * 3 * 72 and bias add 3
    assert info.flops == 2 * 72 * 27 + 72 + 2 * 3 * 72 + 3
    rows = [line.split() for line in info.summary]
    assert ["conv", "(Conv2D)", "[[null,8,8,3]]", "[null,6,6,2]", "56"] in rows
    assert ["flat", "(Flatten)", "[[null,6,6,2]]", "[null,72]", "0"] in rows
    assert ["probs", "(Dense)", "[[null,72]]", "[null,3]", "219"] in rows
    assert info.summary[-4:-1] == ["Total params: 275", "Trainable params: 275", "Non-trainable params: 0"]
    assert json.loads(json.dumps(info.to_dict()))["summary"] == info.summary


def test_unknown_sizes_leave_the_flops_unknown(tmp_path):
    import tfjs as tf

    model = tf.sequential()
    model.add(tf.layers.global_average_pooling1d(input_shape=[None, 3], name="pool"))
    model.save(str(tmp_path))
    model.dispose()
    info = model_info(str(tmp_path))
    assert info.flops is None and info.inputs[0].shape == [-1, -1, 3]
    assert model_info(str(tmp_path), {"pool_input": [1, 5, 3]}).flops == 0  # a mean: no FLOPs by the rule


def test_kernel_flops_rule():
    assert kernel_flops("DepthwiseConv2dNative", [(1, 6, 6, 4), (3, 3, 4, 1)], [(1, 4, 4, 4)]) == 2 * 64 * 9
    assert kernel_flops("Conv3D", [(1, 4, 4, 4, 2), (2, 2, 2, 2, 5)], [(1, 3, 3, 3, 5)]) == 2 * 135 * 16
    # a transposed first operand: [summed, rows]
    assert kernel_flops("BatchMatMul", [(2, 7, 5), (2, 7, 3)], [(2, 5, 3)]) == 2 * 30 * 7
    assert kernel_flops("Conv2DBackpropInput", [(1, 4, 4, 2), (3, 3, 6, 2)], [(1, 8, 8, 6)]) == 2 * 32 * 54
    assert kernel_flops("FusedBatchNorm", [(1, 4), (4,), (4,)], [(1, 4)]) == 8
    assert kernel_flops("Multiply", [(2, 3), (2, 3)], [(2, 3)]) == 6
    assert kernel_flops("Transpose", [(2, 3)], [(3, 2)]) == 0
    # fused kernels as TF.js's ops give their inputs: extras (bias) first, operands last
    assert (
        kernel_flops("FusedConv2D", [(1, 8, 8, 3), (4,), (3, 3, 3, 4)], [(1, 6, 6, 4)]) == 2 * 144 * 27 + 144
    )
    assert kernel_flops("_FusedMatMul", [(3,), (2, 5), (5, 3)], [(2, 3)]) == 2 * 6 * 5 + 6


def test_kernel_count_agrees_with_the_graph_count():
    """The same rule counted from kernels (as for layers models) and from graph nodes."""
    from tfjs.profiler import profile

    model = load(fixture("in_range"))
    inputs = make_inputs(model)
    try:
        values = run_keeping(model, inputs)
        records = profile(lambda: [t.dispose() for t in call_model(model, inputs)]).kernels
        assert (
            estimate_kernel_flops(records) == estimate_flops(model.executor.graph, values) == 8
        )  # x * 2 + 1 on [1, 4]
    finally:
        for tensor in inputs.values():
            tensor.dispose()
        model.dispose()


def test_bench_and_profile_run_predict():
    result = bench(fixture("layers_cnn"), runs=2, warmup=0)
    assert len(result.times_ms) == 2 and result.peak_bytes > 0
    profile = profile_model(fixture("layers_cnn"))
    assert profile.op_types == [] and profile.note == NO_LAYER_SCOPES
    calls = {k.name: k.calls for k in profile.kernels}
    assert calls == {"Conv2D": 1, "Add": 2, "Reshape": 1, "BatchMatMul": 1, "Softmax": 1}


def test_profile_by_layer_where_layers_open_named_scopes(monkeypatch):
    """Where each layer's call runs in a tf.tidy named after the layer, the profile is
    split by layer too."""
    import functools

    from tfjs.engine import ENGINE

    model = load_model(fixture("layers_cnn"))
    classes = {type(layer) for layer in model.layers}
    model.dispose()
    for cls in classes:
        original = cls.call

        @functools.wraps(original)
        def scoped(self, *args, _original=original, **kwargs):
            return ENGINE.tidy(self.name, lambda: _original(self, *args, **kwargs))

        monkeypatch.setattr(cls, "call", scoped)
    profile = profile_model(fixture("layers_cnn"))
    assert profile.group == "layer" and profile.note == ""
    # conv: Conv2D and its bias Add; flat: Reshape; probs: BatchMatMul, Add, Softmax
    assert {k.name: k.calls for k in profile.op_types} == {
        "conv (Conv2D)": 2,
        "flat (Flatten)": 1,
        "probs (Dense)": 3,
    }


def test_fp16_check_names_the_layer():
    findings = check_fp16(fixture("layers_overflow"))
    assert [(f.node, f.op, f.problem) for f in findings] == [("big", "Dense", "overflow")]
    assert findings[0].max_abs >= 70000
    assert check_fp16(fixture("layers_cnn")) == []


def test_teachable_machine_labels_and_scaling():
    labels = read_labels(fixture("teachable"))
    assert labels.labels == LABELS and labels.prep == ImagePrep(127.0, -1.0, square=True)
    result = run_model(fixture("teachable"), RED, top=3)
    assert result.labels_file == str(FIXTURES / "teachable" / "metadata.json")
    # @teachablemachine/image feeds pixel / 127 - 1: red 255 -> 255/127 - 1, the others -1
    expected = teachable_scores(np.array([255 / 127 - 1, -1.0, -1.0]))
    assert [label for label, _ in result.labels] == ["red", "dark", "green"]
    np.testing.assert_allclose([s for _, s in result.labels], expected[[0, 3, 1]], rtol=1e-5, atol=1e-7)
    assert [label for label, _ in run_model(fixture("teachable"), RED, top=1).labels] == ["red"]


def test_teachable_machine_takes_the_centred_square():
    # 4 x 10: green columns 0-2 and 7-9 around red columns 3-6, the centred 4 x 4 square
    wide = np.zeros([4, 10, 3], np.uint8)
    wide[:, :, 1] = 255
    wide[:, 3:7] = RED[:, :4]
    assert run_model(fixture("teachable"), wide, top=1).labels[0][0] == "red"


def test_other_metadata_keeps_unit_scaling(tmp_path):
    for name in ("model.json", "weights.bin"):
        shutil.copy(FIXTURES / "teachable" / name, tmp_path / name)
    (tmp_path / "metadata.json").write_text(json.dumps({"labels": LABELS}))
    result = run_model(str(tmp_path), RED, top=2)
    expected = teachable_scores(np.array([1.0, 0.0, 0.0]))  # pixels / 255
    assert read_labels(str(tmp_path)).prep == ImagePrep()
    assert [label for label, _ in result.labels] == ["red", "green"]  # green and blue tie: label order
    np.testing.assert_allclose([s for _, s in result.labels], expected[[0, 1]], rtol=1e-5)


def test_without_metadata_outputs_are_summarised(tmp_path):
    for name in ("model.json", "weights.bin"):
        shutil.copy(FIXTURES / "teachable" / name, tmp_path / name)
    result = run_model(str(tmp_path / "model.json"), RED)
    assert result.labels == [] and result.labels_file is None
    assert result.outputs == [("scores", [1, 4], "float32")]
    assert result.summary[0].startswith("scores: shape [1, 4] float32, ")
    assert f"max {teachable_scores(np.array([1.0, 0.0, 0.0])).max():.4g}" in result.summary[0]


@pytest.mark.parametrize(
    ("metadata", "message"),
    [
        ("{not json", "metadata.json is not JSON"),
        (
            json.dumps({"labels": ["a", "b", "c"]}),
            "has 3 labels, but the model's output 'scores' has shape [1, 4]",
        ),
        (json.dumps({"labels": ["a", 2]}), "'labels' must be a non-empty list of strings"),
        (json.dumps({"labels": []}), "'labels' must be a non-empty list of strings"),
    ],
)
def test_bad_metadata(tmp_path, metadata, message):
    for name in ("model.json", "weights.bin"):
        shutil.copy(FIXTURES / "teachable" / name, tmp_path / name)
    (tmp_path / "metadata.json").write_text(metadata)
    with pytest.raises(ValueError, match=r"metadata\.json") as error:
        run_model(str(tmp_path), RED)
    assert message in str(error.value)


def test_load_model_takes_both_kinds_and_load_only_graphs():
    model = load_model(fixture("layers_cnn"))
    try:
        assert model.input_names == ["conv_input"]
    finally:
        model.dispose()
    with pytest.raises(ValueError, match="layers model"):
        load(fixture("layers_cnn"))


def test_report_shows_the_summary():
    page = render_report(model_info(fixture("layers_cnn")), profile=profile_model(fixture("layers_cnn")))
    assert "<h2>Model summary</h2>" in page and "conv (Conv2D)" in page and "Total params: 275" in page
    assert "<h2>Layer classes</h2>" in page and "Op histogram" not in page
    assert NO_LAYER_SCOPES.replace("'", "&#x27;") in page and "<h3>By op type</h3>" not in page
