"""`await t.data()` on `torch` suspends: the backend polls a device event from asyncio,
so other coroutines run while it waits, and a dispose during the wait is safe. The
device event here is a stand-in that completes when another coroutine says so."""

from __future__ import annotations

import asyncio

import pytest

import tfjs as tf

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")


class LaterEvent:
    """A stand-in device event: complete once `done` is set; counts its polls."""

    def __init__(self) -> None:
        self.done = False
        self.polls = 0

    def query(self) -> bool:
        self.polls += 1
        return self.done


def test_other_coroutines_run_while_data_waits_and_a_dispose_then_is_safe(torch_backend):
    event = LaterEvent()
    torch_backend.event_source = lambda device: event
    x = tf.tidy(lambda: tf.tensor([[1.0, 2.0], [3.0, 4.0]]).mul(2))
    buffers = torch_backend.num_data_ids()
    log: list[str] = []

    async def read() -> list[list[float]]:
        values = await x.data()
        log.append("read done")
        return values.reshape(2, 2).tolist()

    async def meanwhile() -> None:
        while event.polls < 3:  # the read is waiting on the event, polling it
            await asyncio.sleep(0)
        log.append("other coroutine ran")
        x.dispose()  # while the read waits: freed for the engine, not under the read
        log.append("disposed")
        event.done = True

    async def both():
        return await asyncio.wait_for(asyncio.gather(read(), meanwhile()), timeout=10)

    values, _ = asyncio.run(both())
    assert values == [[2.0, 4.0], [6.0, 8.0]]
    assert log == ["other coroutine ran", "disposed", "read done"]
    assert x.is_disposed and torch_backend.num_data_ids() == buffers - 1


def test_on_the_cpu_device_data_reads_at_once(torch_backend):
    assert torch_backend.device.type != "cpu" or torch_backend.event_source is None
    x = tf.tensor([1.0, -2.0])
    try:
        assert asyncio.run(x.data()).tolist() == [1.0, -2.0]
    finally:
        x.dispose()
