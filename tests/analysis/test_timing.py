"""bench and profile_model."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tfjs as tf
from tests.analysis.conftest import ADD_MUL, CONVERTER_FIXTURES, fixture
from tfjs.analysis import bench, profile_model


def test_bench_fields_and_progress():
    calls = []
    result = bench(
        fixture("conv"), runs=5, warmup=2, progress=lambda done, total: calls.append((done, total))
    )
    # the first call, 2 warm-up calls, 5 timed ones and two measuring memory
    assert calls == [(i, 10) for i in range(1, 11)]
    assert result.backend == "cpu" and len(result.times_ms) == 5
    assert result.p10_ms <= result.median_ms <= result.p90_ms
    assert result.median_ms == pytest.approx(float(np.median(result.times_ms)))
    assert result.fps == pytest.approx(1000 / result.median_ms)
    assert result.load_ms > 0 and result.first_ms > 0
    # weights (108 + 4 float32) and the input (8*8*3 float32) at least are held at the peak
    assert result.peak_bytes >= (112 + 192) * 4
    assert json.loads(json.dumps(result.to_dict()))["times_ms"] == result.times_ms


@pytest.mark.parametrize(
    ("backend", "path", "expected"),
    [
        ("cpu", "conv", "kernel plan"),  # cpu never compiles a plan
        ("torch", "conv", "compiled: TorchScript"),  # ... + oneDNN Graph where that was faster
        ("cpu", "frames_loop", "kernel plan + frames"),  # the node after its loop: a plan
        ("cpu", "switch_merge", "kernel plan, conditionals resolved"),  # its feed decides its Switch
        ("layers", "layers_cnn", "predict"),
    ],
)
def test_bench_says_how_the_timed_calls_ran(backend, path, expected, monkeypatch):
    """A plan compile that fails falls back to the kernel loop without an error: the
    `runs as` row is where it shows (a cast once kept centernet from compiling)."""
    if backend == "torch":
        pytest.importorskip("torch", reason="the torch backend needs PyTorch")
        from tfjs.converter import lowered_plans

        # no timed trial: the compiled runner is kept (on so small a model the loop may
        # measure faster, which is the trial's to decide, not this test's)
        monkeypatch.setattr(lowered_plans, "TRIAL_RUNS", 0)
    converter_fixture = path in ("frames_loop", "switch_merge")
    model = str(CONVERTER_FIXTURES / path / "model.json") if converter_fixture else fixture(path)
    result = bench(model, backend="cpu" if backend == "layers" else backend, runs=5, warmup=2)
    assert result.runs_as.startswith(expected)
    assert json.loads(json.dumps(result.to_dict()))["runs_as"] == result.runs_as


def test_bench_restores_the_backend():
    before = tf.get_backend()
    bench(ADD_MUL, runs=1, warmup=0)
    assert tf.get_backend() == before


@pytest.mark.parametrize("function", [bench, profile_model])
def test_unknown_backend_names_the_known_ones(function):
    with pytest.raises(ValueError, match=r"Unknown backend 'webgl': the known backends are .*cpu"):
        function(ADD_MUL, backend="webgl")


@pytest.mark.parametrize(("keyword", "value"), [("runs", 0), ("warmup", -1), ("runs", 1.5)])
def test_bench_bad_counts(keyword, value):
    with pytest.raises(ValueError, match=keyword):
        bench(ADD_MUL, **{keyword: value})


def test_bench_bad_model(tmp_path):
    with pytest.raises(OSError):
        bench(str(tmp_path / "missing.json"))
    with pytest.raises(ValueError, match="the model has no inputs"):
        bench(fixture("no_inputs"))


def test_profile_by_kernel_and_op_type():
    result = profile_model(ADD_MUL)
    assert {k.name: k.calls for k in result.kernels} == {"Multiply": 1, "Add": 1, "Identity": 1}
    assert {k.name: k.calls for k in result.op_types} == {"Mul": 1, "AddV2": 1, "Identity": 1}
    assert result.total_ms == pytest.approx(sum(k.total_ms for k in result.kernels))
    assert result.total_ms == pytest.approx(sum(k.total_ms for k in result.op_types))
    times = [k.total_ms for k in result.kernels]
    assert times == sorted(times, reverse=True)


def test_profile_counts_per_run():
    result = profile_model(fixture("in_range"), runs=3)
    assert {k.name: k.calls for k in result.op_types} == {"Mul": 1, "AddV2": 1}


def test_profile_bad_input():
    with pytest.raises(ValueError, match="runs"):
        profile_model(ADD_MUL, runs=0)
    with pytest.raises(ValueError, match="dimension 1 is unknown"):
        profile_model(fixture("dynamic"))


def test_profile_records_the_graph_scopes():
    # tf.profile records the named scopes a kernel ran in: the graph node's TF op here
    model = tf.load_graph_model(ADD_MUL)
    x = tf.tensor([1.0, 2.0])
    try:
        info = tf.profile(lambda: tf.dispose(model.execute(x)))
    finally:
        model.dispose()
        x.dispose()
    assert [(k.name, k.scopes) for k in info.kernels] == [
        ("Multiply", ("Mul",)),
        ("Add", ("AddV2",)),
        ("Identity", ("Identity",)),
    ]
