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
    "fit": ("fit", lambda m, x: m.fit(x, x, {"epochs": 2})),
    "evaluate": ("evaluate", lambda m, x: m.evaluate(x, x, {"batch_size": 2})),
    "predict": ("predict", lambda m, x: m.predict(x, {"batch_size": 2})),
    "fit_dataset": (
        r"fit_dataset\(dataset, ...\)",
        lambda m, x: m.fit_dataset([(x, x)], {"epochs": 2}),
    ),
    "evaluate_dataset": (
        r"evaluate_dataset\(dataset, ...\)",
        lambda m, x: m.evaluate_dataset([(x, x)], {"batches": 1}),
    ),
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


def test_apply_takes_tfjs_kwargs_object_and_summary_checks_its_line_length() -> None:
    dropout, x = tf.layers.dropout(rate=0.5, seed=1), tf.ones([1, 1000])
    kept = dropout.apply(x, {"training": True})  # TF.js: layer.apply(x, {training: true})
    assert 0 < (kept.numpy() == 0).sum() < 1000 and set(kept.numpy().ravel()) == {0.0, 2.0}
    plain = dropout.apply(x)
    assert plain.numpy().sum() == 1000.0
    with pytest.raises(
        TypeError, match=r"apply\(inputs, kwargs\): kwargs is a dict of call arguments, got True"
    ):
        dropout.apply(x, True)
    lstm = tf.layers.lstm(units=2, kernel_initializer="ones", recurrent_initializer="ones")
    state, sequence = [tf.fill([1, 2], 0.5), tf.fill([1, 2], 0.5)], tf.ones([1, 3, 2])
    by_object = lstm.apply(sequence, {"initial_state": state})
    by_keyword = lstm.apply(sequence, initial_state=state)
    zero_state = lstm.apply(sequence)
    assert by_object.array_sync() == by_keyword.array_sync() != zero_state.array_sync()
    model = _compiled()
    with pytest.raises(TypeError, match=r"summary: line_length must be an int, got \{'lineLength': 80\}"):
        model.summary({"lineLength": 80})
    tf.dispose([x, kept, plain, *state, sequence, by_object, by_keyword, zero_state])
    dropout.dispose()
    lstm.dispose()
    model.dispose()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: tf.layers.dense(units=1, inputShape=[2]),
            r"Dense factory: unknown argument 'inputShape' \(did you mean 'input_shape'\? TF.js's config",
        ),
        (
            lambda: tf.layers.dense(unit=3),
            r"Dense factory: unknown argument 'unit' \(did you mean 'units'\?\)",
        ),
        (
            lambda: tf.layers.lstm(units=2, returnSequences=True),
            r"LSTM factory: unknown argument 'returnSequences' \(did you mean 'return_sequences'\?",
        ),
        (lambda: tf.layers.dense(units=1, zzz=1), r"Dense factory: unknown argument 'zzz'$"),
    ],
)
def test_a_camel_case_or_misspelt_argument_is_named_with_its_fix(make, message) -> None:
    with pytest.raises(TypeError, match=message):
        make()
    assert tf.layers.lstm(units=2, return_sequences=True).return_sequences  # the cell's keys pass
