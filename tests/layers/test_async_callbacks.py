"""Callbacks that are coroutine functions, as TF.js's `async (epoch, logs) => ...`: fit
runs each to its end before going on (TF.js awaits them), in this thread's own event loop
where none runs, and by stepping it inside the loop that called fit, where it may only
yield to the loop; anything else there is a clear error."""

from __future__ import annotations

import asyncio

import pytest

import tfjs as tf
from tests.layers.test_training import line_model


@pytest.fixture
def model():
    model = line_model("async_cb_line")
    model.compile(optimizer="sgd", loss="meanSquaredError")
    yield model
    model.dispose()


@pytest.fixture
def data():
    x, y = tf.ones([4, 1]), tf.fill([4, 1], 3.0)
    yield x, y
    tf.dispose([x, y])


def _recording(seen: list, tag: str, pause=tf.next_frame):
    async def hook(step, logs):
        await pause()
        seen.append((tag, step, round(logs["loss"], 6)))

    return hook


def test_async_hooks_run_to_their_end_outside_an_event_loop(model, data):
    seen: list = []

    class Recorder(tf.callbacks.Callback):
        async def on_epoch_end(self, epoch, logs=None):
            await asyncio.sleep(0.001)  # a real wait: this thread runs no loop, fit gives it one
            seen.append(("subclass", epoch))

    history = model.fit(*data, epochs=2, batch_size=2, verbose=0,
                        callbacks=[{"onBatchEnd": _recording(seen, "batch")}, Recorder()])  # fmt: skip
    assert [s[:2] for s in seen] == [("batch", 0), ("batch", 1), ("subclass", 0),
                                     ("batch", 0), ("batch", 1), ("subclass", 1)]  # fmt: skip
    assert seen[1][2] > 0 and len(history.history["loss"]) == 2


def test_async_hooks_inside_the_loop_that_called_fit(model, data):
    seen: list = []

    async def main():
        model.fit(*data, epochs=1, batch_size=2, verbose=0, callbacks={"on_batch_end": _recording(seen, "b")})
        waiting = _recording(seen, "e", pause=lambda: asyncio.sleep(0.01))
        with pytest.raises(RuntimeError, match=r"on_epoch_end awaited <Future pending>.*asyncio.to_thread"):
            model.fit(*data, epochs=1, verbose=0, callbacks={"onEpochEnd": waiting})
        await asyncio.to_thread(model.fit, *data, epochs=1, verbose=0, callbacks={"onEpochEnd": waiting})

    asyncio.run(main())
    assert [s[:2] for s in seen] == [("b", 0), ("b", 1), ("e", 0)]
