"""The engine is used from one thread at a time, as TF.js's is: a second thread's op
while another thread is inside an op or a tidy is a clear error, never corrupted
bookkeeping; threads taking turns work."""

from __future__ import annotations

import threading

import pytest

import tfjs as tf


def _in_thread(fn):
    outcome: dict = {}

    def run() -> None:
        try:
            outcome["value"] = fn()
        except Exception as error:  # handed back to the test thread to assert on
            outcome["error"] = error

    worker = threading.Thread(target=run, name="second")
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive()
    return outcome


def test_an_op_from_another_thread_during_a_tidy_is_refused():
    x = tf.tensor([1.0, 2.0])
    before = tf.memory()

    def inside() -> tf.Tensor:
        outcome = _in_thread(lambda: tf.add(x, 1))
        assert "value" not in outcome
        error = outcome["error"]
        assert isinstance(error, RuntimeError)
        expected = "'add' was called from thread 'second' while thread 'MainThread' is inside 'tidy'"
        assert expected in str(error)
        assert "one thread at a time" in str(error)
        return tf.mul(x, 2)

    doubled = tf.tidy(inside)
    assert doubled.array_sync() == [2.0, 4.0]
    doubled.dispose()
    assert tf.memory() == before  # the refused op left nothing behind
    x.dispose()


def test_another_thread_inside_an_op_blocks_this_one_until_it_ends():
    entered, release = threading.Event(), threading.Event()
    x = tf.tensor([3.0])

    def slow() -> tf.Tensor:
        entered.set()
        release.wait(timeout=30)
        return tf.square(x)

    results: dict = {}
    worker = threading.Thread(target=lambda: results.update(y=tf.tidy("slow", slow)), name="second")
    worker.start()
    assert entered.wait(timeout=30)
    busy = r"'neg' was called from thread 'MainThread' while thread 'second' is inside 'slow'"
    with pytest.raises(RuntimeError, match=busy):
        tf.neg(x)
    release.set()
    worker.join(timeout=30)
    assert results["y"].array_sync() == [9.0]  # the other thread's work was not disturbed
    y = tf.neg(x)  # and this thread may use the engine now
    assert y.array_sync() == [-3.0]
    tf.dispose([x, y, results["y"]])


def test_threads_taking_turns_keep_exact_bookkeeping():
    lock = threading.Lock()
    made: list[tf.Tensor] = []

    def work() -> None:
        for _ in range(50):
            with lock:
                made.append(tf.tidy(lambda: tf.add(tf.ones([4]), tf.zeros([4]))))

    workers = [threading.Thread(target=work) for _ in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    assert len(made) == 150
    assert tf.memory()["num_tensors"] >= 150
    assert all(t.array_sync() == [1.0, 1.0, 1.0, 1.0] for t in made)
    tf.dispose(made)
