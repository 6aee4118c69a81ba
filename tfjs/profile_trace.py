"""Chrome/Perfetto traces of `tf.profile`: `tf.profile(f, trace="run.json")`, or every
profile inside `with tracing("run.json"):` (what `tfjs profile --trace` uses).

The file is the Trace Event Format's JSON object (`{"traceEvents": [...]}`), which
chrome://tracing and ui.perfetto.dev load. The "tfjs" process holds the host's tracks:
one complete ("X") event per kernel on "kernels" (the host's view: the call, which on an
asynchronous device only launches the work) and one per download (`data_sync`, `numpy`,
...) on "downloads". The "device" process holds each kernel's span on the device, as the
backend timed it (`kernel_time_ms`): from CUDA events on a GPU, and the host's span where
the backend has no device clock (`cpu`, torch on the CPU device).
"""

from __future__ import annotations

import contextlib
import json
import os
import time as _time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tfjs.engine import Engine
    from tfjs.profiler import KernelRecord

HOST_PROCESS, DEVICE_PROCESS = 1, 2
_PROCESS_NAMES = {HOST_PROCESS: "tfjs", DEVICE_PROCESS: "device"}
# (process, thread) of each track.
KERNELS_TRACK = (HOST_PROCESS, 1)
DOWNLOADS_TRACK = (HOST_PROCESS, 2)
DEVICE_KERNELS_TRACK = (DEVICE_PROCESS, 1)
_TRACK_NAMES = {KERNELS_TRACK: "kernels", DOWNLOADS_TRACK: "downloads", DEVICE_KERNELS_TRACK: "kernels"}

# The event lists of the `tracing` blocks now open, innermost last.
_open_traces: list[list[dict[str, Any]]] = []


@dataclass
class DownloadRecord:
    """One read of a tensor's values to the host while a profile ran."""

    shape: tuple[int, ...]
    dtype: str
    backend: str
    start_ms: float
    duration_ms: float


def trace_requested(path: str | os.PathLike[str] | None) -> bool:
    """Whether a profile should record downloads for a trace; a trace path whose folder
    does not exist is a ValueError before anything runs."""
    if path is not None:
        check_trace_path(path)
    return path is not None or bool(_open_traces)


def check_trace_path(path: str | os.PathLike[str]) -> None:
    """A ValueError naming `trace` unless `path` can name a new file."""
    folder = os.path.dirname(os.fspath(path)) or "."
    if not os.path.isdir(folder):
        raise ValueError(f"profile: argument 'trace': folder {folder!r} does not exist")


@contextlib.contextmanager
def recording_downloads(engine: Engine, sink: list[DownloadRecord]) -> Iterator[None]:
    """Appends a record to `sink` for every download through `engine` in the block
    (`read_sync` and `await read`), by shadowing those methods on the instance."""
    previous = {name: (name in vars(engine), getattr(engine, name)) for name in ("read_sync", "read")}
    read_sync, read = previous["read_sync"][1], previous["read"][1]

    def record(tensor: Any, start: float) -> None:
        end = _time.perf_counter()
        backend = engine.backend_of(tensor)
        sink.append(DownloadRecord(tensor.shape, tensor.dtype, backend, start * 1e3, (end - start) * 1e3))

    def recorded_read_sync(tensor: Any) -> Any:
        start = _time.perf_counter()
        values = read_sync(tensor)
        record(tensor, start)
        return values

    async def recorded_read(tensor: Any) -> Any:
        start = _time.perf_counter()
        values = await read(tensor)
        record(tensor, start)
        return values

    engine.read_sync = recorded_read_sync  # type: ignore[method-assign]
    engine.read = recorded_read  # type: ignore[method-assign]
    try:
        yield
    finally:
        for name, (shadowed, method) in previous.items():
            if shadowed:  # an outer block's recorder
                setattr(engine, name, method)
            else:
                delattr(engine, name)


def trace_events(kernels: list[KernelRecord], downloads: list[DownloadRecord]) -> list[dict[str, Any]]:
    """The trace events of one profile: kernels on the host and on the device, and
    downloads, times in microseconds."""
    events: list[dict[str, Any]] = []
    for k in kernels:
        args = {
            "backend": k.backend,
            "input_shapes": [list(s) if s is not None else None for s in k.input_shapes],
            "output_shapes": [list(s) for s in k.output_shapes],
            "bytes_added": k.bytes_added,
            "scopes": list(k.scopes),
        }
        events.append(_complete(k.name, KERNELS_TRACK, k.start_ms, k.wall_ms, "kernel", args))
        device_args = {"backend": k.backend, "timed_by": k.extra_info}
        device_span = (k.device_start_ms, k.kernel_time_ms)
        events.append(_complete(k.name, DEVICE_KERNELS_TRACK, *device_span, "device", device_args))
    for d in downloads:
        args = {"shape": list(d.shape), "dtype": d.dtype, "backend": d.backend}
        events.append(_complete("download", DOWNLOADS_TRACK, d.start_ms, d.duration_ms, "download", args))
    return events


def _complete(
    name: str, track: tuple[int, int], start_ms: float, duration_ms: float, category: str, args: Any
) -> dict:
    return {
        "name": name,
        "cat": category,
        "ph": "X",
        "pid": track[0],
        "tid": track[1],
        "ts": start_ms * 1e3,
        "dur": duration_ms * 1e3,
        "args": args,
    }


def trace_document(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON object of a trace file: the events (times from the first one) and the
    names of the processes and their tracks."""
    origin = min((e["ts"] for e in events), default=0.0)
    shifted = [{**e, "ts": round(e["ts"] - origin, 3), "dur": round(e["dur"], 3)} for e in events]
    names = [_metadata("process_name", (pid, 0), name) for pid, name in _PROCESS_NAMES.items()]
    names += [_metadata("thread_name", track, name) for track, name in _TRACK_NAMES.items()]
    return {"traceEvents": names + shifted, "displayTimeUnit": "ms"}


def _metadata(kind: str, track: tuple[int, int], name: str) -> dict[str, Any]:
    return {"name": kind, "ph": "M", "pid": track[0], "tid": track[1], "args": {"name": name}}


def write_trace(path: str | os.PathLike[str], events: list[dict[str, Any]]) -> None:
    """Writes `events` as a Chrome/Perfetto trace file at `path`."""
    with open(path, "w", encoding="utf-8") as file:
        json.dump(trace_document(events), file)


def publish(path: str | os.PathLike[str] | None, events: list[dict[str, Any]]) -> None:
    """Hands one profile's events to its own file (`path`) and to the open `tracing` blocks."""
    for sink in _open_traces:
        sink.extend(events)
    if path is not None:
        write_trace(path, events)


@contextlib.contextmanager
def tracing(path: str | os.PathLike[str]) -> Iterator[None]:
    """Every `tf.profile` run in the block goes into one trace file, written at its end.

    >>> import tempfile, json, pathlib
    >>> from tfjs.profile_trace import tracing
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "trace.json"
    >>> x = tf.ones([2])
    >>> with tracing(out):
    ...     tf.profile(lambda: tf.tidy(lambda: tf.square(x).data_sync())).kernels[0].name
    'Square'
    >>> names = {e["name"] for e in json.loads(out.read_text())["traceEvents"] if e["ph"] == "X"}
    >>> {"Square", "download"} <= names
    True
    >>> x.dispose()
    """
    check_trace_path(path)
    events: list[dict[str, Any]] = []
    _open_traces.append(events)
    try:
        yield
    finally:
        _open_traces.remove(events)
    write_trace(path, events)
