"""A small CNN trained on the 8x8 handwritten digits (examples/assets/digits, with its
licence), evaluated on held-out images, saved in TF.js's layers format and loaded back.

    python examples/train_digits.py [OUT_DIR]

The saved folder (model.json + weights.bin) loads in TF.js with
`tf.loadLayersModel('file://OUT_DIR/model.json')`.
"""

from __future__ import annotations

import gzip
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import tfjs as tf

DATA = Path(__file__).parent / "assets" / "digits" / "digits.csv.gz"
TEST_SIZE = 297


def load_digits() -> tuple[np.ndarray, np.ndarray]:
    """The 1 797 images as [n, 8, 8, 1] floats in [0, 1] and their labels 0..9."""
    with gzip.open(DATA, "rt") as handle:
        table = np.loadtxt(handle, delimiter=",", dtype="float32")
    return (table[:, :64] / 16).reshape(-1, 8, 8, 1), table[:, 64].astype("int32")


def build_model() -> tf.LayersModel:
    model = tf.sequential(name="digits_cnn")
    conv = {"kernel_size": 3, "padding": "same", "activation": "relu"}
    model.add(tf.layers.conv2d(filters=16, input_shape=[8, 8, 1], **conv))
    model.add(tf.layers.max_pooling2d(pool_size=2))
    model.add(tf.layers.conv2d(filters=32, **conv))
    model.add(tf.layers.flatten())
    model.add(tf.layers.dropout(rate=0.25))
    model.add(tf.layers.dense(units=10, activation="softmax"))
    model.compile(optimizer=tf.train.adam(0.01), loss="sparseCategoricalCrossentropy", metrics=["accuracy"])
    return model


def accuracy(model: tf.LayersModel, x: tf.Tensor, labels: np.ndarray) -> float:
    probabilities = model.predict(x)
    predicted = probabilities.numpy().argmax(1)
    probabilities.dispose()
    return float((predicted == labels).mean())


def main(out_dir: str | None = None, epochs: int = 6, verbose: int = 2) -> dict[str, float]:
    """Trains, evaluates, saves to `out_dir` (a temporary folder by default), reloads and
    evaluates the reloaded model; returns the accuracies and the training time."""
    images, labels = load_digits()
    order = np.random.default_rng(0).permutation(len(labels))
    test, train = order[:TEST_SIZE], order[TEST_SIZE:]
    x_train, y_train = tf.tensor(images[train]), tf.tensor(labels[train].reshape(-1, 1).astype("float32"))
    x_test = tf.tensor(images[test])
    model = build_model()
    start = time.perf_counter()
    history = model.fit(x_train, y_train, epochs=epochs, batch_size=32, validation_split=0.1, verbose=verbose)
    seconds = time.perf_counter() - start
    result = {
        "train_seconds": seconds,
        "train_acc": history.history["acc"][-1],
        "test_acc": accuracy(model, x_test, labels[test]),
    }
    with tempfile.TemporaryDirectory() as scratch:
        folder = out_dir or scratch
        model.save(folder)
        reloaded = tf.load_layers_model(str(Path(folder) / "model.json"))
        result["reloaded_test_acc"] = accuracy(reloaded, x_test, labels[test])
        reloaded.dispose()
    test_acc, reloaded_acc = result["test_acc"], result["reloaded_test_acc"]
    print(f"test accuracy {test_acc:.3f} after {seconds:.1f} s of training; reloaded: {reloaded_acc:.3f}")
    tf.dispose([x_train, y_train, x_test])
    model.optimizer.dispose()
    model.dispose()
    return result


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
