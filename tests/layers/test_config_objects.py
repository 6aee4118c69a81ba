"""A TF.js config object given where this package takes keyword arguments (API.md) is a
TypeError that shows the keyword form, raised before anything is made."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import tfjs as tf


def _compiled() -> Any:
    model = tf.sequential()
    model.add(tf.layers.dense(units=1, input_shape=[1]))
    model.compile(optimizer="sgd", loss="meanSquaredError")
    return model


CALLS: dict[str, tuple[str, Callable[[Any, Any], Any]]] = {
    "layer factory": ("tf.layers' Dense factory", lambda m, x: tf.layers.dense({"units": 8})),
    "rnn cell factory": ("tf.layers' LSTMCell factory", lambda m, x: tf.layers.lstm_cell({"units": 2})),
    "sequential": ("tf.sequential", lambda m, x: tf.sequential({"layers": []})),
    "input": ("tf.input", lambda m, x: tf.input({"shape": [2]})),
    "model": ("tf.model", lambda m, x: tf.model({"inputs": None, "outputs": None})),
    "compile": ("compile", lambda m, x: m.compile({"optimizer": "sgd", "loss": "meanSquaredError"})),
    "fit": (r"fit\(x, y, ...\)", lambda m, x: m.fit(x, x, {"epochs": 2})),
    "evaluate": (r"evaluate\(x, y, ...\)", lambda m, x: m.evaluate(x, x, {"batch_size": 2})),
    "predict": (r"predict\(x, ...\)", lambda m, x: m.predict(x, {"batch_size": 2})),
    "early stopping": (
        "tf.callbacks.early_stopping",
        lambda m, x: tf.callbacks.early_stopping({"patience": 2}),
    ),
}


@pytest.mark.parametrize("call", CALLS, ids=list(CALLS))
def test_a_config_object_is_refused_with_the_keyword_form(call: str) -> None:
    model, x = _compiled(), tf.ones([2, 1])
    weights = [w.array_sync() for w in model.get_weights()]
    before = tf.memory()["num_tensors"]
    where, make = CALLS[call]
    with pytest.raises(
        TypeError,
        match=where + r" takes TF.js's config object as keyword arguments.*"
        r"is tf.layers.dense\(units=8, input_shape=\[4\]\)",
    ):
        make(model, x)
    assert tf.memory()["num_tensors"] == before
    assert [w.array_sync() for w in model.get_weights()] == weights  # nothing trained
    x.dispose()
    model.dispose()


def test_other_positional_arguments_and_a_monitor_that_is_no_name() -> None:
    with pytest.raises(TypeError, match=r"Dense factory takes keyword arguments only .* got 2 positional"):
        tf.layers.dense(8, [4])
    with pytest.raises(TypeError, match="early_stopping: monitor must be a metric's name, got int"):
        tf.callbacks.early_stopping(3)
    model = _compiled()
    with pytest.raises(ValueError, match="compile: a loss is required"):
        model.compile("sgd")
    model.dispose()
