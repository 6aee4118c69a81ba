"""A graph model's `execute` called from several threads: the calls run one at a time
(the engine is used from one thread at a time, as TF.js's is; a model's executor keeps
the state of its plans and of a run in its frames)."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import tfjs as tf

LOOP = Path(__file__).parent / "fixtures" / "frames_loop" / "model.json"


def test_two_threads_calls_never_overlap(monkeypatch):
    """While one thread's `execute` runs the model's executor, another's waits (each run
    here holds the executor 5 ms; without the model's lock two faceboxes calls at once
    disposed each other's tensors)."""
    model = tf.load_graph_model(str(LOOP))
    running, overlaps = [], []
    execute = model.executor.execute

    def slow(*args, **kwargs):
        running.append(threading.current_thread())
        if len(running) > 1:
            overlaps.append(tuple(running))
        time.sleep(0.005)
        try:
            return execute(*args, **kwargs)
        finally:
            running.remove(threading.current_thread())

    monkeypatch.setattr(model.executor, "execute", slow)
    x = tf.scalar(0, "int32")

    def calls() -> None:
        for _ in range(5):
            tf.dispose(model.execute(x))

    threads = [threading.Thread(target=calls) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert overlaps == []
    x.dispose()
    model.dispose()


def test_tasks_of_one_event_loop_run_their_calls_one_at_a_time(monkeypatch, backend):
    """execute_async lets the loop run between nodes; another task's call on the same
    model waits for the first to end (interleaved, the calls ran in each other's state:
    movenet-multipose four at once left 39 tensors behind after its dispose)."""
    monkeypatch.setattr("tfjs.converter.graph_model._YIELD_EVERY_S", 0.0)  # yield at every node
    model = tf.load_graph_model(str(LOOP))
    steps = model.execute_steps
    running, overlaps = [], []

    def watched(*args, **kwargs):
        running.append(1)
        if len(running) > 1:
            overlaps.append(len(running))
        try:
            return (yield from steps(*args, **kwargs))
        finally:
            running.pop()

    monkeypatch.setattr(model, "execute_steps", watched)
    starts = [tf.scalar(k, "int32") for k in (0, 7, 9)]

    async def together():
        return await asyncio.gather(*[model.execute_async(x) for x in starts])

    outputs = asyncio.run(together())
    assert overlaps == []
    assert [t.array_sync() for t in outputs] == [5, 7, 9]  # the loop counts x up to 5
    tf.dispose([*outputs, *starts])
    model.dispose()
