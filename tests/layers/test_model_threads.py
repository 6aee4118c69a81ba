"""A layers model used from several threads (a web server's pool): its calls run one at
a time, as a graph model's `execute` does, so none fails inside another (the engine is
used from one thread at a time, as TF.js's is); a callback of `fit` may still call the
same model."""

from __future__ import annotations

import threading

import numpy as np

import tfjs as tf


def _model() -> tf.LayersModel:
    model = tf.sequential()
    model.add(tf.layers.dense(units=16, input_shape=[8], activation="relu", kernel_initializer="ones"))
    model.add(tf.layers.dense(units=2, kernel_initializer="ones"))
    model.compile(optimizer=tf.train.sgd(0.0), loss="meanSquaredError")
    return model


def test_threads_calling_one_model_take_turns(backend):
    model = _model()
    x = tf.tensor(np.arange(32, dtype=np.float32).reshape(4, 8) / 32)
    y = tf.zeros([4, 2])
    first = model.predict(x)
    want = first.numpy()
    errors: list[BaseException] = []
    got: list[np.ndarray] = []

    def calls() -> None:
        try:
            for _ in range(10):
                out = model.predict(x, batch_size=2)
                got.append(out.numpy())
                out.dispose()
                model.evaluate(x, y).dispose()
                model.train_on_batch(x, y)
        except BaseException as error:  # handed to the test thread
            errors.append(error)

    threads = [threading.Thread(target=calls) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == [] and len(got) == 30
    for values in got:
        np.testing.assert_array_equal(values, want)
    tf.dispose([x, y, first])
    model.optimizer.dispose()
    model.dispose()


def test_a_fit_callback_may_call_the_same_model():
    model, x, y = _model(), tf.ones([2, 8]), tf.zeros([2, 2])
    seen = []

    def on_epoch_end(epoch, logs):
        out = model.predict(x)
        seen.append(out.shape)
        out.dispose()

    model.fit(x, y, epochs=2, verbose=0, callbacks={"on_epoch_end": on_epoch_end})
    assert seen == [(2, 2), (2, 2)]
    tf.dispose([x, y])
    model.optimizer.dispose()
    model.dispose()
