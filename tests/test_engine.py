"""The engine's backend registry, kernel dispatch and lazy data movement (TF.js's
engine_test.ts and backends tests)."""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Callable, Iterator

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import raises_with
from tests.twin_backend import TWIN
from tfjs.backends.cpu import CpuBackend

_ids = itertools.count()


def _unique(prefix: str) -> str:
    return f"test-{prefix}-{next(_ids)}"


class _ExtraBackends:
    """Registers backends under unique names and removes them (and their kernels) after
    the test, whatever happened."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def register(
        self,
        prefix: str,
        factory: Callable[[], tf.KernelBackend] = CpuBackend,
        priority: int = -100,
        kernels: tuple[str, ...] = (),
    ) -> str:
        name = _unique(prefix)
        assert tf.register_backend(name, factory, priority) is True
        self.names.append(name)
        for config in tf.get_kernels_for_backend("cpu"):
            if config.kernel_name in kernels:
                tf.register_kernel(config.kernel_name, name, config.kernel_func)
        return name

    def cleanup(self) -> None:
        for name in self.names:
            if name in tf.engine().registered_backends():
                tf.remove_backend(name)
            for config in tf.get_kernels_for_backend(name):
                tf.unregister_kernel(config.kernel_name, name)


@pytest.fixture
def extra() -> Iterator[_ExtraBackends]:
    backends = _ExtraBackends()
    try:
        yield backends
    finally:
        backends.cleanup()
        tf.set_backend("cpu")


# ---- registry ---------------------------------------------------------------------------


def test_cpu_and_twin_are_registered_cpu_first():
    names = tf.engine().registered_backends()
    assert "cpu" in names
    assert TWIN in names
    # cpu has priority 1, twin priority 0.
    assert names.index("cpu") < names.index(TWIN)


def test_registered_backends_are_ordered_by_priority(extra):
    low = extra.register("low", priority=-50)
    high = extra.register("high", priority=50)
    middle = extra.register("middle", priority=0)
    names = tf.engine().registered_backends()
    assert names[0] == high
    assert names.index(high) < names.index("cpu") < names.index(middle) < names.index(low)
    assert names[-1] == low
    # Registering does not initialise or activate anything.
    assert tf.get_backend() == "cpu"


def test_register_backend_of_a_taken_name_returns_false_and_warns(caplog):
    cpu = tf.find_backend("cpu")
    calls = []

    def factory() -> CpuBackend:
        calls.append(1)
        return CpuBackend()

    with caplog.at_level(logging.WARNING, logger="tfjs"):
        assert tf.register_backend("cpu", factory, priority=1000) is False
    assert "cpu backend was already registered" in caplog.text
    # The first factory stays: same instance, same priority, new factory never called.
    assert tf.find_backend("cpu") is cpu
    assert tf.engine().registered_backends().index("cpu") < tf.engine().registered_backends().index(TWIN)
    assert tf.set_backend("cpu") is True
    assert tf.backend() is cpu
    assert calls == []


def test_register_backend_checks_its_arguments():
    with pytest.raises(ValueError, match="name"):
        tf.register_backend("", CpuBackend)
    with pytest.raises(TypeError, match="callable"):
        tf.register_backend(_unique("not-callable"), CpuBackend())  # an instance, not a factory


def test_set_backend_of_an_unknown_name_names_it():
    with raises_with(ValueError, "no-such-backend", "not found"):
        tf.set_backend("no-such-backend")
    assert tf.get_backend() == "cpu"


def test_set_backend_switches_and_get_backend_reports_it():
    assert tf.get_backend() == "cpu"
    assert tf.set_backend(TWIN) is True
    assert tf.get_backend() == TWIN
    assert tf.backend() is tf.find_backend(TWIN)
    assert tf.backend().name == TWIN
    assert isinstance(tf.backend(), tf.KernelBackend)
    assert tf.set_backend("cpu") is True
    assert tf.get_backend() == "cpu"
    assert tf.backend() is tf.find_backend("cpu")


def test_a_factory_that_raises_leaves_no_instance(extra, caplog):
    def broken() -> tf.KernelBackend:
        raise RuntimeError("the driver is missing")

    name = extra.register("broken", broken, priority=-5)
    with caplog.at_level(logging.WARNING, logger="tfjs"):
        assert tf.set_backend(name) is False
    assert "the driver is missing" in caplog.text
    assert name in caplog.text
    assert tf.get_backend() == "cpu"
    assert tf.find_backend(name) is None
    # The factory stays registered (TF.js keeps it); only no instance exists.
    assert name in tf.engine().registered_backends()
    # A later attempt fails the same way, it does not find a half-made instance.
    with caplog.at_level(logging.WARNING, logger="tfjs"):
        assert tf.set_backend(name) is False
    assert tf.get_backend() == "cpu"


def test_a_factory_that_returns_no_backend_fails_to_initialise(extra, caplog):
    name = extra.register("not-a-backend", lambda: object(), priority=-5)
    with caplog.at_level(logging.WARNING, logger="tfjs"):
        assert tf.set_backend(name) is False
        assert tf.find_backend(name) is None
    assert tf.get_backend() == "cpu"


def test_a_broken_backend_of_highest_priority_is_skipped_when_choosing(extra, caplog):
    def broken() -> tf.KernelBackend:
        raise RuntimeError("no device")

    broken_name = extra.register("broken-first", broken, priority=10_000)
    with caplog.at_level(logging.WARNING, logger="tfjs"):
        doomed = extra.register("doomed", priority=-5)
        assert tf.set_backend(doomed)
        tf.remove_backend(doomed)  # no active backend any more
        # The best one fails, so the next one that starts is chosen.
        chosen = tf.get_backend()
    assert tf.engine().registered_backends()[0] == broken_name
    assert chosen == tf.engine().registered_backends()[1]
    assert "no device" in caplog.text


def test_find_backend_initialises_lazily_and_once(extra):
    made: list[CpuBackend] = []

    def factory() -> CpuBackend:
        made.append(CpuBackend())
        return made[-1]

    name = extra.register("lazy", factory)
    assert made == []
    found = tf.find_backend(name)
    assert made == [found]
    assert found.name == name
    assert tf.find_backend(name) is found
    assert tf.set_backend(name) is True
    assert tf.backend() is found
    assert len(made) == 1
    assert tf.find_backend("never-registered") is None


def test_remove_backend_of_an_unknown_name():
    with pytest.raises(ValueError, match="never-registered"):
        tf.remove_backend("never-registered")


def test_remove_the_active_backend(extra):
    before = tf.memory()
    name = extra.register("doomed")
    assert tf.set_backend(name)
    instance = tf.backend()
    t = tf.tensor([1, 2, 3])
    assert tf.engine().backend_of(t) == name

    tf.remove_backend(name)
    assert instance.is_disposed
    assert name not in tf.engine().registered_backends()
    assert tf.find_backend(name) is None
    with pytest.raises(ValueError, match=name):
        tf.set_backend(name)
    # The highest-priority backend that starts takes over.
    assert tf.get_backend() == tf.engine().registered_backends()[0]

    # The tensor's data went with its backend: using it says so.
    with pytest.raises(RuntimeError, match=f"'{name}'.*removed"):
        t.data_sync()
    with pytest.raises(RuntimeError, match="removed"):
        t.array_sync()
    with pytest.raises(RuntimeError, match="removed"):
        tf.square(t)
    with pytest.raises(RuntimeError, match="removed"):
        asyncio.run(t.data())
    t.dispose()
    after = tf.memory()
    assert after["num_tensors"] == before["num_tensors"]
    assert after["num_data_buffers"] == before["num_data_buffers"]
    assert after["num_bytes"] == before["num_bytes"]


def test_remove_an_inactive_backend_keeps_the_active_one(extra):
    name = extra.register("inactive")
    assert tf.find_backend(name) is not None
    tf.remove_backend(name)
    assert tf.get_backend() == "cpu"
    assert tf.find_backend(name) is None
    t = tf.tensor([1, 2])
    y = t.square()
    assert tf.engine().backend_of(y) == "cpu"
    assert y.array_sync() == [1.0, 4.0]
    tf.dispose([t, y])


def test_next_frame_yields_to_the_event_loop():
    order: list[str] = []

    async def other() -> None:
        order.append("other")

    async def main() -> None:
        task = asyncio.ensure_future(other())
        order.append("before")
        await tf.next_frame()
        order.append("after")
        await task

    asyncio.run(main())
    assert order == ["before", "other", "after"]


def test_ready_initialises_the_backend(extra):
    assert asyncio.run(tf.ready()) is None
    name = extra.register("ready")
    assert tf.set_backend(name)
    tf.remove_backend(name)
    assert tf.engine().backend_name is None
    asyncio.run(tf.ready())
    assert tf.engine().backend_name == tf.engine().registered_backends()[0]


# ---- kernel dispatch --------------------------------------------------------------------


def test_a_missing_kernel_names_the_kernel_and_the_backend(extra):
    name = extra.register("partial", kernels=("Square", "Add"))
    assert sorted(c.kernel_name for c in tf.get_kernels_for_backend(name)) == ["Add", "Square"]
    assert tf.set_backend(name)
    x = tf.tensor([1, 2, 3])
    y = tf.tidy(lambda: tf.square(x).add(1))
    assert y.array_sync() == [2.0, 5.0, 10.0]
    before = tf.memory()["num_tensors"]
    with raises_with(NotImplementedError, "'Log'", f"'{name}'"):
        tf.log(x)
    with pytest.raises(NotImplementedError, match="'Multiply'"):
        x.mul(2)  # the scalar made for 2 is freed with the op's scope
    assert tf.memory()["num_tensors"] == before
    tf.dispose([x, y])


def test_get_kernel_and_unregister_kernel(extra):
    name = extra.register("kernels", kernels=("Square",))
    assert tf.get_kernel("Square", name).kernel_func is tf.get_kernel("Square", "cpu").kernel_func
    assert tf.get_kernel("Log", name) is None
    tf.unregister_kernel("Square", name)
    assert tf.get_kernel("Square", name) is None
    with pytest.raises(ValueError, match="Square"):
        tf.unregister_kernel("Square", name)


def test_data_moves_lazily_to_the_backend_that_needs_it():
    engine = tf.engine()
    cpu, twin = tf.find_backend("cpu"), tf.find_backend(TWIN)
    t = tf.tensor([1, -2, 3])
    cpu_ids, twin_ids = cpu.num_data_ids(), twin.num_data_ids()
    moves = engine.num_data_moves

    assert tf.set_backend(TWIN)
    assert engine.backend_of(t) == "cpu"  # switching moves nothing
    assert engine.num_data_moves == moves

    np.testing.assert_array_equal(t.data_sync(), np.array([1, -2, 3], np.float32))
    assert t.array_sync() == [1.0, -2.0, 3.0]
    assert asyncio.run(t.array()) == [1.0, -2.0, 3.0]
    assert engine.backend_of(t) == "cpu"  # reading moves nothing either
    assert engine.num_data_moves == moves

    buffers = tf.memory()["num_data_buffers"]
    y = tf.square(t)  # a kernel on twin needs t: now it moves
    assert engine.backend_of(t) == TWIN
    assert engine.backend_of(y) == TWIN
    assert engine.num_data_moves == moves + 1
    assert cpu.num_data_ids() == cpu_ids - 1
    assert twin.num_data_ids() == twin_ids + 2  # t and y
    assert tf.memory()["num_data_buffers"] == buffers + 1  # only y is new
    assert y.array_sync() == [1.0, 4.0, 9.0]
    assert t.array_sync() == [1.0, -2.0, 3.0]

    z = tf.abs(t)  # already there: no second move
    assert engine.num_data_moves == moves + 1
    assert z.array_sync() == [1.0, 2.0, 3.0]

    assert tf.set_backend("cpu")
    w = tf.add(y, t)  # both move back
    assert engine.num_data_moves == moves + 3
    assert engine.backend_of(y) == engine.backend_of(t) == engine.backend_of(w) == "cpu"
    assert w.array_sync() == [2.0, 2.0, 12.0]
    assert engine.backend_of(z) == TWIN

    tf.dispose([t, y, z, w])
    assert cpu.num_data_ids() == cpu_ids - 1
    assert twin.num_data_ids() == twin_ids


def test_a_kernel_moves_only_the_inputs_living_elsewhere():
    engine = tf.engine()
    on_cpu = tf.tensor([1, 2])
    assert tf.set_backend(TWIN)
    on_twin = tf.tensor([10, 20])
    assert engine.backend_of(on_twin) == TWIN
    moves = engine.num_data_moves
    result = tf.sub(on_twin, on_cpu)
    assert engine.num_data_moves == moves + 1
    assert engine.backend_of(on_cpu) == TWIN
    assert result.array_sync() == [9.0, 18.0]
    tf.dispose([on_cpu, on_twin, result])


def test_results_are_equal_on_both_backends():
    def compute() -> tf.Tensor:
        def chain() -> tf.Tensor:
            x = tf.tensor([[1, 2], [3, 4]])
            return x.sub(1).mul(x).square().sum(1)

        return tf.tidy(chain)

    on_cpu = compute()
    assert tf.set_backend(TWIN)
    on_twin = compute()
    assert tf.engine().backend_of(on_cpu) == "cpu"
    assert tf.engine().backend_of(on_twin) == TWIN
    # rows: (0*1)^2 + (1*2)^2 = 4 and (2*3)^2 + (3*4)^2 = 180
    assert on_cpu.array_sync() == on_twin.array_sync() == [4.0, 180.0]
    tf.dispose([on_cpu, on_twin])


def test_a_disposed_input_is_rejected_by_the_kernel():
    t = tf.tensor([1, 2])
    t.dispose()
    with pytest.raises(ValueError, match="disposed"):
        tf.square(t)
    with pytest.raises(ValueError, match="disposed"):
        t.data_sync()
