"""A graph with frames runs the parts before and after its control flow as plans
(converter/frame_plans.py): from the second run on each as one program, the frames
executor only for the control flow; the same values as node by node, every tensor
freed, an error in any part leaving nothing behind."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tfjs as tf
from tests.converter.test_constant_folding import node, placeholder, write_model
from tests.converter.test_constant_reads import on_backend  # noqa: F401 (a fixture)
from tests.converter.test_plan_programs import drive
from tfjs.converter import frames, plan_runner
from tfjs.converter.frame_plans import prefix_cut, suffix_nodes

W = np.array([1.5, -2.0, 0.25], np.float32)
# Before the control flow: scaled = x * w, rows = Unpack(scaled), head = -(rows[0]
# reshaped to `head_shape`), pred = Sum(x) > 0 (the device computes it: a fed predicate
# would resolve the conditional, test_cond_resolution.py).
# After it: merged = Merge(Switch(rows[1], pred)), out = merged * rows[0], then `shaped`
# reshapes out to `shape`.
NODES = [
    placeholder("x", [2, 3]),
    node("total", "Sum", ["x", "axes"], keep_dims={"b": False}),
    node("pred", "Greater", ["total", "zero"]),
    node("scaled", "Mul", ["x", "w"]),
    node("rows", "Unpack", ["scaled"], num={"i": "2"}, axis={"i": "0"}),
    node("flat", "Reshape", ["rows", "head_shape"], Tshape={"type": "DT_INT32"}),
    node("head", "Neg", ["flat"]),
    node("switch", "Switch", ["rows:1", "pred"]),
    node("merged", "Merge", ["switch", "switch:1"], N={"i": "2"}),
    node("out", "Mul", ["merged", "rows"]),
    node("shaped", "Reshape", ["out", "shape"], Tshape={"type": "DT_INT32"}),
]
PREFIX = {"scaled", "rows", "flat", "head", "total", "pred"}
SUFFIX = {"out", "shaped"}


def _model(tmp_path, shape=(3, 1), head_shape=(3,)):
    weights = {
        "w": W,
        "shape": np.array(shape, np.int32),
        "head_shape": np.array(head_shape, np.int32),
        "axes": np.array([0, 1], np.int32),
        "zero": np.array(0.0, np.float32),
    }
    return tf.load_graph_model(write_model(tmp_path / "prefix", NODES, weights))


def _expected(x: np.ndarray) -> list[np.ndarray]:
    scaled = x * W
    return [(scaled[1] * scaled[0]).reshape(3, 1), -scaled[0]]


def test_the_cut_is_what_the_rest_reads_of_the_part_before_control_flow(tmp_path):
    model = _model(tmp_path)
    executor = model.executor
    outputs = [("shaped", 0), ("head", 0)]
    used = executor.used_nodes({"x"}, ["shaped", "head"])[0]
    cut = prefix_cut(executor.graph, used, executor.preset({"x"}), outputs)
    assert sorted(cut) == [("head", 0), ("pred", 0), ("rows", 0), ("rows", 1)]
    # fed `rows` (as a tensor name), the part before the control flow computes nothing
    used = executor.used_nodes({"rows", "pred"}, ["shaped"])[0]
    assert prefix_cut(executor.graph, used, executor.preset({"rows", "pred"}), [("shaped", 0)]) == []
    model.dispose()


@pytest.mark.usefixtures("on_backend")
def test_the_parts_before_and_after_control_flow_run_as_programs(tmp_path, monkeypatch):
    start = tf.memory()["num_tensors"]
    model = _model(tmp_path)
    ran: list[str] = []
    for module in (frames, plan_runner):
        run_node = module.run_node
        monkeypatch.setattr(
            module, "run_node", lambda node, *a, f=run_node: ran.append(node.name) or f(node, *a)
        )
    x_values = np.array([[1.0, 2.0, 3.0], [-4.0, 0.5, 8.0]], np.float32)
    x = tf.tensor(x_values)
    before = tf.memory()["num_tensors"]
    for run in range(3):
        ran.clear()
        outputs = model.execute({"x": x}, ["shaped", "head"])
        for got, want in zip(outputs, _expected(x_values), strict=True):
            np.testing.assert_allclose(got.numpy(), want, rtol=1e-6)
        tf.dispose(outputs)
        assert set(ran) == (PREFIX | SUFFIX if run == 0 else set())  # then two programs
    assert tf.memory()["num_tensors"] == before
    per_node, _ = drive(model.execute_steps({"x": x}, ["shaped", "head"], each_node=True))
    for got, want in zip(per_node, _expected(x_values), strict=True):
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-6)
    tf.dispose([*per_node, x])
    model.dispose()
    assert tf.memory()["num_tensors"] == start


@pytest.mark.usefixtures("on_backend")
@pytest.mark.parametrize(
    ("shapes", "message"),
    [
        ({"shape": (4, 1)}, r"the new shape \(4,1\) has 4 elements and the old shape has 3"),
        ({"head_shape": (4,)}, r"the new shape \(4\) has 4 elements and the old shape has 3"),
    ],
    ids=["after the control flow", "before it"],
)
def test_an_error_in_either_part_leaves_no_tensor(tmp_path, shapes, message):
    model = _model(tmp_path, **shapes)
    x = tf.tensor(np.ones((2, 3), np.float32))
    before = tf.memory()["num_tensors"]
    for _ in range(2):
        with pytest.raises(ValueError, match=message):
            model.execute({"x": x}, ["shaped", "head"])
        assert tf.memory()["num_tensors"] == before
    x.dispose()
    model.dispose()


def _selection_model(tmp_path):
    """A graph whose nodes after the control flow test each rule of `suffix_nodes`."""
    nodes = [
        placeholder("x", [3]),
        node("total", "Sum", ["x", "axes"], keep_dims={"b": False}),
        node("pred", "Greater", ["total", "zero"]),
        node("switch", "Switch", ["x", "pred"]),
        node("branch", "Neg", ["switch:1"]),  # on a branch: not after the control flow
        node("branch_end", "Abs", ["branch"]),  # read by no node: still on the branch
        node("merged", "Merge", ["switch", "branch"], N={"i": "2"}),
        node("after", "Mul", ["merged", "x"]),
        node("waits", "Abs", ["after", "^switched"]),  # waits for a node not after it
        node("then", "Neg", ["waits"]),  # reads it: a read, not a wait
        node("switched", "Square", ["after"]),  # read by control flow, so not after it
        node("switch_2", "Switch", ["switched", "pred"]),
        node("merged_2", "Merge", ["switch_2", "switch_2:1"], N={"i": "2"}),
        node("last", "Sqrt", ["merged_2"]),
        node("enter", "Enter", ["x"], frame_name={"s": "ZnJhbWU="}),
        node("in_loop", "Neg", ["enter"]),  # in a loop frame
        node("loop_end", "Abs", ["in_loop"]),  # read by no node: still in the frame
        node("exit", "Exit", ["in_loop"]),
        node("looped", "Mul", ["exit", "k"]),
        node("late", "Abs", ["merged"]),
    ]
    weights = {
        "axes": np.array([0], np.int32),
        "zero": np.array(0.0, np.float32),
        "k": np.ones(3, np.float32),
    }
    path = write_model(tmp_path / "selection", nodes, weights)
    with open(path) as file:
        model = json.load(file)
    for entry in model["modelTopology"]["node"]:
        if entry["name"] == "k":
            entry["input"] = ["^late"]  # a weight's control input does not hold a node back
    with open(path, "w") as file:
        json.dump(model, file)
    return tf.load_graph_model(path)


def test_the_part_after_control_flow_is_what_only_reads_it_outside_frames_and_branches(tmp_path):
    model = _selection_model(tmp_path)
    executor = model.executor
    outputs = ["then", "last", "looped", "switched", "late", "branch_end", "loop_end"]
    used = executor.used_nodes({"x"}, outputs)[0]
    suffix = suffix_nodes(executor.graph, used, executor.preset({"x"}))
    assert suffix == {"then", "last", "looped", "late"}
    # asked for nodes the second Switch does not need, that Switch reads nothing here
    used = executor.used_nodes({"x"}, ["then", "after"])[0]
    assert suffix_nodes(executor.graph, used, executor.preset({"x"})) == {
        "then",
        "waits",
        "after",
        "switched",
    }
    model.dispose()
