"""Small helpers shared by the tests."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import tfjs as tf


@contextlib.contextmanager
def scope() -> Iterator[None]:
    """The block as the body of a `tf.tidy`: the tensors it makes are disposed at its end."""
    engine = tf.engine()
    engine.start_scope("test")
    try:
        yield
    finally:
        engine.end_scope()


def no_new_buffers(fn: Callable[[], Any]) -> Any:
    """Runs `fn`, checking it leaves no tensor, engine buffer or backend buffer behind."""
    memory = tf.memory()
    backend_buffers = tf.backend().num_data_ids()
    result = fn()
    after = tf.memory()
    assert after["num_tensors"] == memory["num_tensors"]
    assert after["num_data_buffers"] == memory["num_data_buffers"]
    assert tf.backend().num_data_ids() == backend_buffers
    return result
