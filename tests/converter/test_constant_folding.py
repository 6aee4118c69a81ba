"""The plan-time constant folding (`tfjs.converter.constant_folding`) on small model.json
fixtures written to tmp_path: which nodes fold, that the folded values are held once
(as the model's weights, freed by `dispose`) and that results do not change."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tfjs as tf

FLOAT = {"type": "DT_FLOAT"}
T = {"T": FLOAT}
DTYPES = {"float32": "DT_FLOAT", "int32": "DT_INT32"}


def placeholder(name: str, shape: list[int]) -> dict:
    return {
        "name": name,
        "op": "Placeholder",
        "attr": {"dtype": FLOAT, "shape": {"shape": {"dim": [{"size": str(d)} for d in shape]}}},
    }


def node(name: str, op: str, inputs: list[str], **attr) -> dict:
    return {"name": name, "op": op, "input": inputs, "attr": {**T, **attr}}


def write_model(folder: Path, nodes: list[dict], weights: dict[str, np.ndarray]) -> str:
    consts = [
        {"name": name, "op": "Const", "attr": {"dtype": {"type": DTYPES[str(value.dtype)]}}}
        for name, value in weights.items()
    ]
    specs = [
        {"name": name, "shape": list(value.shape), "dtype": str(value.dtype)}
        for name, value in weights.items()
    ]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "weights.bin").write_bytes(b"".join(value.tobytes() for value in weights.values()))
    model = {
        "format": "graph-model",
        "modelTopology": {"node": consts + nodes},
        "weightsManifest": [{"paths": ["weights.bin"], "weights": specs}],
    }
    (folder / "model.json").write_text(json.dumps(model))
    return str(folder / "model.json")


W = np.array([1.5, -2.0, 0.25], np.float32)
C = np.array([0.5, 4.0, -1.0], np.float32)
X = np.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]], np.float32)


@pytest.fixture
def chain(tmp_path: Path) -> str:
    """out = x * -(w + c); out2 = x - -(w + c): `s` and `n` fold, `n` is held."""
    nodes = [
        placeholder("x", [2, 3]),
        node("s", "AddV2", ["w", "c"]),
        node("n", "Neg", ["s"]),
        node("out", "Mul", ["x", "n"]),
        node("out2", "Sub", ["x", "n"]),
    ]
    return write_model(tmp_path / "chain", nodes, {"w": W, "c": C})


def plan_ops(model: tf.GraphModel) -> list[str]:
    return [n.op for n in list(model.executor._plans.values())[-1].nodes]


def test_constant_chain_folds_once_and_is_freed_with_the_model(chain: str):
    start = tf.memory()["num_tensors"]
    model = tf.load_graph_model(chain)
    x = tf.tensor(X)
    out = model.execute(x, "out")
    np.testing.assert_array_equal(out.numpy(), X * -(W + C))
    assert plan_ops(model) == ["Mul"]
    assert list(model.executor.folded) == ["n"]  # `s` was only read by `n`: freed
    weights = start + 2 + 1  # w, c and the folded n
    assert tf.memory()["num_tensors"] == weights + 1 + 1  # x and out
    tf.dispose(out)
    # Another plan reuses the folded value: nothing is made twice.
    out2 = model.execute(x, "out2")
    np.testing.assert_array_equal(out2.numpy(), X - -(W + C))
    assert len(model.executor._plans) == 2 and list(model.executor.folded) == ["n"]
    assert tf.memory()["num_tensors"] == weights + 2
    tf.dispose([out2, x])
    model.dispose()
    assert tf.memory()["num_tensors"] == start


def test_folded_results_equal_the_unfolded_graph(chain: str):
    model = tf.load_graph_model(chain)
    x = tf.tensor(X)
    # Asking for `n` keeps it (and so `s` is what folds): the same numbers either way.
    folded_out, n = model.execute(x, ["out", "n"])
    assert "Neg" in plan_ops(model) and list(model.executor.folded) == ["s"]
    plain = tf.tidy(lambda: tf.mul(x, tf.neg(tf.add(tf.tensor(W), tf.tensor(C)))))
    assert np.array_equal(folded_out.numpy(), plain.numpy())
    assert np.array_equal(n.numpy(), -(W + C))
    n.dispose()
    # The output tensor belongs to the caller; the model still runs afterwards.
    again = model.execute(x, "out")
    assert np.array_equal(again.numpy(), folded_out.numpy())
    tf.dispose([x, folded_out, plain, again])
    model.dispose()


def test_fed_weight_is_not_folded(chain: str):
    model = tf.load_graph_model(chain)
    x, w = tf.tensor(X), tf.tensor([0.0, 0.0, 0.0])
    out = model.execute({"x": x, "w": w}, "out")
    np.testing.assert_array_equal(out.numpy(), X * -C)
    assert model.executor.folded == {} and plan_ops(model) == ["AddV2", "Neg", "Mul"]
    tf.dispose([x, w, out])
    model.dispose()


def test_folded_values_survive_an_enclosing_tidy(chain: str):
    start = tf.memory()["num_tensors"]
    model = tf.load_graph_model(chain)
    x = tf.tensor(X)
    tf.dispose(tf.tidy(lambda: model.execute(x, "out").sum()))  # the first run folds, in a tidy
    out = model.execute(x, "out")
    np.testing.assert_array_equal(out.numpy(), X * -(W + C))
    tf.dispose([x, out])
    model.dispose()
    assert tf.memory()["num_tensors"] == start


def test_random_ops_and_context_ops_do_not_fold(tmp_path: Path):
    nodes = [
        placeholder("x", [2, 3]),
        {
            "name": "r",
            "op": "RandomUniform",
            "input": ["shape"],
            "attr": {"dtype": FLOAT, "T": {"type": "DT_INT32"}, "seed": {"i": "0"}, "seed2": {"i": "0"}},
        },
        node("z", "Mul", ["r", "zero"]),
        node("out", "AddV2", ["x", "z"]),
    ]
    path = write_model(
        tmp_path / "random", nodes, {"shape": np.array([2, 3], np.int32), "zero": np.zeros(1, np.float32)}
    )
    model = tf.load_graph_model(path)
    x = tf.tensor(X)
    out = model.execute(x)
    assert plan_ops(model) == ["RandomUniform", "Mul", "AddV2"] and model.executor.folded == {}
    np.testing.assert_array_equal(out.numpy(), X)
    tf.dispose([x, out])
    model.dispose()


def test_node_that_fails_to_fold_fails_when_run(tmp_path: Path):
    nodes = [
        placeholder("x", [2, 3]),
        node("bad", "Reshape", ["w", "shape"], Tshape={"type": "DT_INT32"}),
        node("out", "AddV2", ["x", "bad"]),
    ]
    path = write_model(tmp_path / "bad", nodes, {"w": W, "shape": np.array([5], np.int32)})
    model = tf.load_graph_model(path)
    start = tf.memory()["num_tensors"]
    x = tf.tensor(X)
    with pytest.raises(ValueError):
        model.execute(x)
    assert "Reshape" in plan_ops(model) and model.executor.folded == {}
    x.dispose()
    assert tf.memory()["num_tensors"] == start
    model.dispose()
