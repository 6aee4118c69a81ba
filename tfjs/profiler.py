"""Debug mode, NaN checks, `tf.time` and `tf.profile`: what the engine does around a
kernel when someone is watching."""

from __future__ import annotations

import contextlib
import logging
import os
import time as _time
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import numpy as np

from tfjs.backends.backend import BackendTimingInfo, first_non_finite_value, resolve_ms
from tfjs.environment import ENV

if TYPE_CHECKING:
    from tfjs.backends.backend import KernelBackend
    from tfjs.engine import Engine
    from tfjs.tensor import Tensor

debug_log = logging.getLogger("tfjs.debug")
T = TypeVar("T")


@dataclass
class KernelRecord:
    """One kernel run seen by `tf.profile`, with TF.js's fields in snake_case."""

    name: str
    bytes_added: int
    total_bytes_snapshot: int
    tensors_added: int
    total_tensors_snapshot: int
    input_shapes: list[tuple[int, ...] | None]
    output_shapes: list[tuple[int, ...]]
    kernel_time_ms: float
    extra_info: str = ""
    # The named scopes (tf.tidy names, a graph model's TF op per node) the kernel ran in,
    # outermost first; op scopes are left out. Not in TF.js: it lets a profile be summed by
    # the graph's op types.
    scopes: tuple[str, ...] = ()
    # The backend that ran the kernel: another than the active one for a forwarded kernel.
    backend: str = ""
    # When the kernel started, in ms of `time.perf_counter()` (for trace files), and how
    # long the host spent in it (launching it, on an asynchronous device).
    start_ms: float = 0.0
    wall_ms: float = 0.0
    # When the device started it, on the same clock (the host's start where the backend
    # has no device clock); `kernel_time_ms` is its time on the device.
    device_start_ms: float = 0.0


@dataclass
class ProfileInfo(Generic[T]):
    """What `tf.profile(fn)` measured: memory growth, peak and every kernel run."""

    new_bytes: int
    new_tensors: int
    peak_bytes: int
    kernels: list[KernelRecord]
    result: T

    @property
    def kernel_names(self) -> list[str]:
        """The names of the kernels run, each once, in the order first run (TF.js's kernelNames)."""
        return list(dict.fromkeys(k.name for k in self.kernels))


@dataclass
class TimingInfo:
    """What `tf.time(fn)` measured: time spent in kernels (on the device, as the backend
    times it) and wall-clock time, in ms; `extra_info` says how the backends measured."""

    kernel_ms: float = 0.0
    wall_ms: float = 0.0
    kernels: int = field(default=0, repr=False)
    extra_info: str = ""


class ProfileRecorder:
    def __init__(self, engine: Engine) -> None:
        self.start_bytes = engine.num_bytes
        self.start_tensors = engine.num_tensors
        self.peak_bytes = engine.num_bytes
        self.kernels: list[KernelRecord] = []
        # Each record's backend timing, read when the profile ends (one wait for the device).
        self.timings: list[BackendTimingInfo] = []

    def finish(self) -> None:
        """Fills in the kernels' device times, waiting for the device (once) if needed."""
        for record, timing in zip(self.kernels, self.timings, strict=True):
            record.kernel_time_ms = resolve_ms(timing.kernel_ms)
            record.device_start_ms = resolve_ms(timing.device_start_ms)


def run_instrumented(
    engine: Engine,
    kernel_name: str,
    kernel_func: Callable[..., Any],
    backend: KernelBackend,
    inputs: Mapping[str, Any],
    attrs: Mapping[str, Any],
) -> Any:
    """Runs a kernel while timing it, logging it (debug mode), checking its outputs for
    NaN and recording it for the active profiles and timers."""
    bytes_before, tensors_before = engine.num_bytes, engine.num_tensors
    ran: list[Any] = []
    timing = backend.time(lambda: ran.append(backend.execute(kernel_func, inputs, attrs)))
    outputs = engine.make_outputs(ran[0], backend, kernel_name)
    output_list = outputs if isinstance(outputs, list) else [outputs]
    for timer in engine.timers:
        timer.append(timing)
    if ENV.get("DEBUG") and not ENV.get("PROD"):
        # TF.js's debug mode waits for each kernel's time too (its NaN check downloads).
        _log_kernel(kernel_name, resolve_ms(timing.kernel_ms), inputs, output_list)
        if ENV.get("CHECK_COMPUTATION_FOR_ERRORS"):
            try:
                for output in output_list:
                    first_bad = backend.first_non_finite(output.data_id, output.dtype)
                    report_non_finite(first_bad, kernel_name)
            except FloatingPointError:  # COMPUTATION_ERRORS_RAISE: the outputs are nobody's
                for output in output_list:
                    engine.dispose_tensor(output)
                raise
    scopes = tuple(s.name for s in engine._scopes if s.name and not s.is_op) if engine.profiles else ()
    for recorder in engine.profiles:
        recorder.kernels.append(
            KernelRecord(
                name=kernel_name,
                bytes_added=engine.num_bytes - bytes_before,
                total_bytes_snapshot=engine.num_bytes,
                tensors_added=engine.num_tensors - tensors_before,
                total_tensors_snapshot=engine.num_tensors,
                input_shapes=[_shape_of(v) for v in inputs.values()],
                output_shapes=[o.shape for o in output_list],
                kernel_time_ms=0.0,  # filled in when the profile ends
                extra_info=timing.extra_info,
                scopes=scopes,
                backend=backend.name,
                start_ms=timing.start_ms,
                wall_ms=timing.wall_ms,
            )
        )
        recorder.timings.append(timing)
    return outputs


def _shape_of(value: Any) -> tuple[int, ...] | None:
    return getattr(value, "shape", None)


def _log_kernel(name: str, kernel_ms: float, inputs: Mapping[str, Any], outputs: list[Tensor]) -> None:
    input_text = " ".join(
        f"{key}: {len(v.shape)}D {list(v.shape)}" for key, v in inputs.items() if hasattr(v, "shape")
    )
    for output in outputs:
        debug_log.info(
            "%-25s\t%8.3fms\t%dD %-14s\t%d\t%s",
            name,
            kernel_ms,
            output.rank,
            list(output.shape),
            output.size,
            input_text,
        )


def check_computation_for_errors(values: np.ndarray, dtype: str, kernel_name: str) -> bool:
    """Warns (or, with COMPUTATION_ERRORS_RAISE, raises FloatingPointError) when a float32
    result holds NaN or ±Infinity, as TF.js's debug mode does. Returns whether it did."""
    if dtype != "float32":
        return False
    return report_non_finite(first_non_finite_value(np.asarray(values)), kernel_name)


def report_non_finite(first_bad: float | None, kernel_name: str) -> bool:
    """Warns (or, with COMPUTATION_ERRORS_RAISE, raises FloatingPointError) that the result
    of `kernel_name` holds `first_bad` (NaN or ±Infinity); nothing when it is None."""
    if first_bad is None:
        return False
    shown = "NaN" if first_bad != first_bad else ("Infinity" if first_bad > 0 else "-Infinity")
    message = f"Found {shown} in the result of '{kernel_name}'"
    if ENV.get("COMPUTATION_ERRORS_RAISE"):
        raise FloatingPointError(message)
    warnings.warn(message, RuntimeWarning, stacklevel=2)
    return True


def enable_debug_mode() -> None:
    """Turns on debug mode: every kernel is logged (name, ms, shapes, size) through the
    `tfjs.debug` logger and float results are checked for NaN and Infinity."""
    if not debug_log.handlers and not logging.getLogger().handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        debug_log.addHandler(handler)
    debug_log.setLevel(logging.INFO)
    ENV.set("DEBUG", True)


def enable_prod_mode() -> None:
    """Turns on production mode: debug logging, NaN checks and warnings are dropped."""
    ENV.set("PROD", True)


def time(fn: Callable[[], Any]) -> TimingInfo:
    """Runs `fn` and returns the time spent in kernels and the wall time, in ms. Each
    kernel is timed by its backend's `time` (TF.js's `backend.time`): device events on a
    GPU, read once at the end, so nothing waits between kernels; the wall clock elsewhere.

    >>> info = tf.time(lambda: tf.tidy(lambda: tf.square(tf.ones([10, 10]))))
    >>> info.kernel_ms >= 0 and info.wall_ms >= info.kernel_ms
    True
    """
    from tfjs.engine import ENGINE

    _check_function(fn, "time")
    timings: list[BackendTimingInfo] = []
    ENGINE.timers.append(timings)
    start = _time.perf_counter()
    try:
        fn()
    finally:
        ENGINE.timers.remove(timings)
    kernel_ms = sum(resolve_ms(t.kernel_ms) for t in timings)  # the one wait for the device
    ENGINE.backend.synchronize()
    wall_ms = (_time.perf_counter() - start) * 1000.0
    extra_info = ", ".join(dict.fromkeys(t.extra_info for t in timings if t.extra_info))
    return TimingInfo(kernel_ms=kernel_ms, wall_ms=wall_ms, kernels=len(timings), extra_info=extra_info)


def profile(fn: Callable[[], T], trace: str | os.PathLike[str] | None = None) -> ProfileInfo[T]:
    """Runs `fn` and reports the memory it left (`new_bytes`, `new_tensors`), its peak
    and every kernel it ran, with bytes, shapes and `kernel_time_ms`. With `trace` (a
    path; not in TF.js), it also writes the run as a Chrome/Perfetto trace file: kernels
    and downloads on their own tracks (see `tfjs.profile_trace`).

    >>> x = tf.ones([10, 10])
    >>> info = tf.profile(lambda: tf.square(x))
    >>> [k.name for k in info.kernels], info.new_tensors
    (['Square'], 1)
    >>> tf.dispose([x, info.result])
    """
    from tfjs import profile_trace
    from tfjs.engine import ENGINE

    _check_function(fn, "profile")
    recorder = ProfileRecorder(ENGINE)
    downloads: list[profile_trace.DownloadRecord] = []
    traced = profile_trace.trace_requested(trace)
    ENGINE.profiles.append(recorder)
    try:
        with profile_trace.recording_downloads(ENGINE, downloads) if traced else contextlib.nullcontext():
            result = fn()
    finally:
        ENGINE.profiles.remove(recorder)
    recorder.finish()
    if traced:
        profile_trace.publish(trace, profile_trace.trace_events(recorder.kernels, downloads))
    return ProfileInfo(
        new_bytes=ENGINE.num_bytes - recorder.start_bytes,
        new_tensors=ENGINE.num_tensors - recorder.start_tensors,
        peak_bytes=recorder.peak_bytes,
        kernels=recorder.kernels,
        result=result,
    )


def _check_function(fn: Any, where: str) -> None:
    if not callable(fn):
        raise TypeError(f"{where}: argument 'fn' must be a function, got {fn!r}")
