"""Models built and trained with this project's layers API and saved in TF.js's format:
tests/layers/fixtures/saved_by_python/<name>/ holds each one's model.json, weights.bin
and inputs.json. The official runtime loads them strictly and records its predictions
(tfjs_outputs.json) with

    python3 -m tests.layers.python_saves          # writes the saves
    cd tests/layers/reference && npm ci && node record_layers.js --check-python-saves \\
        ../fixtures/saved_by_python

test_tfjs_recorded.py checks that Python predicts what TF.js recorded, and
test_python_saves.py that today's `save` still writes the same structure and weight bytes.
Everything is seeded and trained without shuffling, on `cpu`, so a rebuild is identical.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

import tfjs as tf

FOLDER = Path(__file__).parent / "fixtures" / "saved_by_python"


def _glorot(seed: int) -> object:
    return tf.initializers.glorot_uniform(seed=seed)


def _data(shape: list[int], seed: int) -> np.ndarray:
    """Deterministic float32 values in [-1, 1)."""
    count = int(np.prod(shape))
    return (
        (((np.arange(count) * 7919 + seed * 104729) % 2000) / 1000.0 - 1.0).astype(np.float32).reshape(shape)
    )


def mlp_regression() -> tuple[object, list[np.ndarray]]:
    model = tf.sequential(name="mlp")
    model.add(tf.layers.dense(units=8, input_shape=[4], activation="relu", kernel_initializer=_glorot(1)))
    model.add(
        tf.layers.dense(
            units=2, kernel_initializer=_glorot(2), kernel_regularizer=tf.regularizers.l2(l2=0.01)
        )
    )
    model.compile(optimizer=tf.train.adam(0.01), loss="meanSquaredError")
    x, y = tf.tensor(_data([16, 4], 1)), tf.tensor(_data([16, 2], 2))
    model.fit(x, y, epochs=3, batch_size=4, shuffle=False, verbose=0)
    tf.dispose([x, y])
    return model, [_data([3, 4], 3)]


def small_cnn() -> tuple[object, list[np.ndarray]]:
    model = tf.sequential(name="cnn")
    model.add(
        tf.layers.conv2d(
            filters=4, kernel_size=3, padding="same", input_shape=[8, 8, 2], kernel_initializer=_glorot(3)
        )
    )
    model.add(tf.layers.batch_normalization())
    model.add(tf.layers.re_lu())
    model.add(tf.layers.max_pooling2d(pool_size=2))
    model.add(
        tf.layers.separable_conv2d(
            filters=3, kernel_size=3, depthwise_initializer=_glorot(4), pointwise_initializer=_glorot(5)
        )
    )
    model.add(tf.layers.global_average_pooling2d())
    model.add(tf.layers.dense(units=3, activation="softmax", kernel_initializer=_glorot(6)))
    model.compile(optimizer=tf.train.sgd(0.1), loss="categoricalCrossentropy", metrics=["accuracy"])
    x = tf.tensor(_data([6, 8, 8, 2], 4))
    y = tf.tidy(lambda: tf.one_hot(tf.tensor([0, 1, 2, 0, 1, 2], dtype="int32"), 3))
    model.fit(x, y, epochs=2, batch_size=3, shuffle=False, verbose=0)
    tf.dispose([x, y])
    return model, [_data([2, 8, 8, 2], 5)]


def text_rnn() -> tuple[object, list[np.ndarray]]:
    model = tf.sequential(name="text_rnn")
    model.add(
        tf.layers.embedding(
            input_dim=10,
            output_dim=4,
            input_length=5,
            mask_zero=True,
            embeddings_initializer=tf.initializers.random_uniform(seed=7),
        )
    )
    model.add(
        tf.layers.bidirectional(
            layer=tf.layers.lstm(
                units=3,
                return_sequences=True,
                kernel_initializer=_glorot(8),
                recurrent_initializer=tf.initializers.orthogonal(seed=9),
            ),
            merge_mode="concat",
        )
    )
    model.add(tf.layers.gru(units=2, kernel_initializer=_glorot(10), recurrent_initializer=_glorot(11)))
    model.add(tf.layers.dense(units=1, activation="sigmoid", kernel_initializer=_glorot(12)))
    model.compile(optimizer=tf.train.rmsprop(0.01), loss="binaryCrossentropy")
    tokens = np.array([[1, 2, 3, 0, 0], [4, 5, 0, 0, 0], [6, 7, 8, 9, 1], [2, 2, 0, 0, 0]], dtype=np.float32)
    x, y = tf.tensor(tokens), tf.tensor([[1.0], [0.0], [1.0], [0.0]])
    model.fit(x, y, epochs=2, batch_size=2, shuffle=False, verbose=0)
    tf.dispose([x, y])
    return model, [np.array([[3, 1, 4, 0, 0], [9, 2, 6, 5, 3]], dtype=np.float32)]


def two_inputs_two_outputs() -> tuple[object, list[np.ndarray]]:
    left, right = tf.input(shape=[3], name="left"), tf.input(shape=[3], name="right")
    shared = tf.layers.dense(units=4, activation="tanh", kernel_initializer=_glorot(13), name="shared")
    merged = tf.layers.concatenate().apply([shared.apply(left), shared.apply(right)])
    total = tf.layers.add().apply([shared.apply(left), shared.apply(right)])
    score = tf.layers.dense(units=1, kernel_initializer=_glorot(14), name="score").apply(merged)
    kind = tf.layers.dense(units=2, activation="softmax", kernel_initializer=_glorot(15), name="kind").apply(
        total
    )
    model = tf.model(inputs=[left, right], outputs=[score, kind], name="two_way")
    model.compile(optimizer="adam", loss=["meanSquaredError", "categoricalCrossentropy"])
    a, b = tf.tensor(_data([8, 3], 16)), tf.tensor(_data([8, 3], 17))
    s = tf.tensor(_data([8, 1], 18))
    k = tf.tidy(lambda: tf.one_hot(tf.tensor([0, 1] * 4, dtype="int32"), 2))
    model.fit([a, b], [s, k], epochs=2, batch_size=4, shuffle=False, verbose=0)
    tf.dispose([a, b, s, k])
    return model, [_data([2, 3], 19), _data([2, 3], 20)]


BUILDERS: dict[str, Callable[[], tuple[object, list[np.ndarray]]]] = {
    "mlp_regression": mlp_regression,
    "small_cnn": small_cnn,
    "text_rnn": text_rnn,
    "two_inputs_two_outputs": two_inputs_two_outputs,
}


def save(name: str, folder: Path) -> None:
    """Builds, trains and saves model `name` (with its inputs.json) into `folder`."""
    tf.set_backend("cpu")
    model, inputs = BUILDERS[name]()
    try:
        model.save(str(folder))
    finally:
        model.optimizer.dispose()  # an optimizer object given to compile is the caller's
        model.dispose()
    encoded = [{"dtype": "float32", "shape": list(x.shape), "values": x.reshape(-1).tolist()} for x in inputs]
    (folder / "inputs.json").write_text(json.dumps({"inputs": encoded}))


def main(arguments: list[str]) -> None:
    """`[--out DIR] [NAME ...]`: saves the named models (default all) under DIR (default
    the fixtures' folder). Layer and weight names come from process-wide counters, as in
    TF.js, so a save is reproducible in a fresh process only."""
    out = FOLDER
    if arguments[:1] == ["--out"]:
        out, arguments = Path(arguments[1]), arguments[2:]
    for name in arguments or list(BUILDERS):
        folder = out / name
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        save(name, folder)
        print(f"saved {folder}")


if __name__ == "__main__":
    main(sys.argv[1:])
