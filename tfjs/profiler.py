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
    # When the kernel started, in ms of `time.perf_counter()` (for trace files).
    start_ms: float = 0.0


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
    """What `tf.time(fn)` measured: time spent in kernels and wall-clock time, in ms."""

    kernel_ms: float = 0.0
    wall_ms: float = 0.0
    kernels: int = field(default=0, repr=False)


class ProfileRecorder:
    def __init__(self, engine: Engine) -> None:
        self.start_bytes = engine.num_bytes
        self.start_tensors = engine.num_tensors
        self.peak_bytes = engine.num_bytes
        self.kernels: list[KernelRecord] = []


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
    start = _time.perf_counter()
    result = backend.execute(kernel_func, inputs, attrs)
    backend.synchronize()
    kernel_ms = (_time.perf_counter() - start) * 1000.0
    outputs = engine.make_outputs(result, backend, kernel_name)
    output_list = outputs if isinstance(outputs, list) else [outputs]
    for timer in engine.timers:
        timer.kernel_ms += kernel_ms
        timer.kernels += 1
    if ENV.get("DEBUG") and not ENV.get("PROD"):
        _log_kernel(kernel_name, kernel_ms, inputs, output_list)
        if ENV.get("CHECK_COMPUTATION_FOR_ERRORS"):
            try:
                for output in output_list:
                    check_computation_for_errors(engine.read_sync(output), output.dtype, kernel_name)
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
                kernel_time_ms=kernel_ms,
                scopes=scopes,
                backend=backend.name,
                start_ms=start * 1000.0,
            )
        )
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
    if dtype != "float32" or values.size == 0:
        return False
    bad = ~np.isfinite(values)
    if not bad.any():
        return False
    first = float(values.flat[int(np.argmax(bad.ravel()))])
    shown = "NaN" if first != first else ("Infinity" if first > 0 else "-Infinity")
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
    """Runs `fn` and returns the time spent in kernels and the wall time, in ms.

    >>> info = tf.time(lambda: tf.tidy(lambda: tf.square(tf.ones([10, 10]))))
    >>> info.kernel_ms >= 0 and info.wall_ms >= info.kernel_ms
    True
    """
    from tfjs.engine import ENGINE

    timing = TimingInfo()
    ENGINE.timers.append(timing)
    start = _time.perf_counter()
    try:
        fn()
        ENGINE.backend.synchronize()
    finally:
        ENGINE.timers.remove(timing)
    timing.wall_ms = (_time.perf_counter() - start) * 1000.0
    return timing


def profile(fn: Callable[[], T], trace: str | os.PathLike[str] | None = None) -> ProfileInfo[T]:
    """Runs `fn` and reports the memory it left (`new_bytes`, `new_tensors`), its peak
    and every kernel it ran, with bytes, shapes and `kernel_time_ms`. With `trace` (a
    path; not in TF.js), it also writes the run as a Chrome/Perfetto trace file: kernels
    and downloads on their own tracks (see `tfjs.profile_trace`).

    >>> info = tf.profile(lambda: tf.tidy(lambda: tf.square(tf.ones([10, 10]))))
    >>> [k.name for k in info.kernels], info.new_tensors
    (['Square'], 1)
    >>> info.result.dispose()
    """
    from tfjs import profile_trace
    from tfjs.engine import ENGINE

    recorder = ProfileRecorder(ENGINE)
    downloads: list[profile_trace.DownloadRecord] = []
    traced = profile_trace.trace_requested(trace)
    ENGINE.profiles.append(recorder)
    try:
        with profile_trace.recording_downloads(ENGINE, downloads) if traced else contextlib.nullcontext():
            result = fn()
    finally:
        ENGINE.profiles.remove(recorder)
    if traced:
        profile_trace.publish(trace, profile_trace.trace_events(recorder.kernels, downloads))
    return ProfileInfo(
        new_bytes=ENGINE.num_bytes - recorder.start_bytes,
        new_tensors=ENGINE.num_tensors - recorder.start_tensors,
        peak_bytes=recorder.peak_bytes,
        kernels=recorder.kernels,
        result=result,
    )
