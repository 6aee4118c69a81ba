"""A kernel missing on a backend runs on `cpu` when it is in that backend's forwarding
set (inputs moved lazily, outputs left on `cpu`, the profile naming `cpu`), and is an
error otherwise."""

from __future__ import annotations

import pytest

import tfjs as tf
from tests.twin_backend import TwinBackend

PARTIAL = "partial"


class PartialBackend(TwinBackend):
    """The cpu kernels, except 'Square' (forwarded to cpu) and 'Neg' (missing)."""

    forwarded_kernels = frozenset({"Square"})


@pytest.fixture
def partial():
    tf.register_backend(PARTIAL, PartialBackend, priority=-1)
    for config in tf.get_kernels_for_backend("cpu"):
        if config.kernel_name not in ("Square", "Neg"):
            tf.register_kernel(config.kernel_name, PARTIAL, config.kernel_func)
    tf.set_backend(PARTIAL)
    yield PARTIAL
    tf.set_backend("cpu")
    for config in tf.get_kernels_for_backend(PARTIAL):
        tf.unregister_kernel(config.kernel_name, PARTIAL)
    tf.remove_backend(PARTIAL)


def test_a_forwarded_kernel_runs_on_cpu_and_its_output_moves_back_lazily(partial):
    engine = tf.engine()
    x = tf.tensor([1.0, -2.0, 3.0])
    assert engine.backend_of(x) == PARTIAL
    squared = tf.square(x)
    assert engine.backend_of(squared) == "cpu"  # the output stays where it was made
    assert engine.backend_of(x) == "cpu"  # the input moved to the kernel's backend
    moves = engine.num_data_moves
    total = tf.add(squared, 1)  # a kernel of the active backend: the data moves back once
    assert engine.backend_of(total) == PARTIAL
    assert engine.backend_of(squared) == PARTIAL
    assert engine.num_data_moves == moves + 1
    assert total.array_sync() == [2.0, 5.0, 10.0]
    assert tf.memory()["num_tensors"] == 3
    tf.dispose([x, squared, total])


def test_the_profile_says_which_backend_ran_each_kernel(partial):
    x = tf.tensor([2.0])
    info = tf.profile(lambda: tf.tidy(lambda: tf.add(tf.square(x), 1)))
    assert [(k.name, k.backend) for k in info.kernels] == [("Square", "cpu"), ("Add", PARTIAL)]
    tf.dispose([x, info.result])


def test_a_kernel_missing_and_not_forwarded_is_an_error(partial):
    x = tf.tensor([1.0])
    with pytest.raises(NotImplementedError, match="Kernel 'Neg' not registered for backend 'partial'"):
        tf.neg(x)
    x.dispose()


class RefusingBackend(TwinBackend):
    """A backend whose uploads fail (a device that is full)."""

    def move(self, data_id, values, dtype):
        raise MemoryError("the device is full")


def test_a_move_that_fails_loses_nothing():
    tf.register_backend("refusing", RefusingBackend, priority=-1)
    tf.register_kernel("Neg", "refusing", tf.get_kernel("Neg", "cpu").kernel_func)
    x = tf.tensor([1.0, -2.0])
    try:
        tf.set_backend("refusing")
        with pytest.raises(MemoryError, match="the device is full"):
            tf.neg(x)
        assert tf.engine().backend_of(x) == "cpu"
        assert x.array_sync() == [1.0, -2.0]  # its data is still where it was
    finally:
        tf.set_backend("cpu")
        tf.unregister_kernel("Neg", "refusing")
        tf.remove_backend("refusing")
        x.dispose()
