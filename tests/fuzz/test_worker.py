"""The fuzz worker reports each kind of outcome and survives crashes and hangs."""

from __future__ import annotations

import os
import signal
import time

import pytest

import tfjs as tf
from tests.fuzz.worker import CRASHED, LEAKED, RAISED, RETURNED, TIMED_OUT, TensorSummary, Worker

HERE = "tests.fuzz.test_worker"


def make_tensor(n: int) -> tf.Tensor:
    return tf.zeros([n, 2])


def fail_inside() -> None:
    {}["missing"]


def leak_one() -> int:
    tf.ones([3]).square()  # the square's input and result both stay alive
    return 1


def hang() -> None:
    time.sleep(60)


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def allocate(n_bytes: int) -> int:
    return len(bytearray(n_bytes))


async def add_async(a: int, b: int) -> int:
    return a + b


@pytest.fixture(scope="module")
def worker():
    with Worker(memory_limit=2 * 2**30, time_limit=20.0) as running:
        yield running


def test_a_returned_tensor_is_summarised_and_disposed(worker):
    outcome = worker.call(f"{HERE}:make_tensor", 4)
    assert outcome.kind == RETURNED
    assert outcome.value == TensorSummary((4, 2), "float32")


def test_an_exception_names_its_type_message_and_innermost_frame(worker):
    outcome = worker.call(f"{HERE}:fail_inside")
    assert (outcome.kind, outcome.exc_type, outcome.exc_message) == (RAISED, "builtins.KeyError", "'missing'")
    assert outcome.innermost_frame[2] == "fail_inside"


def test_tensors_left_alive_are_a_leak(worker):
    outcome = worker.call(f"{HERE}:leak_one")
    assert (outcome.kind, outcome.leaked, outcome.value) == (LEAKED, 2, 1)


def test_a_coroutine_is_awaited(worker):
    assert worker.call(f"{HERE}:add_async", 2, b=3).value == 5


def test_memory_beyond_the_cap_is_a_memory_error(worker):
    outcome = worker.call(f"{HERE}:allocate", 3 * 2**30)
    assert (outcome.kind, outcome.exc_type) == (RAISED, "builtins.MemoryError")


def test_a_hang_is_killed_and_the_worker_restarts(worker):
    outcome = worker.call(f"{HERE}:hang", time_limit=1.0)
    assert outcome.kind == TIMED_OUT
    restarts = worker.restarts
    assert worker.call(f"{HERE}:add_async", 1, 1).value == 2
    assert worker.restarts == restarts + 1


def test_a_crash_is_reported_with_its_signal_and_the_worker_restarts(worker):
    outcome = worker.call(f"{HERE}:die")
    assert (outcome.kind, outcome.exitcode) == (CRASHED, -signal.SIGKILL)
    assert worker.call(f"{HERE}:add_async", 1, 2).value == 3
