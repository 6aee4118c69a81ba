"""Graph nodes lowered to kernel programs (converter/kernel_program.py): recorded once per
argument shapes and dtypes, then replayed with no op, giving what the op gives; never
reused where the op read values or drew random numbers; memory exact; errors leak nothing."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.graph_fixtures import placeholder
from tfjs.converter.kernel_program import record, replay
from tfjs.engine import ENGINE

F32 = {"T": {"type": "DT_FLOAT"}}
I32 = {"dtype": {"type": "DT_INT32"}}


def int_const(name: str, values: list[int]) -> dict:
    proto = {"dtype": "DT_INT32", "tensorShape": {"dim": [{"size": str(len(values))}]}, "intVal": values}
    return {"name": name, "op": "Const", "attr": {**I32, "value": {"tensor": proto}}}


def int_placeholder(name: str, dims: list[int]) -> dict:
    shape = {"dim": [{"size": str(d)} for d in dims]}
    return {"name": name, "op": "Placeholder", "attr": {**I32, "shape": {"shape": shape}}}


def load(nodes: list[dict]) -> tf.GraphModel:
    handler = tf.io.from_memory({"modelTopology": {"node": nodes}, "weightSpecs": [], "weightData": b""})
    return tf.load_graph_model(handler)


def reshape_model(shape_node: dict) -> tf.GraphModel:
    """x -> Reshape(x, shape) -> Neg -> Exp, with `shape_node` named 'shape'."""
    return load(
        [
            placeholder("x", [-1, 4]),
            shape_node,
            {"name": "r", "op": "Reshape", "input": ["x", "shape"], "attr": {**F32, "Tshape": I32["dtype"]}},
            {"name": "n", "op": "Neg", "input": ["r"], "attr": F32},
            {"name": "y", "op": "Exp", "input": ["n"], "attr": F32},
        ]
    )


@pytest.fixture
def op_scopes(monkeypatch):
    """How many op scopes (TF.js's op wrappers) open: none while nodes replay."""
    opened = []
    start_scope = ENGINE.start_scope

    def counting(name=None, is_op=False):
        if is_op:
            opened.append(name)
        return start_scope(name, is_op)

    monkeypatch.setattr(ENGINE, "start_scope", counting)
    return opened


def test_a_second_run_replays_kernels_and_computes_from_its_inputs(op_scopes):
    model = reshape_model(int_const("shape", [2, -1]))
    first, second = tf.tensor([[1.0, 2, 3, 4]] * 2), tf.tensor([[0.5, -1, 0, 2]] * 2)
    y1 = model.execute(first)
    assert op_scopes  # recorded: the ops ran
    op_scopes.clear()
    y2 = model.execute(second)
    assert op_scopes == []  # replayed: no op ran
    np.testing.assert_allclose(y1.numpy(), np.exp(-np.array([[1, 2, 3, 4]] * 2, np.float32)), rtol=1e-6)
    expected = tf.tidy(lambda: tf.exp(tf.neg(tf.reshape(second, [2, -1]))))
    assert y2.numpy().tobytes() == expected.numpy().tobytes()
    tf.dispose([first, second, y1, y2, expected])
    model.dispose()


def test_a_new_input_shape_records_again(op_scopes):
    model = reshape_model(int_const("shape", [-1, 2]))
    small, large = tf.ones([1, 4]), tf.ones([3, 4])
    tf.dispose(model.execute(small))
    op_scopes.clear()
    y = model.execute(large)
    assert op_scopes  # a shape not seen before runs the ops
    assert y.shape == (6, 2)
    op_scopes.clear()
    tf.dispose([y, model.execute(small), model.execute(large)])
    assert op_scopes == []  # both shapes are remembered
    tf.dispose([small, large])
    model.dispose()


def test_a_node_whose_op_reads_a_fed_value_is_never_replayed(op_scopes):
    model = reshape_model(int_placeholder("shape", [2]))
    x = tf.tensor([[1.0, 2, 3, 4]] * 2)
    first, second = tf.tensor([2, 4], dtype="int32"), tf.tensor([4, 2], dtype="int32")
    y1 = model.execute({"x": x, "shape": first})
    op_scopes.clear()
    y2 = model.execute({"x": x, "shape": second})
    assert y1.shape == (2, 4) and y2.shape == (4, 2)  # same shapes in, the values decide
    assert "reshape" in op_scopes  # the second run ran the op again
    tf.dispose([x, first, second, y1, y2])
    model.dispose()


def test_memory_is_exact_after_replayed_runs():
    model = reshape_model(int_const("shape", [2, -1]))
    x = tf.ones([2, 4])
    tf.dispose(model.execute(x))
    before = tf.memory()["num_tensors"], tf.memory()["num_bytes"]
    y = model.execute(x)
    assert (tf.memory()["num_tensors"], tf.memory()["num_bytes"]) == (before[0] + 1, before[1] + 32)
    tf.dispose([x, y])
    model.dispose()


def test_random_draws_are_never_replayed():
    result, program = record(lambda: tf.random_uniform([4]), [], set())
    assert program is None
    tf.dispose(result)


def test_a_host_made_constant_is_made_again_from_the_same_values():
    x = tf.tensor([1.0, 2.0])
    result, program = record(lambda: tf.tidy(lambda: tf.add(x, 10)), [x], set())
    assert program is not None
    other = tf.tensor([5.0, 6.0])
    before = tf.memory()["num_tensors"]
    (replayed,) = replay(program, [other])
    assert tf.memory()["num_tensors"] == before + 1  # the constant and nothing else freed
    np.testing.assert_array_equal(replayed.numpy(), [15.0, 16.0])
    tf.dispose([x, other, result, replayed])


def test_a_kernel_error_during_a_replay_leaks_nothing(monkeypatch):
    x = tf.tensor([[1.0, 2.0]])
    result, program = record(lambda: tf.tidy(lambda: tf.exp(tf.neg(x))), [x], set())
    assert program is not None and len(program.steps) == 2
    backend = program.steps[1].backend
    execute = backend.execute
    calls = []

    def failing_second(kernel_func, inputs, attrs):
        calls.append(kernel_func)
        if len(calls) == 2:
            raise ValueError("Exp: the kernel failed")
        return execute(kernel_func, inputs, attrs)

    monkeypatch.setattr(backend, "execute", failing_second)
    before = tf.memory()["num_tensors"]
    with pytest.raises(ValueError, match="Exp: the kernel failed"):
        replay(program, [x])
    assert tf.memory()["num_tensors"] == before  # Neg's output freed
    tf.dispose([x, result])


def test_profile_and_debug_see_every_op():
    model = reshape_model(int_const("shape", [2, -1]))
    x = tf.ones([2, 4])
    tf.dispose(model.execute(x))  # recorded
    info = tf.profile(lambda: tf.dispose(model.execute(x)))
    assert [k.name for k in info.kernels] == ["Reshape", "Neg", "Exp"]
    tf.dispose(x)
    model.dispose()


def test_each_node_keeps_its_most_recently_used_programs(op_scopes):
    model = reshape_model(int_const("shape", [-1, 2]))
    inputs = [tf.ones([rows, 4]) for rows in range(1, 11)]  # 10 shapes, 8 programs kept
    tf.dispose([model.execute(x) for x in inputs[:8]])
    tf.dispose(model.execute(inputs[0]))  # the first shape is used again: now the newest
    tf.dispose([model.execute(x) for x in inputs[8:]])  # drops shapes 2 and 3
    op_scopes.clear()
    tf.dispose(model.execute(inputs[0]))
    assert op_scopes == []
    tf.dispose(model.execute(inputs[1]))
    assert op_scopes  # recorded again
    tf.dispose(inputs)
    model.dispose()


def test_a_backend_removed_and_made_again_records_anew(op_scopes):
    from tfjs.backends.cpu.backend_cpu import CpuBackend

    engine = tf.engine()
    model = load(
        [
            placeholder("x", [-1, 4]),
            {"name": "n", "op": "Neg", "input": ["x"], "attr": F32},
            {"name": "y", "op": "Exp", "input": ["n"], "attr": F32},
        ]
    )
    x = tf.ones([2, 4])
    tf.dispose([model.execute(x), model.execute(x), x])  # recorded, then replayed
    try:
        engine.remove_backend("cpu")  # the instance the programs were recorded on is gone
    finally:
        engine.register_backend("cpu", CpuBackend, priority=1)
    tf.set_backend("cpu")
    x = tf.ones([2, 4])
    op_scopes.clear()
    y = model.execute(x)
    assert op_scopes  # the new instance's kernels are recorded, not the old ones replayed
    np.testing.assert_allclose(y.numpy(), np.full((2, 4), np.exp(-1.0)), rtol=1e-6)
    tf.dispose([x, y])
    model.dispose()
