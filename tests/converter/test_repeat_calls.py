"""A graph model called again as it was last called (converter/repeat_calls.py) goes
straight to its plan program: right values from each call's feeds, in the program's feed
order whatever order they were given in; a disposed feed, new shapes, other outputs, debug
mode or kept intermediates take the usual path, with its errors."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.converter.test_plan_programs import F32, load, node
from tests.graph_fixtures import placeholder
from tfjs.converter.executor import GraphExecutor

RNG = np.random.default_rng(3)


def difference_model() -> tf.GraphModel:
    """a [-1, 3], b [-1, 3] -> out = a - b, twice = (a - b) * 2."""
    nodes = [
        placeholder("b", [-1, 3]),
        placeholder("a", [-1, 3]),
        node("out", "Sub", ["a", "b"], **F32),
        node("twice", "Add", ["out", "out"], **F32),
    ]
    return load(nodes, [], b"")


@pytest.fixture
def usual_paths(monkeypatch):
    """How many calls took the usual path (GraphExecutor.run_steps)."""
    calls = []
    run_steps = GraphExecutor.run_steps

    def counting(self, *args, **kwargs):
        calls.append(self)
        return run_steps(self, *args, **kwargs)

    monkeypatch.setattr(GraphExecutor, "run_steps", counting)
    return calls


def feeds(rows: int = 2) -> dict[str, tf.Tensor]:
    return {name: tf.tensor(RNG.standard_normal((rows, 3)).astype(np.float32)) for name in ("b", "a")}


def test_a_repeated_call_runs_its_program_on_each_calls_feeds(backend, usual_paths):
    model = difference_model()
    for call in range(5):
        given = feeds()  # b before a: the program's feed order is a, b
        got = model.execute(given, "twice")
        want = (given["a"].numpy() - given["b"].numpy()) * 2
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-6)
        tf.dispose([got, *given.values()])
        assert len(usual_paths) == min(call + 1, 2)  # recorded, then ran the program once that way
    model.dispose()


def repeated(usual_paths: list) -> tuple[tf.GraphModel, dict[str, tf.Tensor]]:
    """The model after three equal calls (the usual path twice, then a repeat), and its feeds."""
    model = difference_model()
    given = feeds()
    for _ in range(3):
        tf.dispose(model.execute(given, "twice"))
    assert len(usual_paths) == 2
    return model, given


def test_a_call_that_differs_from_the_last_takes_the_usual_path(backend, usual_paths):
    model, given = repeated(usual_paths)
    out = model.execute(given, "out")  # other outputs
    np.testing.assert_allclose(out.numpy(), given["a"].numpy() - given["b"].numpy(), rtol=1e-6)
    assert len(usual_paths) == 3
    wider = feeds(rows=4)  # other shapes
    tf.dispose([model.execute(wider, "twice"), out])
    assert len(usual_paths) == 4
    tf.dispose([*given.values(), *wider.values()])
    model.dispose()


def test_a_repeat_with_a_disposed_feed_raises_the_usual_error(backend, usual_paths):
    model, given = repeated(usual_paths)
    given["a"].dispose()
    with pytest.raises(ValueError, match="The input 'a' is a disposed tensor"):
        model.execute(given, "twice")
    with pytest.raises(TypeError, match="The input 'a' must be a Tensor"):
        model.execute({"a": np.zeros((2, 3), np.float32), "b": given["b"]}, "twice")
    tf.dispose(given["b"])
    model.dispose()


def test_debug_mode_and_kept_intermediates_take_the_usual_path(backend, usual_paths):
    model, given = repeated(usual_paths)
    tf.env().set("KEEP_INTERMEDIATE_TENSORS", True)
    try:
        tf.dispose(model.execute(given, "twice"))
        assert len(usual_paths) == 3 and "out" in model.executor.intermediate_tensors
    finally:
        tf.env().set("KEEP_INTERMEDIATE_TENSORS", False)
    tf.env().set("DEBUG", True)
    try:
        tf.dispose(model.execute(given, "twice"))
        assert len(usual_paths) == 4
    finally:
        tf.env().set("DEBUG", False)
    tf.dispose(list(given.values()))
    model.dispose()
