"""Conditionals (Switch and Merge, no loop) whose predicates the host knows from the
feeds' values are resolved into a graph without frames (converter/cond_resolution.py):
it runs as a plan, from its second run as one program, per set of predicate values; the
values are those of the frames executor, node by node; a predicate computed from a
tensor's values, or a Merge read for its index, leaves the graph to the frames executor."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tfjs as tf
from tests.converter.test_constant_folding import node, placeholder, write_model
from tests.converter.test_constant_reads import on_backend  # noqa: F401 (a fixture)
from tests.converter.test_plan_programs import drive
from tfjs.converter import frame_plans

BOOL = {"type": "DT_BOOL"}
W = np.array([0.5, -1.0, 2.0], np.float32)
X = np.array([[1.0, 2.0, 3.0], [-4.0, 0.5, 8.0]], np.float32)


def _nodes(predicate: list[dict]) -> list[dict]:
    """pred -> Switch(x); false: negated = -x; true: doubled = 2x; merged = Merge; out = merged + w."""
    return [
        placeholder("x", [2, 3]),
        placeholder("ratio", [1]),
        *predicate,
        node("switch", "Switch", ["x", "pred"]),
        node("negated", "Neg", ["switch"]),
        node("doubled", "Mul", ["switch:1", "two"]),
        node("merged", "Merge", ["negated", "doubled"], N={"i": "2"}),
        node("out", "AddV2", ["merged", "w"]),
    ]


# pred = Squeeze(Equal(Identity(ratio), 1)): known from the feed's value
FED_PREDICATE = [
    node("ratio_id", "Identity", ["ratio"]),
    {**node("is_one", "Equal", ["ratio_id", "one"]), "attr": {"T": {"type": "DT_FLOAT"}}},
    {"name": "pred", "op": "Squeeze", "input": ["is_one"], "attr": {"T": BOOL}},
]
# pred = the fed ratio itself: true as JavaScript reads a number (0 and NaN are false)
FED_NUMBER = [node("pred", "Identity", ["ratio"])]
# pred = Sum(x) > 0: only the device knows it
COMPUTED_PREDICATE = [
    node("total", "Sum", ["x", "axes"], keep_dims={"b": False}),
    {**node("pred", "Greater", ["total", "zero"]), "attr": {"T": {"type": "DT_FLOAT"}}},
]
WEIGHTS = {
    "w": W,
    "two": np.array(2.0, np.float32),
    "one": np.array(1.0, np.float32),
    "zero": np.array(0.0, np.float32),
    "axes": np.array([0, 1], np.int32),
}


def _expected(x: np.ndarray, taken: bool) -> np.ndarray:
    return (2 * x if taken else -x) + W


def _run(model, x: np.ndarray, ratio: float, outputs="out", each_node=False):
    xs, ratios = tf.tensor(x), tf.tensor([ratio])
    feeds = {"x": xs, "ratio": ratios}
    try:
        if each_node:
            result, _ = drive(model.execute_steps(feeds, outputs, each_node=True))
        else:
            result = model.execute(feeds, outputs)
    finally:
        tf.dispose([xs, ratios])
    values = result.numpy()
    result.dispose()
    return values


@pytest.fixture
def frames_runs(monkeypatch) -> list[int]:
    """One entry per run of the frames executor."""
    runs: list[int] = []
    run_frames = frame_plans.run_frames
    monkeypatch.setattr(frame_plans, "run_frames", lambda *a: runs.append(1) or run_frames(*a))
    return runs


@pytest.mark.usefixtures("on_backend")
@pytest.mark.parametrize(
    ("predicate", "truth"),
    [(FED_PREDICATE, lambda ratio: ratio == 1.0), (FED_NUMBER, lambda ratio: ratio == ratio and ratio != 0)],
    ids=["ratio == 1", "ratio"],
)
def test_a_predicate_the_feeds_decide_resolves_the_conditional(tmp_path, frames_runs, predicate, truth):
    start = tf.memory()["num_tensors"]
    model = tf.load_graph_model(write_model(tmp_path / "cond", _nodes(predicate), WEIGHTS))
    assert model.executor.graph.has_frames
    for ratio in (1.0, 0.0, 1.0, 0.0, 1.0, math.nan, 0.0):
        taken = truth(ratio)
        np.testing.assert_allclose(_run(model, X, ratio), _expected(X, taken), rtol=1e-6)
        np.testing.assert_allclose(_run(model, X, ratio, each_node=True), _expected(X, taken), rtol=1e-6)
    assert len(frames_runs) == 7  # only the node-by-node runs
    resolved = [r for r in model.executor.conds.resolved.values() if r is not None]
    assert len(resolved) == 2  # one graph per predicate value, without Switch or Merge
    for executor, _ in resolved:
        ops = {n.op for n in executor.graph.nodes.values()}
        assert not ops & {"Switch", "Merge"} and not executor.graph.has_frames
        lowered = [p for p in executor.plan_programs.by_key.values() if p is not None]
        assert len(lowered) == 1  # joined into one program
    assert {n.op for n in resolved[0][0].graph.nodes.values()} & {"Neg", "Mul"} in ({"Neg"}, {"Mul"})
    model.dispose()
    assert tf.memory()["num_tensors"] == start


@pytest.mark.usefixtures("on_backend")
@pytest.mark.parametrize(
    ("predicate", "outputs"),
    [(COMPUTED_PREDICATE, "out"), (FED_PREDICATE, "merged:1")],  # TF.js's Merge gives no index
    ids=["computed predicate", "merge index"],
)
def test_what_the_host_cannot_decide_runs_frame_by_frame(tmp_path, frames_runs, predicate, outputs):
    nodes = _nodes(predicate)
    model = tf.load_graph_model(write_model(tmp_path / "cond", nodes, WEIGHTS))
    if outputs == "out":
        for x in (X, -X):
            np.testing.assert_allclose(_run(model, x, 1.0), _expected(x, x.sum() > 0), rtol=1e-6)
        assert len(frames_runs) == 2
    else:
        with pytest.raises(ValueError, match="merged"):
            _run(model, X, 1.0, outputs)
        assert len(frames_runs) == 1
    assert all(r is None for r in model.executor.conds.resolved.values())
    model.dispose()


@pytest.mark.usefixtures("on_backend")
def test_an_output_the_taken_branch_leaves_dead_gets_the_frames_executors_error(tmp_path, frames_runs):
    model = tf.load_graph_model(write_model(tmp_path / "cond", _nodes(FED_PREDICATE), WEIGHTS))
    before = tf.memory()["num_tensors"]
    with pytest.raises(ValueError, match=r"Cannot compute the outputs \['doubled'\]"):
        _run(model, X, 0.5, "doubled")  # the true side, not taken
    assert len(frames_runs) == 1 and tf.memory()["num_tensors"] == before
    np.testing.assert_allclose(_run(model, X, 1.0, "doubled"), 2 * X, rtol=1e-6)
    model.dispose()


@pytest.mark.usefixtures("on_backend")
def test_a_fed_boolean_predicate_resolves_the_conditional(tmp_path, frames_runs):
    nodes = [
        placeholder("x", [2, 3]),
        {"name": "flag", "op": "Placeholder", "attr": {"dtype": BOOL}},
        node("switch", "Switch", ["x", "flag"]),
        node("negated", "Neg", ["switch"]),
        node("doubled", "Mul", ["switch:1", "two"]),
        node("merged", "Merge", ["negated", "doubled"], N={"i": "2"}),
    ]
    model = tf.load_graph_model(write_model(tmp_path / "flag", nodes, {"two": WEIGHTS["two"]}))
    x = tf.tensor(X)
    for flag in (True, False, True):
        flags = tf.tensor(flag)
        out = model.execute({"x": x, "flag": flags}, "merged")
        np.testing.assert_allclose(out.numpy(), 2 * X if flag else -X, rtol=1e-6)
        tf.dispose([out, flags])
    assert frames_runs == []
    tf.dispose(x)
    model.dispose()


@pytest.mark.usefixtures("on_backend")
def test_a_predicate_of_inputs_that_do_not_broadcast_gets_the_ops_error(tmp_path):
    """Evaluated on the host before any kernel runs, it is left to the frames executor,
    where Equal says what is wrong."""
    nodes = [placeholder("ratio", [2]) if n["name"] == "ratio" else n for n in _nodes(FED_PREDICATE)]
    weights = {**WEIGHTS, "one": np.ones(3, np.float32)}  # [2] against [3]
    model = tf.load_graph_model(write_model(tmp_path / "cond", nodes, weights))
    x, ratios = tf.tensor(X), tf.tensor([1.0, 2.0])
    before = tf.memory()["num_tensors"]
    message = r"equal: Operands could not be broadcast together with shapes 2 and 3"
    with pytest.raises(ValueError, match=message):
        model.execute({"x": x, "ratio": ratios}, "out")
    assert tf.memory()["num_tensors"] == before
    tf.dispose([x, ratios])
    model.dispose()


@pytest.mark.usefixtures("on_backend")
def test_a_switch_without_its_predicate_gets_the_switch_ops_error(tmp_path):
    """Found by the model-file fuzz (seed 2102841): cond resolution read a Switch's
    second input, which a broken file may not have; the frames executor says what is wrong."""
    nodes = [{**n, "input": ["x"]} if n["name"] == "switch" else n for n in _nodes(FED_PREDICATE)]
    model = tf.load_graph_model(write_model(tmp_path / "cond", nodes, WEIGHTS))
    x, ratios = tf.tensor(X), tf.tensor([1.0])
    before = tf.memory()["num_tensors"]
    with pytest.raises(ValueError, match=r"Node 'switch' \(Switch\) has 1 data input\(s\); the op takes 2"):
        model.execute({"x": x, "ratio": ratios}, "out")
    assert tf.memory()["num_tensors"] == before
    tf.dispose([x, ratios])
    model.dispose()
