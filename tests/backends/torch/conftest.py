"""Fixtures shared by the torch backend's tests."""

from __future__ import annotations

import pytest

import tfjs as tf
from tfjs.backends.torch import TORCH, register_torch_backend


@pytest.fixture
def torch_backend():
    """The torch backend active; the hooks a test may replace with stand-ins (its event
    source, its allocator's counts) are put back after."""
    registered_here = register_torch_backend()
    assert tf.set_backend(TORCH)
    backend = tf.engine().find_backend(TORCH)
    saved = backend.event_source, backend.allocator_bytes
    yield backend
    backend.event_source, backend.allocator_bytes = saved
    tf.set_backend("cpu")
    if registered_here:
        tf.remove_backend(TORCH)


@pytest.fixture
def on_torch_cpu():
    """The torch backend, on the CPU device (where compile_plan compiles), for one test."""
    previous = tf.get_backend()
    if not tf.set_backend("torch") or tf.backend().device.type != "cpu":
        tf.set_backend(previous)
        pytest.skip("compile_plan compiles on the torch backend's CPU device only")
    yield
    tf.set_backend(previous)
