"""The values a graph model's nodes read on the host (axes, shapes, sizes, paddings:
TF.js's 'number' and 'number[]' inputs) are downloaded from the backend once when they
are constants of the graph, when its plan is built, and never again in a run; values a
run computes (a shape taken from a tensor at run time) are still read, as TF.js reads
them. A spy on the backend's `read_sync` counts every download."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tfjs as tf
from tests.conftest import STARTED
from tests.converter.test_constant_folding import DTYPES, node, placeholder, write_model
from tests.converter.test_plan_programs import drive
from tfjs.converter import kernel_program
from tfjs.converter.ops._values import HostValues, nested, nested_ints, number, numbers, shape_value
from tfjs.converter.resources import HashTable

INT = {"type": "DT_INT32"}
X = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 10.0
# name -> value of each constant input the graph's nodes read on the host
CONSTANTS = {
    "shape": np.array([6, 4], np.int32),
    "perm": np.array([1, 0], np.int32),
    "paddings": np.array([[1, 0], [0, 2]], np.int32),
    "mean_axis": np.array([1], np.int32),
    "concat_axis": np.array(0, np.int32),
    "begin": np.array([1], np.int32),
    "end": np.array([7], np.int32),
    "strides": np.array([2], np.int32),
    "zero": np.array([0], np.int32),
    "one": np.array([1], np.int32),
    "minus_one": np.array(-1, np.int32),
}


def int_placeholder(name: str, shape: list[int]) -> dict:
    spec = placeholder(name, shape)
    return {**spec, "attr": {**spec["attr"], "dtype": INT}}


def int_node(name: str, op: str, inputs: list[str], **attr) -> dict:
    return node(name, op, inputs, T=INT, **attr)


@pytest.fixture
def shapes_model(tmp_path: Path) -> str:
    """`out` from constant-input ops; `flat` reshapes x by a shape computed at run time
    from x's shape (Shape -> StridedSlice -> Pack), `fed` by the values of a fed tensor."""
    nodes = [
        placeholder("x", [2, 3, 4]),
        {
            **placeholder("new_shape", [2]),
            "attr": {"dtype": INT, "shape": {"shape": {"dim": [{"size": "2"}]}}},
        },
        node("reshaped", "Reshape", ["x", "shape"]),
        node("transposed", "Transpose", ["reshaped", "perm"]),
        node("padded", "Pad", ["transposed", "paddings"]),
        node("mean", "Mean", ["padded", "mean_axis"], keep_dims={"b": False}),
        node("joined", "ConcatV2", ["mean", "mean", "concat_axis"], N={"i": "2"}),
        node("out", "StridedSlice", ["joined", "begin", "end", "strides"]),
        node("x_shape", "Shape", ["x"], out_type=INT),
        int_node("batch", "StridedSlice", ["x_shape", "zero", "one", "one"], shrink_axis_mask={"i": "1"}),
        int_node("flat_shape", "Pack", ["batch", "minus_one"], N={"i": "2"}),
        node("flat", "Reshape", ["x", "flat_shape"]),
        node("fed", "Reshape", ["x", "new_shape"]),
    ]
    assert set(DTYPES) >= {str(v.dtype) for v in CONSTANTS.values()}
    return write_model(tmp_path / "shapes", nodes, CONSTANTS)


def expected_out() -> np.ndarray:
    """TF's semantics of `out`, step by step in NumPy."""
    padded = np.pad(X.reshape(6, 4).T, [[1, 0], [0, 2]])
    joined = np.concatenate([padded.mean(axis=1)] * 2, axis=0)
    return joined[1:7:2]


class ReadSpy:
    """Counts the backend's downloads (`read_sync`), by data id."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.data_ids: list[object] = []
        self.counting = False
        backend = tf.backend()
        read_sync = backend.read_sync

        def spy(data_id: object) -> np.ndarray:
            if self.counting:
                self.data_ids.append(data_id)
            return read_sync(data_id)

        monkeypatch.setattr(backend, "read_sync", spy)

    def during(self, fn):
        self.data_ids, self.counting = [], True
        try:
            return fn()
        finally:
            self.counting = False


def constant_data_ids(model: tf.GraphModel) -> set[object]:
    executor = model.executor
    tensors = [t for ts in executor.weight_map.values() for t in ts]
    tensors += [t for ts in executor.folded.values() for t in ts]
    return {t.data_id for t in tensors}


@pytest.fixture(params=["cpu", "torch"])
def on_backend(request) -> str:
    if request.param not in STARTED:
        pytest.skip(f"backend '{request.param}' did not start: PyTorch is not installed")
    tf.set_backend(request.param)
    return request.param


def test_constant_inputs_are_read_once_when_the_plan_is_built(shapes_model, on_backend, monkeypatch):
    model = tf.load_graph_model(shapes_model)
    x, new_shape = tf.tensor(X), tf.tensor([4, 6], dtype="int32")
    feeds, wanted = {"x": x, "new_shape": new_shape}, ["out", "flat", "fed"]
    spy = ReadSpy(monkeypatch)
    constants = constant_data_ids(model)
    first = spy.during(lambda: model.execute(feeds, wanted))
    # Building the plan read each of the 11 constants once (`one` serves two inputs).
    assert len([d for d in spy.data_ids if d in constants]) == len(CONSTANTS)
    assert [d for d in spy.data_ids if d not in constants] == [new_shape.data_id]
    second = spy.during(lambda: model.execute(feeds, wanted))
    # flat_shape was evaluated on the host from x's shape; new_shape's values only the
    # device has: Reshape reads them, as TF.js does.
    assert spy.data_ids == [new_shape.data_id]
    for outputs in (first, second):
        np.testing.assert_allclose(outputs[0].numpy(), expected_out(), rtol=1e-6)
        np.testing.assert_array_equal(outputs[1].numpy(), X.reshape(2, 12))
        np.testing.assert_array_equal(outputs[2].numpy(), X.reshape(4, 6))
    tf.dispose([*first, *second, x, new_shape])
    model.dispose()


def test_a_fed_constant_is_read_from_the_feed(shapes_model, on_backend, monkeypatch):
    """A Const node given as an input is not a constant of that run: its fed values count."""
    model = tf.load_graph_model(shapes_model)
    x, perm = tf.tensor(X), tf.tensor([0, 1], dtype="int32")
    model.execute({"x": x}, "out").dispose()  # a plan where `perm` is the weight
    spy = ReadSpy(monkeypatch)
    out = spy.during(lambda: model.execute({"x": x, "perm": perm}, "transposed"))
    assert out.shape == (6, 4)
    np.testing.assert_array_equal(out.numpy(), X.reshape(6, 4))
    assert [d for d in spy.data_ids if d in constant_data_ids(model)] == []
    assert spy.data_ids == [perm.data_id]
    tf.dispose([out, x, perm])
    model.dispose()


# facemesh-detection-short: 30 reads per run before constants were read ahead (Pad,
# StridedSlice, Reshape, ResizeBilinear, ConcatV2 of constant inputs), 26 of constants
# and 4 by its Reshape nodes whose shape is Pack(StridedSlice(Shape(conv output))), a
# shape computed by the run, now evaluated on the host.
REAL_MODEL = "facemesh-detection-short"
REAL_COMPUTED_SHAPES = 4


def test_a_real_model_reads_no_constant_in_its_second_run(on_backend, monkeypatch):
    from tests.converter.test_real_models import _models_dir

    path = Path(_models_dir()) / f"{REAL_MODEL}.json"
    nodes = {n["name"]: n for n in json.loads(path.read_text())["modelTopology"]["node"]}

    def shape_source(reshape: dict) -> list[str]:
        """The ops of the shape input's producer and its first inputs, 3 deep."""
        ops, name = [], reshape["input"][1]
        for _ in range(3):
            producer = nodes[name.split(":")[0]]
            ops.append(producer["op"])
            name = (producer.get("input") or [""])[0]
            if not name:
                break
        return ops

    reshapes = [n for n in nodes.values() if n["op"] == "Reshape"]
    computed_shapes = [n for n in reshapes if shape_source(n) == ["Pack", "StridedSlice", "Shape"]]
    assert len(computed_shapes) == REAL_COMPUTED_SHAPES
    model = tf.load_graph_model(str(path))
    feed = tf.tensor(np.full([1, 128, 128, 3], 0.5, np.float32))
    spy = ReadSpy(monkeypatch)
    first = spy.during(lambda: model.execute(feed))
    assert len(spy.data_ids) > 0  # the plan read its constants
    second = spy.during(lambda: model.execute(feed))
    assert spy.data_ids == []
    if on_backend == "torch":  # the second call runs the compiled graph, which may fold float arithmetic
        np.testing.assert_allclose(first.numpy(), second.numpy(), rtol=1e-5, atol=1e-5)
    else:
        np.testing.assert_array_equal(first.numpy(), second.numpy())
    tf.dispose([first, second, feed])
    model.dispose()


@pytest.mark.parametrize(
    ("values", "dtype"),
    [([[1, 2], [3, 4]], "int32"), (2.5, "float32"), ([True, False], "bool"), ([], "int32"), (-3, "int32")],
)
def test_host_values_read_as_their_tensor_does(values, dtype):
    tensor = tf.tensor(values, dtype=dtype)
    host = HostValues.read(tensor)
    for reader in (nested, nested_ints, numbers, shape_value):
        assert reader(host) == reader(tensor), reader.__name__
    if tensor.size:
        assert number(host) == number(tensor)
    else:
        with pytest.raises(ValueError, match=r"expected a number, got an empty tensor of shape \[0\]"):
            number(host)
    tensor.dispose()


def test_a_string_constant_read_as_a_number_names_its_shape():
    tensor = tf.tensor(["a", "b"])
    with pytest.raises(ValueError, match=r"expected a number, got a string tensor of shape \[2\]"):
        number(HostValues.read(tensor))
    assert nested(HostValues.read(tensor)) == ["a", "b"]
    tensor.dispose()


def test_a_bad_constant_shape_fails_the_run_as_before(tmp_path, on_backend):
    """The plan reads the constant; the op still rejects it when the node runs, with its message."""
    nodes = [placeholder("x", [2, 3]), node("out", "Reshape", ["x", "shape"])]
    model = tf.load_graph_model(write_model(tmp_path / "bad", nodes, {"shape": np.array([4, 2], np.int32)}))
    x = tf.tensor(np.zeros([2, 3], np.float32))
    message = r"reshape: the new shape \(4,2\) has 8 elements and the old shape has 6"
    for _ in range(2):
        with pytest.raises(ValueError, match=message):
            model.execute(x)
    x.dispose()
    model.dispose()


def test_a_hash_table_import_of_mismatched_counts_fails_before_reading_the_keys(monkeypatch):
    table = HashTable("int32", "float32")
    keys, values = tf.tensor([1, 2], dtype="int32"), tf.tensor([0.5, 1.5])
    table.import_(keys, values)
    more_keys = tf.tensor([1, 2, 3], dtype="int32")
    spy = ReadSpy(monkeypatch)
    message = "The number of elements doesn't match, keys has 3 elements, the values has 2 elements."
    with pytest.raises(ValueError, match=message):
        spy.during(lambda: table.import_(more_keys, values))
    assert spy.data_ids == []
    assert table.size() == 2  # unchanged
    default = tf.scalar(-1.0)
    found = table.find(keys, default)
    np.testing.assert_array_equal(found.numpy(), [0.5, 1.5])
    table.clear_and_close()
    tf.dispose([keys, values, more_keys, default, found])


def test_a_custom_op_under_a_shape_op_name_is_not_evaluated_on_the_host(shapes_model):
    """A Pack registered by the user gives its own value: Reshape reads that tensor."""
    calls = []

    def pack_reversed(node):
        calls.append(node)
        return tf.reverse(tf.stack(node.inputs), 0)  # [-1, batch]: Reshape to [12, 2]

    tf.register_op("Pack", pack_reversed)
    try:
        model = tf.load_graph_model(shapes_model)
        x, new_shape = tf.tensor(X), tf.tensor([4, 6], dtype="int32")
        flat = model.execute({"x": x, "new_shape": new_shape}, "flat")
    finally:
        tf.deregister_op("Pack")
    assert len(calls) == 1 and flat.shape == (12, 2)
    tf.dispose([flat, x, new_shape])
    model.dispose()


# x -> Switch(pred) -> Merge -> Reshape(merged, shape): a graph with frames.
SWITCH_MERGE_RESHAPE = [
    placeholder("x", [2, 3]),
    {"name": "pred", "op": "Placeholder", "attr": {"dtype": {"type": "DT_BOOL"}}},
    node("switch", "Switch", ["x", "pred"]),
    node("merged", "Merge", ["switch", "switch:1"], N={"i": "2"}),
    node("by_constant", "Reshape", ["merged", "shape"]),
]


def test_a_graph_with_frames_reads_only_its_condition(tmp_path, on_backend, monkeypatch):
    """The constant shape and the shape computed from `merged`'s shape are known on the
    host, Switch's condition is read each run (which resolves the conditional)."""
    nodes = [
        *SWITCH_MERGE_RESHAPE,
        node("merged_shape", "Shape", ["merged"], out_type=INT),
        int_node("rows", "StridedSlice", ["merged_shape", "zero", "one", "one"], shrink_axis_mask={"i": "1"}),
        int_node("flat_shape", "Pack", ["rows", "minus_one"], N={"i": "2"}),
        node("by_shape", "Reshape", ["merged", "flat_shape"]),
    ]
    weights = {k: CONSTANTS[k] for k in ("zero", "one", "minus_one")} | {"shape": np.array([3, 2], np.int32)}
    model = tf.load_graph_model(write_model(tmp_path / "frames", nodes, weights))
    assert model.executor.graph.has_frames
    x, pred = tf.tensor(X[0, :2, :3].copy()), tf.tensor(True)
    spy = ReadSpy(monkeypatch)
    for _ in range(2):
        outputs = spy.during(lambda: model.execute({"x": x, "pred": pred}, ["by_constant", "by_shape"]))
        np.testing.assert_array_equal(outputs[0].numpy(), X[0, :2, :3].reshape(3, 2))
        np.testing.assert_array_equal(outputs[1].numpy(), X[0, :2, :3].reshape(2, 3))
        tf.dispose(outputs)
    assert spy.data_ids == [pred.data_id]
    tf.dispose([x, pred])
    model.dispose()


def test_a_graph_with_frames_replays_its_nodes_kernel_programs(tmp_path, on_backend, monkeypatch):
    """Nodes that need no execution context run as their kernel programs from the second
    run on, in a graph with frames as in a plan; Switch and Merge run as themselves."""
    nodes = SWITCH_MERGE_RESHAPE
    model = tf.load_graph_model(
        write_model(tmp_path / "frames", nodes, {"shape": np.array([3, 2], np.int32)})
    )
    replayed = []
    replay = kernel_program.replay
    monkeypatch.setattr(
        kernel_program, "replay", lambda program, args: replayed.append(1) or replay(program, args)
    )
    x, pred = tf.tensor(X[0, :2, :3].copy()), tf.tensor(True)
    for run in range(2):  # node by node: a plain run would resolve the fed condition
        out, _ = drive(model.execute_steps({"x": x, "pred": pred}, "by_constant", each_node=True))
        np.testing.assert_array_equal(out.numpy(), X[0, :2, :3].reshape(3, 2))
        out.dispose()
        assert len(replayed) == run  # the Reshape: recorded by the first run, replayed by the second
    tf.dispose([x, pred])
    model.dispose()
