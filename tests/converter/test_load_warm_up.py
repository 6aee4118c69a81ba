"""The load option `warm_up` of `tf.load_graph_model`: one run on zeros at load that
changes no result, leaks nothing, records the nodes' kernel programs before the first
`execute`, and refuses or fails clearly (the model freed)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tfjs as tf
from tests.graph_fixtures import placeholder
from tfjs.converter.lowered_plans import LoweredPlan

FIXTURES = Path(__file__).parent / "fixtures"
ADD_MUL = FIXTURES / "add_mul" / "model.json"  # out = 2 * x + 1, x: [-1] float32
CONV = FIXTURES / "graph_api" / "conv_chain"  # x: [1, 4, 4, 2]
CUSTOM = FIXTURES / "graph_api" / "custom_op"  # sum = MyAdd(x, y), x and y: [-1]
DYNAMIC = Path(__file__).parents[1] / "analysis" / "fixtures" / "dynamic"  # x: [-1, -1, -1, 3]


@pytest.fixture(autouse=True)
def _no_custom_op():
    yield
    tf.deregister_op("MyAdd")


def _run(model: tf.GraphModel, x: tf.Tensor) -> np.ndarray:
    y = model.execute(x)
    values = y.numpy()
    y.dispose()
    return values


def test_warm_up_keeps_results_and_memory(backend):
    before = tf.memory()
    model = tf.load_graph_model(str(ADD_MUL), {"warm_up": True})
    after_load = tf.memory()
    cold = tf.load_graph_model(str(ADD_MUL))
    weights_bytes = tf.memory()["num_bytes"] - after_load["num_bytes"]
    cold.dispose()
    # the warm model holds its weights only: what a cold load of the same model holds
    assert after_load["num_tensors"] - before["num_tensors"] == 2
    assert after_load["num_bytes"] - before["num_bytes"] == weights_bytes
    x = tf.tensor([1.0, 2.0, 3.0])  # another batch size than the warm-up's 1
    assert _run(model, x).tolist() == [3.0, 5.0, 7.0]
    one = tf.tensor([-4.0])
    assert _run(model, one).tolist() == [-7.0]
    tf.dispose([x, one])
    model.dispose()
    assert tf.memory()["num_bytes"] == before["num_bytes"]


def test_warm_up_lowers_the_plan_before_the_first_execute(backend, monkeypatch):
    cold = tf.load_graph_model(str(CONV))
    warm = tf.load_graph_model(str(CONV), {"warm_up": True})
    assert cold.executor.programs == {}
    recorded = warm.executor.programs
    assert recorded and all(any(p is not None for p in by_key.values()) for by_key in recorded.values())
    x = tf.tensor(np.linspace(-1, 1, 32, dtype=np.float32).reshape(1, 4, 4, 2))
    runs = []
    run = LoweredPlan.run
    monkeypatch.setattr(LoweredPlan, "run", lambda self, feeds: runs.append(self) or run(self, feeds))
    first_warm, first_cold = _run(warm, x), _run(cold, x)
    assert len(runs) == 1  # the warm model's first call ran its whole-plan program, the cold one's did not
    if backend == "torch":  # possibly its compiled graph, which may fold float arithmetic
        np.testing.assert_allclose(first_warm, first_cold, rtol=1e-5, atol=1e-6)
    else:  # the plan's kernels are the ops' kernels
        np.testing.assert_array_equal(first_warm, first_cold)
    x.dispose()
    warm.dispose()
    cold.dispose()


def test_warm_up_with_given_shapes():
    with pytest.raises(ValueError, match=r"input 'x' has shape \[-1, -1, -1, 3\].*'warm_up': \{'x'"):
        tf.load_graph_model(str(DYNAMIC), {"warm_up": True})
    model = tf.load_graph_model(str(DYNAMIC), {"warm_up": {"x": [1, 2, 2, 3]}})
    assert model.executor.programs
    x = tf.tensor(np.array([-1.0, 2.0, -3.0], np.float32).reshape(1, 1, 1, 3))
    assert _run(model, x).tolist() == [[[[0.0, 2.0, 0.0]]]]  # Relu
    x.dispose()
    model.dispose()
    with pytest.raises(ValueError, match=r"warm_up names \['y'\], which are not inputs of the model"):
        tf.load_graph_model(str(DYNAMIC), {"warm_up": {"x": [1, 2, 2, 3], "y": [1]}})


@pytest.mark.parametrize("bad", [1, "yes", None, {"x": [1, -1]}, {"x": 3}, {"x": [1.5]}])
def test_bad_warm_up_option(bad):
    before = tf.memory()
    with pytest.raises(TypeError, match=r"option warm_up must be True, False or \{input name: shape\}"):
        tf.load_graph_model(str(ADD_MUL), {"warm_up": bad})
    assert tf.memory() == before


def test_random_ops_refuse_warm_up():
    nodes = [
        placeholder("x", [2]),
        {"name": "s", "op": "Shape", "input": ["x"], "attr": {"T": {"type": "DT_FLOAT"}}},
        {"name": "r", "op": "RandomUniform", "input": ["s"], "attr": {"dtype": {"type": "DT_FLOAT"}}},
        {"name": "out", "op": "AddV2", "input": ["x", "r"], "attr": {"T": {"type": "DT_FLOAT"}}},
    ]

    def handler():
        return tf.io.from_memory({"modelTopology": {"node": nodes}, "weightSpecs": [], "weightData": b""})

    before = tf.memory()
    with pytest.raises(ValueError, match=r"node 'r' \(RandomUniform\) draws random numbers"):
        tf.load_graph_model(handler(), {"warm_up": True})
    assert tf.memory() == before
    tf.load_graph_model(handler()).dispose()  # without warm_up it loads


def test_failed_warm_up_frees_the_model_and_says_so():
    def my_add(node):
        raise ValueError("MyAdd cannot add zeros")

    tf.register_op("MyAdd", my_add)
    before = tf.memory()
    with pytest.raises(ValueError, match="MyAdd cannot add zeros") as caught:
        tf.load_graph_model(str(CUSTOM), {"warm_up": True})
    assert any("warm-up run on zeros at load" in note for note in caught.value.__notes__)
    assert tf.memory() == before
    tf.load_graph_model(str(CUSTOM)).dispose()  # without warm_up the load is fine


def test_warm_up_keeps_no_intermediate_tensors():
    tf.env().set("KEEP_INTERMEDIATE_TENSORS", True)
    before = tf.memory()["num_tensors"]
    model = tf.load_graph_model(str(ADD_MUL), {"warm_up": True})
    assert model.get_intermediate_tensors() == {}
    assert tf.memory()["num_tensors"] == before + 2  # its two weights
    model.dispose()


def test_string_inputs_refuse_warm_up():
    before = tf.memory()
    with pytest.raises(ValueError, match=r"input .s. is string; a warm-up feeds zeros of float32"):
        tf.load_graph_model(str(FIXTURES / "lookup_table"), {"warm_up": True})
    assert tf.memory() == before


def test_warm_up_of_a_graph_with_control_flow(backend):
    # switch_merge and functional run one branch per run; the warm-up (pred = False) takes
    # one of them, a later run the other: each must give what a cold model gives.
    for name in ("switch_merge", "functional"):
        warm = tf.load_graph_model(str(FIXTURES / name), {"warm_up": True})
        cold = tf.load_graph_model(str(FIXTURES / name))
        x = tf.tensor([1.0, -2.0, 3.0])
        for flag in (True, False):
            pred = tf.scalar(flag)
            got, want = warm.execute({"x": x, "pred": pred}), cold.execute({"x": x, "pred": pred})
            got, want = (r if isinstance(r, list) else [r] for r in (got, want))
            assert len(got) == len(want)
            for a, b in zip(got, want, strict=True):
                np.testing.assert_array_equal(a.numpy(), b.numpy())
            tf.dispose([*got, *want, pred])
        x.dispose()
        warm.dispose()
        cold.dispose()


class _WarmLoading:
    """`tf` with `load_graph_model` warming each real model up at load, at the shapes the
    conformance harness feeds it (`summary`: the harness's records by model name)."""

    def __init__(self, summary: dict) -> None:
        self.summary = summary

    def __getattr__(self, name: str):
        return getattr(tf, name)

    def load_graph_model(self, path, options=None):
        name = Path(str(path)).stem
        if name == "rvm":  # zeros are no downsample_ratio: its warm-up fails (tested below)
            return tf.load_graph_model(path)
        inputs = self.summary[name]["inputs"]
        return tf.load_graph_model(path, {"warm_up": {spec["name"]: spec["shape"] for spec in inputs}})


def test_the_41_models_warmed_up_give_the_recorded_bits_on_cpu():
    # The warm-up runs each model on zeros and records its kernel programs; the caller's
    # first execute then replays them: every output bit as recorded before the speed work.
    from tests.converter.test_cpu_bit_identical import pinned_digests

    got, expected = pinned_digests("warm")
    assert set(got) == set(expected)
    assert [name for name, runs in got.items() if runs[0] != expected[name]] == []


def test_a_real_model_that_zeros_break_fails_its_warm_up_clearly():
    from tests.converter.test_real_models import _models_dir

    before = tf.memory()
    shapes = {"src": [1, 224, 224, 3], **{name: [1] for name in ("r1i", "r2i", "r3i", "r4i")}}
    with pytest.raises(ValueError, match=r"fused.conv2d: the filter .* is larger than the input") as caught:
        tf.load_graph_model(f"{_models_dir()}/rvm.json", {"warm_up": {**shapes, "downsample_ratio": [1]}})
    assert any("warm-up run on zeros at load" in note for note in caught.value.__notes__)
    assert tf.memory() == before
