"""The graph executor on hand-written model.json fixtures: execution order, freeing of
intermediates, input checks, named outputs, frames, functions and unsupported ops."""

from __future__ import annotations

import asyncio
from pathlib import Path

import numpy as np
import pytest

import tfjs as tf
from tfjs.converter.model_graph import parse_input_name, transform_graph

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def load():
    models = []

    def _load(name: str) -> tf.GraphModel:
        model = tf.load_graph_model(str(FIXTURES / name / "model.json"))
        models.append(model)
        return model

    yield _load
    for model in models:
        model.dispose()


def test_parse_input_names():
    assert parse_input_name("a") == ("a", 0, None)
    assert parse_input_name("a:2") == ("a", 2, None)
    assert parse_input_name("a:out:1") == ("a", 1, "out")


def test_nodes_are_wired_with_data_and_control_inputs():
    graph = transform_graph(
        {
            "node": [
                {"name": "x", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}}},
                {"name": "n", "op": "NoOp"},
                {"name": "y", "op": "Neg", "input": ["x", "^n"]},
            ]
        }
    )
    y = graph.nodes["y"]
    assert y.inputs == [("x", 0)] and y.controls == ["n"]
    assert [c.name for c in graph.nodes["n"].children] == ["y"]
    assert [n.name for n in graph.inputs] == ["x"] and [n.name for n in graph.outputs] == ["y"]
    assert [n.name for n in graph.init_nodes] == ["n"]


def test_input_of_unknown_node_is_an_error():
    with pytest.raises(ValueError, match="'nope'"):
        transform_graph({"node": [{"name": "y", "op": "Neg", "input": ["nope"]}]})


def test_execute_static_graph(load):
    model = load("add_mul")
    x = tf.tensor([1.0, 2.0, 3.0])
    y = model.execute(x)
    np.testing.assert_allclose(y.numpy(), [3.0, 5.0, 7.0])
    tf.dispose([x, y])


def test_memory_after_execute_holds_only_weights_inputs_outputs(load):
    model = load("chain")
    weights = tf.memory()["num_tensors"]
    x = tf.tensor([[1.0, 2.0], [3.0, 4.0]])
    y = tf.tensor([1, 2], dtype="int32")
    outputs = model.execute({"x": x, "y": y})
    assert tf.memory()["num_tensors"] == weights + 2 + len(outputs)
    np.testing.assert_allclose(outputs[0].numpy(), [[-10.0], [-50.0]])
    tf.dispose(outputs)
    # Run again with intermediate outputs requested: still nothing else left behind.
    outputs = model.execute({"x": x, "y": y}, ["sq", "split:1", "neg"])
    assert tf.memory()["num_tensors"] == weights + 2 + 3
    np.testing.assert_allclose(outputs[1].numpy(), [[-8.0], [-32.0]])
    tf.dispose([*outputs, x, y])
    assert tf.memory()["num_tensors"] == weights


def test_intermediates_freed_after_last_consumer(load):
    model = load("chain")
    plan = model.executor._plan({"x": None, "y": None}, [("out", 0), ("yout", 0)])
    freed = {name: i for i, names in enumerate(plan.free_after) for name in names}
    order = [node.name for node in plan.nodes]
    # `neg` is read by the NoOp (control input) and by the Split: it goes after the Split.
    assert freed["neg"] == order.index("split")
    assert freed["split"] == order.index("sum")
    assert "out" not in freed and "yout" not in freed


def test_memory_after_frames_loop(load):
    model = load("frames_loop")
    before = tf.memory()["num_tensors"]
    x = tf.scalar(1, "int32")
    out = model.execute(x)
    assert out.array_sync() == 5
    assert tf.memory()["num_tensors"] == before + 2
    tf.dispose([x, out])


def test_inputs_as_tensor_list_and_dict(load):
    model = load("chain")
    x = tf.tensor([[1.0, 2.0], [3.0, 4.0]])
    y = tf.tensor([7], dtype="int32")
    by_list = model.execute([x, y])
    by_dict = model.execute({"y": y, "x": x})
    by_signature_key = model.execute({"x:0": x, "y:0": y})
    for a, b, c in zip(by_list, by_dict, by_signature_key, strict=False):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
        np.testing.assert_array_equal(a.numpy(), c.numpy())
    tf.dispose([x, y, by_list, by_dict, by_signature_key])


def test_wrong_input_count_name_shape_dtype(load):
    model = load("chain")
    x = tf.tensor([[1.0], [2.0]])
    y = tf.tensor([7], dtype="int32")
    bad_shape = tf.tensor([1.0, 2.0])
    bad_dtype = tf.tensor([7.0])
    with pytest.raises(ValueError, match="Input tensor count mismatch"):
        model.execute([x])
    with pytest.raises(ValueError, match=r"keys: \['z'\] that are not part of graph"):
        model.execute({"x": x, "z": y})
    with pytest.raises(ValueError, match=r"must be \[2, -1\], but was \[2\]"):
        model.execute({"x": bad_shape, "y": y})
    with pytest.raises(ValueError, match="must be int32, but was float32"):
        model.execute({"x": x, "y": bad_dtype})
    with pytest.raises(TypeError, match="must be a Tensor"):
        model.execute({"x": [[1.0], [2.0]], "y": y})
    with pytest.raises(ValueError, match="Missing the following inputs: \\['y'\\]"):
        model.execute({"x": x}, ["yout"])
    with pytest.raises(ValueError, match="The output 'nope' is not found"):
        model.execute({"x": x, "y": y}, "nope")
    tf.dispose([x, y, bad_shape, bad_dtype])


def test_unknown_dims_accept_any_size(load):
    model = load("add_mul")
    for n in (0, 1, 5):
        x = tf.zeros([n])
        y = model.execute({"x": x})
        assert y.shape == (n,)
        tf.dispose([x, y])


def test_only_the_needed_subgraph_runs(load):
    model = load("chain")
    x = tf.tensor([[3.0], [1.0]])
    sq = model.execute({"x": x}, "sq")  # y is not needed for `sq`
    assert sq.array_sync() == [[9.0], [1.0]]
    tf.dispose([x, sq])


def test_switch_merge(load):
    model = load("switch_merge")
    x = tf.tensor([1.0, -2.0])
    yes, no = tf.scalar(True, "bool"), tf.scalar(False, "bool")
    a = model.execute({"x": x, "pred": yes})
    b = model.execute({"x": x, "pred": no})
    assert a.array_sync() == [2.0, -4.0] and b.array_sync() == [-1.0, 2.0]
    tf.dispose([x, yes, no, a, b])


def test_functional_while_and_if(load):
    model = load("functional")
    before = tf.memory()["num_tensors"]
    x = tf.tensor([1.0, 2.0])
    yes = tf.scalar(True, "bool")
    count, acc, branch = model.execute({"x": x, "pred": yes}, ["count", "acc", "branch"])
    assert count.array_sync() == 5 and acc.array_sync() == [3.5, 4.5] and branch.array_sync() == [2.0, 4.0]
    assert tf.memory()["num_tensors"] == before + 2 + 3
    tf.dispose([x, yes, count, acc, branch])


def test_library_functions_key_nothing_by_the_values_they_are_called_with(load):
    """A function runs with new values each call (a loop's counter): its plans read no
    feed on the host to key a program, nor resolve a conditional by one."""
    model = load("functional")
    functions = model.executor.functions
    assert not model.executor.function and set(functions) == {"cond_fn", "body_fn", "then_fn", "else_fn"}
    assert all(executor.function for executor in functions.values())
    x, yes = tf.tensor([1.0, 2.0]), tf.scalar(True, "bool")
    for _ in range(3):
        tf.dispose(model.execute({"x": x, "pred": yes}, ["count", "acc"]))
    keys = [key for executor in functions.values() for key in executor.plan_programs.by_key]
    assert keys and all(key[-1] == () for key in keys)  # no feed's values in any key
    tf.dispose([x, yes])


def test_execute_async_same_results(load):
    model = load("frames_loop")
    x = tf.scalar(2, "int32")
    sync = model.execute(x)
    result = asyncio.run(model.execute_async(x))
    assert result.array_sync() == sync.array_sync() == 5
    tf.dispose([x, sync, result])


def test_execute_inside_tidy_returns_outputs(load):
    model = load("add_mul")
    x = tf.tensor([1.0])
    y = tf.tidy(lambda: model.execute(x))
    assert y.array_sync() == [3.0]
    tf.dispose([x, y])


def test_unsupported_ops_listed_at_load():
    with pytest.raises(ValueError) as info:
        tf.load_graph_model(str(FIXTURES / "unsupported" / "model.json"))
    message = str(info.value)
    assert (
        "2 op(s)" in message and "'FancyOp' (nodes 'a', 'b')" in message and "'OtherOp' (node 'c')" in message
    )


def test_frames_graph_without_its_input_names_what_is_missing(load):
    model = load("switch_merge")
    x = tf.tensor([1.0])
    with pytest.raises(ValueError, match=r"Consider providing the following inputs: \['pred'\]"):
        model.execute({"x": x})
    tf.dispose(x)


def test_string_attributes_of_old_converters_are_character_codes():
    from tfjs.converter.attrs import decode_attrs

    assert decode_attrs({"padding": {"s": [83, 65, 77, 69]}, "data_format": {"s": "TkhXQw=="}}) == {
        "padding": "SAME",
        "data_format": "NHWC",
    }


def test_every_tf_op_of_the_converter_has_a_mapper_in_its_category():
    """The 245 TF ops TF.js's converter maps (shared/GRAPH_OPS.md, copied into
    tests/fixtures/graph_ops.txt), each registered under TF.js's category."""
    from pathlib import Path

    import tfjs.converter.ops  # noqa: F401  (registers the mappers)
    from tfjs.converter.op_registry import get_mapper, supported_ops

    listed = [
        line.split()
        for line in (Path(__file__).parents[1] / "fixtures" / "graph_ops.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert len(listed) == 245
    wrong = [
        (op, category) for category, op in listed if (m := get_mapper(op)) is None or m.category != category
    ]
    assert wrong == []
    assert set(supported_ops()) == {op for _, op in listed}
