"""Timing kernels on a CUDA device with events, without waiting per kernel (TF.js's WebGL
backend times its programs with GPU timer queries the same way): `time(f)` records an
event before and after f on the device's stream and returns at once; the times are
read when someone asks for them, and the first read waits for the latest event only,
so a whole profile waits for the device once.

A device span is placed on the host's clock from an anchor: the start event of the
first span timed while the device had nothing queued from this timer (its first span,
or the first after a wait), taken to start when the host recorded it.

The event factory is an attribute, so a test can time with stand-in events.
"""

from __future__ import annotations

import time as _time
from collections.abc import Callable
from typing import Any, Protocol

import torch

from tfjs.backends.backend import BackendTimingInfo, PendingMs


class TimingEvent(Protocol):
    """What the timer records (a `torch.cuda.Event(enable_timing=True)`)."""

    def synchronize(self) -> None: ...

    def elapsed_time(self, end_event: Any) -> float: ...


# Makes an event recorded on the device's current stream, after the work queued so far.
TimingEventSource = Callable[[torch.device], TimingEvent]


def cuda_timing_event(device: torch.device) -> TimingEvent:
    """A timing CUDA event recorded now on `device`'s current stream."""
    event = torch.cuda.Event(enable_timing=True)
    event.record(torch.cuda.current_stream(device))
    return event


class DeviceTimer:
    """Times functions by the events recorded around their work on `device`."""

    def __init__(self, device: torch.device, event_source: TimingEventSource = cuda_timing_event) -> None:
        self.device = device
        self.event_source = event_source
        self._recorded = 0  # spans recorded so far
        self._waited_through = 0  # spans known to be finished
        self._last_end: TimingEvent | None = None
        self._anchor: tuple[TimingEvent, float] | None = None

    def time(self, f: Callable[[], Any]) -> BackendTimingInfo:
        """Runs `f` between two events; the kernel and device-start times are pending
        until read (the first read waits for the device)."""
        host_start = _time.perf_counter()
        start = self.event_source(self.device)
        f()
        end = self.event_source(self.device)
        wall_ms = (_time.perf_counter() - host_start) * 1000.0
        if self._anchor is None:
            self._anchor = (start, host_start * 1000.0)
        anchor_event, anchor_ms = self._anchor
        self._recorded += 1
        self._last_end = end
        span = self._recorded

        def kernel_ms() -> float:
            self._wait_for(span)
            return start.elapsed_time(end)

        def device_start_ms() -> float:
            self._wait_for(span)
            return anchor_ms + (anchor_event.elapsed_time(start) if start is not anchor_event else 0.0)

        return BackendTimingInfo(
            kernel_ms=PendingMs(kernel_ms),
            wall_ms=wall_ms,
            start_ms=host_start * 1000.0,
            device_start_ms=PendingMs(device_start_ms),
            extra_info=f"{self.device} (device events)",
        )

    def _wait_for(self, span: int) -> None:
        """Waits once for the latest event, which finishes every span before it too."""
        if span > self._waited_through and self._last_end is not None:
            self._last_end.synchronize()
            self._waited_through = self._recorded
            self._anchor = None  # nothing of ours is queued: the next span anchors afresh


def device_timer_for(device: torch.device) -> DeviceTimer | None:
    """A device timer on a CUDA device; None on the CPU device (work runs as it is
    called there, so the wall clock times it)."""
    return DeviceTimer(device) if device.type == "cuda" else None
