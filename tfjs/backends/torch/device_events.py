"""Waiting for a device without blocking the event loop (TF.js's `await data()` on WebGL
polls a fence the same way): an event is recorded after the pending work, and its
`query()` is polled between short `asyncio.sleep`s, so other coroutines run meanwhile.

The event source is a function of the device; the backend holds it as an attribute, so a
test can give it a stand-in event that completes later.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

import torch

# How long a poll sleeps: short against a kernel's time, long enough not to spin.
POLL_SECONDS = 0.0002


class DeviceEvent(Protocol):
    """What the backend waits on: `query()` is True once the work before it is done."""

    def query(self) -> bool: ...


EventSource = Callable[[torch.device], DeviceEvent]


def cuda_event_source(device: torch.device) -> DeviceEvent:
    """A CUDA event recorded on `device`'s current stream, after the work queued so far."""
    event = torch.cuda.Event()
    event.record(torch.cuda.current_stream(device))
    return event


def event_source_for(device: torch.device) -> EventSource | None:
    """The event source for `device`: CUDA events, or None where work is synchronous
    (the CPU device: a read just reads)."""
    return cuda_event_source if device.type == "cuda" else None


async def wait_for(event: DeviceEvent, poll_seconds: float = POLL_SECONDS) -> None:
    """Returns once `event` has completed, sleeping between polls (never blocking)."""
    while not event.query():
        await asyncio.sleep(poll_seconds)
