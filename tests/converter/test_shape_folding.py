"""Graphs with frames keep the values of shape-only nodes (computed from constants and
tensors' shapes) from one run to the next (converter/shape_folding.py) where the frames
executor runs them itself (node by node: `execute_steps(each_node=True)`; a plain run
computes the part before control flow as a plan, test_frame_plans.py): a later run
with the same shapes gives them back instead of running the nodes, a run with other
shapes (a feed's, or an intermediate tensor's whose size depends on values) computes
them again, and the caller always owns what it gets."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.converter.test_constant_folding import node, placeholder, write_model
from tests.converter.test_constant_reads import INT, int_node
from tests.converter.test_plan_programs import drive
from tfjs.converter import frames
from tfjs.converter.shape_folding import shape_only_nodes

FLOAT = {"type": "DT_FLOAT"}
SLICE = {"shrink_axis_mask": {"i": "1"}}
WEIGHTS = {
    "zero": np.array([0], np.int32),
    "one": np.array([1], np.int32),
    "two": np.array(2.0, np.float32),
}
# x [-1, 3] -> Switch(pred) -> Merge = merged (frames);
# scale = Cast(rows of Shape(x)) * 2 and count = rows of Shape(Where(x > 0)): shape-only;
# out = merged * scale; scale_out = Identity(scale); count_out = Identity(count).
NODES = [
    placeholder("x", [-1, 3]),
    {"name": "pred", "op": "Placeholder", "attr": {"dtype": {"type": "DT_BOOL"}}},
    node("switch", "Switch", ["x", "pred"]),
    node("merged", "Merge", ["switch", "switch:1"], N={"i": "2"}),
    node("x_shape", "Shape", ["x"], out_type=INT),
    int_node("rows", "StridedSlice", ["x_shape", "zero", "one", "one"], **SLICE),
    node("rows_f", "Cast", ["rows"], SrcT=INT, DstT=FLOAT),
    node("scale", "Mul", ["rows_f", "two"]),
    node("out", "Mul", ["merged", "scale"]),
    node("scale_out", "Identity", ["scale"]),
    node("positive", "Greater", ["x", "zero_f"]),
    {"name": "where", "op": "Where", "input": ["positive"], "attr": {"T": {"type": "DT_BOOL"}}},
    node("where_shape", "Shape", ["where"], T=INT, out_type=INT),
    int_node("count", "StridedSlice", ["where_shape", "zero", "one", "one"], **SLICE),
    int_node("count_out", "Identity", ["count"]),
]
OUTPUTS = ["out", "scale_out", "count_out"]


@pytest.fixture
def model(tmp_path):
    weights = {**WEIGHTS, "zero_f": np.array(0.0, np.float32)}
    loaded = tf.load_graph_model(write_model(tmp_path / "folds", NODES, weights))
    assert loaded.executor.graph.has_frames
    yield loaded
    loaded.dispose()


def _run(model, x: np.ndarray) -> list[np.ndarray]:
    xs, pred = tf.tensor(x), tf.tensor(True)
    outputs, _ = drive(model.execute_steps({"x": xs, "pred": pred}, OUTPUTS, each_node=True))
    values = [t.numpy() for t in outputs]
    tf.dispose([*outputs, xs, pred])
    return values


def _expected(x: np.ndarray) -> list[np.ndarray]:
    scale = np.float32(2 * x.shape[0])
    return [x * scale, np.array(scale, np.float32), np.array(int((x > 0).sum()), np.int32)]


def test_the_shape_only_nodes_are_those_outside_frames_computed_from_shapes(model):
    executor = model.executor
    used = executor.used_nodes({"x", "pred"}, OUTPUTS)[0]
    found = shape_only_nodes(executor.graph, used, {"x", "pred"}, set(OUTPUTS), executor.weight_map)
    assert found == {"x_shape", "rows", "rows_f", "scale", "where_shape", "count"}


def test_a_later_run_of_the_same_shapes_reuses_them_and_other_shapes_compute_them_again(model, monkeypatch):
    ran: list[str] = []
    run_node, call = frames.run_node, model.executor.call
    monkeypatch.setattr(frames, "run_node", lambda node, *a: ran.append(node.name) or run_node(node, *a))
    monkeypatch.setattr(model.executor, "call", lambda node, *a: ran.append(node.name) or call(node, *a))
    first = np.array([[1.0, -2.0, 3.0], [-4.0, 5.0, 6.0]], np.float32)
    fewer_positive = -first  # same shape, another count of positive values
    other_shape = np.arange(12, dtype=np.float32).reshape(4, 3) - 5.0
    shape_only = {"x_shape", "rows", "rows_f", "scale", "where_shape", "count"}
    for x, recomputed in [
        (first, shape_only),
        (first, set()),
        (fewer_positive, {"where_shape", "count"}),  # Where's size differs: its Shape reads another
        (other_shape, shape_only),  # kept apart, by the feeds' shapes
        (first, {"where_shape", "count"}),  # the first shapes' values, but Where's differs
        (first, set()),
    ]:
        ran.clear()
        for got, want in zip(_run(model, x), _expected(x), strict=True):
            np.testing.assert_array_equal(got, want)
        assert shape_only & set(ran) == recomputed
        assert {"out", "where"} <= set(ran)  # computed from values, every run


def test_the_caller_owns_a_kept_value_it_gets_and_disposing_the_model_frees_them(tmp_path):
    before = tf.memory()["num_tensors"]
    weights = {**WEIGHTS, "zero_f": np.array(0.0, np.float32)}
    model = tf.load_graph_model(write_model(tmp_path / "folds", NODES, weights))
    x = np.ones((3, 3), np.float32)
    for _ in range(3):  # each run's scale_out (the kept scale, shared) is disposed by _run
        np.testing.assert_array_equal(_run(model, x)[1], np.float32(6))
    model.dispose()
    assert tf.memory()["num_tensors"] == before
