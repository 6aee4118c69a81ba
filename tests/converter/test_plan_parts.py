"""A plan that does not join into one program (a node runs its op, or a kernel another
backend computes) runs in parts (converter/plan_parts.py): the nodes before the first
such node join into a program of their own, the nodes after them into another; only
those nodes run one by one, from the second call on (the first settles the parts). The
same values as node by node, every tensor freed, and no part lowered again."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import tfjs as tf
from tests.conftest import STARTED
from tests.converter.test_constant_reads import on_backend  # noqa: F401 (a fixture)
from tests.converter.test_plan_programs import F32, I32, drive, int_const, load, node
from tests.graph_fixtures import placeholder, weight
from tfjs.converter import plan_runner
from tfjs.converter.lowered_plans import PlanPrograms

W = np.array([1.5, -2.0, 0.25, 3.0], np.float32)
SCALARS = {"zero": 0.0, "two": 2.0, "iou": 0.5, "floor": 0.1}


def _scalar(name: str) -> dict:
    return {"name": name, "shape": [], "dtype": "float32"}


def where_model() -> tf.GraphModel:
    """x [4] -> m = x * w -> (s = -m, Where(m > 0) -> Cast -> * 2): Where's output size
    depends on the values, so its node runs its op on every call."""
    nodes = [
        placeholder("x", [4]),
        weight("w"),
        weight("zero"),
        weight("two"),
        node("m", "Mul", ["x", "w"], **F32),
        node("s", "Neg", ["m"], **F32),
        node("g", "Greater", ["m", "zero"], **F32),
        node("wh", "Where", ["g"], T={"type": "DT_BOOL"}),
        node("c", "Cast", ["wh"], SrcT=I32, DstT={"type": "DT_FLOAT"}),
        node("out", "Mul", ["c", "two"], **F32),
    ]
    specs = [{"name": "w", "shape": [4], "dtype": "float32"}, _scalar("zero"), _scalar("two")]
    data = W.tobytes() + np.array([0.0, 2.0], np.float32).tobytes()
    return load(nodes, specs, data)


def nms_model() -> tf.GraphModel:
    """boxes [5, 4], scores [5] -> NonMaxSuppressionV3(boxes, scores * w) -> the boxes
    it keeps (GatherV2) * 2: the torch backend hands non-max suppression to `cpu`."""
    gather = {"Tparams": {"type": "DT_FLOAT"}, "Tindices": I32, "Taxis": I32, "batch_dims": {"i": "0"}}
    nodes = [
        placeholder("boxes", [5, 4]),
        placeholder("scores", [5]),
        weight("w5"),
        weight("two"),
        weight("iou"),
        weight("floor"),
        int_const("most", [3], []),
        int_const("axis", [0], []),
        node("scaled", "Mul", ["scores", "w5"], **F32),
        node("nms", "NonMaxSuppressionV3", ["boxes", "scaled", "most", "iou", "floor"], **F32),
        node("kept", "GatherV2", ["boxes", "nms", "axis"], **gather),
        node("out", "Mul", ["kept", "two"], **F32),
    ]
    specs = [{"name": "w5", "shape": [5], "dtype": "float32"}, *(_scalar(n) for n in ("two", "iou", "floor"))]
    data = np.array([1.0, 0.5, 2.0, 1.0, 0.8, 2.0, 0.5, 0.1], np.float32).tobytes()
    return load(nodes, specs, data)


@pytest.fixture
def watched(monkeypatch):
    """The nodes each call runs one by one (in its plans), and the lowerings it made."""
    calls: list[list[str]] = [[]]  # before the first start(): what no call is counted for
    lowerings: list[list[object]] = [[]]
    run_node, lower = plan_runner.run_node, PlanPrograms.lower
    monkeypatch.setattr(
        plan_runner, "run_node", lambda node, *a: calls[-1].append(node.name) or run_node(node, *a)
    )
    monkeypatch.setattr(
        PlanPrograms, "lower", lambda self, key, *a: lowerings[-1].append(key) or lower(self, key, *a)
    )

    def start() -> None:
        calls.append([])
        lowerings.append([])

    return calls, lowerings, start


@pytest.mark.usefixtures("on_backend")
def test_a_plan_split_at_a_node_that_reads_values_runs_the_parts_around_it_as_programs(watched):
    calls, lowerings, start = watched
    at_start = tf.memory()["num_tensors"]
    model = where_model()
    before = tf.memory()["num_tensors"]
    same, other = np.array([1.0, 2.0, -3.0, 4.0], np.float32), np.array([-1.0, 2.0, 3.0, 0.0], np.float32)
    for values in [same] * 5 + [other]:
        start()
        x = tf.tensor(values)
        out, s = model.execute({"x": x}, ["out", "s"])
        m = values * W
        np.testing.assert_array_equal(out.numpy(), np.argwhere(m > 0).astype(np.float32) * 2)
        np.testing.assert_array_equal(s.numpy(), -m)
        tf.dispose([out, s, x])
    # the first call collects the plan whole, then settles its parts: it runs them again,
    # each joined into its program; from the second on, only Where runs one by one
    assert calls[1][:6] == ["m", "s", "g", "wh", "c", "out"] and len(lowerings[1]) > 1
    assert calls[2:6] == [["wh"]] * 4 and lowerings[2:6] == [[]] * 4
    assert tf.memory()["num_tensors"] == before
    x = tf.tensor(np.ones(4, np.float32))
    by_node, _ = drive(model.execute_steps({"x": x}, ["out", "s"], each_node=True))
    np.testing.assert_array_equal(by_node[0].numpy(), np.argwhere(W > 0).astype(np.float32) * 2)
    tf.dispose([*by_node, x])
    model.dispose()
    assert tf.memory()["num_tensors"] == at_start


def test_the_part_after_another_backends_kernel_compiles_on_its_output(watched, monkeypatch):
    if "torch" not in STARTED:
        pytest.skip("the torch backend did not start: PyTorch is not installed")
    calls, _, start = watched
    failures: list[BaseException] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: failures.append(args.exc_value))
    previous = tf.get_backend()
    tf.set_backend("torch")
    try:
        model = nms_model()
        rng = np.random.default_rng(3)
        corners = rng.uniform(0, 1, (5, 2)).astype(np.float32)
        boxes = tf.tensor(np.concatenate([corners, corners + 0.3], axis=1))
        scores = tf.tensor(rng.uniform(0, 1, 5).astype(np.float32))
        by_node, _ = drive(model.execute_steps({"boxes": boxes, "scores": scores}, each_node=True))
        expected = by_node.numpy()
        for _ in range(5):
            start()
            out = model.execute({"boxes": boxes, "scores": scores})
            np.testing.assert_array_equal(out.numpy(), expected)
            out.dispose()
        assert calls[-1] == ["nms"] and failures == []
        tf.dispose([by_node, boxes, scores])
        model.dispose()
    finally:
        tf.set_backend(previous)


@pytest.mark.usefixtures("on_backend")
def test_the_first_call_runs_a_plan_that_draws_random_numbers_once(watched):
    calls, _, start = watched
    random = {"dtype": {"type": "DT_FLOAT"}, "T": I32, "seed": {"i": "0"}, "seed2": {"i": "0"}}
    nodes = [
        placeholder("x", [3]),
        int_const("shape", [3], [1]),
        node("r", "RandomUniform", ["shape"], **random),
        node("wh", "Where", ["x"], T={"type": "DT_FLOAT"}),
        node("c", "Cast", ["wh"], SrcT=I32, DstT={"type": "DT_FLOAT"}),
        node("out", "AddV2", ["c", "r"], **F32),
    ]
    model = load(nodes, [], b"")
    x = tf.tensor(np.array([0.0, 1.0, 2.0], np.float32))
    for _ in range(2):
        start()
        tf.dispose(model.execute(x))
    assert calls[1].count("r") == 1 and model.executor.plan_programs.first_parts
    tf.dispose(x)
    model.dispose()


@pytest.mark.usefixtures("on_backend")
def test_an_error_in_the_part_after_leaves_no_tensor():
    """Where's output sized by the values, then reshaped to a fixed [2]: the call whose
    values make three rows fails in the part after Where, and frees all it made."""
    nodes = [
        placeholder("x", [4]),
        weight("w"),
        node("m", "Mul", ["x", "w"], **F32),
        node("wh", "Where", ["m"], T={"type": "DT_FLOAT"}),
        int_const("two", [2], [1]),
        node("out", "Reshape", ["wh", "two"], T=I32, Tshape=I32),
    ]
    model = load(nodes, [{"name": "w", "shape": [4], "dtype": "float32"}], W.tobytes())
    before = tf.memory()["num_tensors"]
    for values in ([1.0, 0.0, 0.0, 2.0], [1.0, 0.0, 0.0, 2.0], [1.0, 3.0, 0.0, 2.0]):
        x = tf.tensor(np.array(values, np.float32))
        if values[1]:
            with pytest.raises(ValueError, match=r"new shape \(2\) has 2 elements and the old shape has 3"):
                model.execute(x)
        else:
            tf.dispose(model.execute(x))
        x.dispose()
        assert tf.memory()["num_tensors"] == before
    assert any(model.executor.plan_programs.first_parts.values())  # it ran in parts
    model.dispose()
