"""What a backend is: it owns the data of the tensors that live on it.

A backend stores buffers under data ids, reads them synchronously (`read_sync`) and
asynchronously (`read`), reports its memory and frees on `dispose_data`. Its kernels
are registered under TF.js's kernel names in `tfjs.kernel_registry`.
"""

from __future__ import annotations

import itertools
import time as _time
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Generator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

_data_ids = itertools.count(1)


class DataId:
    """The key a tensor's buffer is stored under; tensors that share a buffer share it."""

    __slots__ = ("number",)

    def __init__(self) -> None:
        self.number = next(_data_ids)

    def __repr__(self) -> str:
        return f"DataId({self.number})"


class TensorInfo(NamedTuple):
    """What a kernel returns: where the result's data is, its shape and dtype."""

    data_id: DataId
    shape: tuple[int, ...]
    dtype: str


class PendingMs:
    """A time the device reports later (TF.js's promise of `kernelMs`): `resolve()` waits
    for the device the first time and keeps the value."""

    def __init__(self, read: Callable[[], float]) -> None:
        self._read: Callable[[], float] | None = read
        self._ms = 0.0

    def resolve(self) -> float:
        """The time in ms, waiting for the device only the first time it is asked."""
        if self._read is not None:
            self._ms, self._read = float(self._read()), None
        return self._ms


def resolve_ms(value: float | PendingMs) -> float:
    """`value` in ms, waiting for the device if it is still pending."""
    return value.resolve() if isinstance(value, PendingMs) else float(value)


@dataclass
class BackendTimingInfo:
    """What `backend.time(f)` measured (TF.js's BackendTimingInfo): `kernel_ms`, the time
    the backend spent in f's work (pending on a device that reports it later), `wall_ms`,
    the host's time around f, and where the work ran: `start_ms` on the host and
    `device_start_ms` on the device (on the host's `perf_counter` clock, in ms)."""

    kernel_ms: float | PendingMs
    wall_ms: float
    start_ms: float
    device_start_ms: float | PendingMs
    # TF.js's getExtraProfileInfo(): how the backend measured.
    extra_info: str = ""


def first_non_finite_value(values: np.ndarray) -> float | None:
    """The first NaN or ±Infinity in float `values` (row-major), or None when all are finite."""
    if values.size == 0 or values.dtype.kind != "f":
        return None
    bad = ~np.isfinite(values)
    if not bad.any():
        return None
    return float(values.flat[int(np.argmax(bad.ravel()))])


class KernelBackend(ABC):
    """The interface every backend implements (TF.js's KernelBackend)."""

    name: str = ""
    is_disposed: bool = False
    # The kernels this backend has none of and runs on `cpu` instead (its one named
    # forwarding set): their inputs move to `cpu`, and their outputs stay there until a
    # kernel of this backend needs them.
    forwarded_kernels: frozenset[str] = frozenset()
    # Whether a graph model's joined plan may be rewritten into kernels whose floats
    # differ from the graph's in rounding or a zero's sign (converter/plan_folding.py).
    folds_plans: bool = False

    @abstractmethod
    def write(self, values: np.ndarray, dtype: str) -> DataId:
        """Stores `values` (already in the dtype's NumPy storage) under a new data id."""

    @abstractmethod
    def move(self, data_id: DataId, values: np.ndarray, dtype: str) -> None:
        """Stores `values` under an existing `data_id` moving here from another backend."""

    @abstractmethod
    def read_sync(self, data_id: DataId) -> np.ndarray:
        """The values stored under `data_id`, as a NumPy array; waits for pending work."""

    def read(self, data_id: DataId) -> Awaitable[np.ndarray]:
        """Like `read_sync`, but lets the event loop run while the backend finishes. The
        read starts at the call, as TF.js's does: a dispose before it is awaited does not
        stop it."""
        return resolved(self.read_sync(data_id))

    @abstractmethod
    def dispose_data(self, data_id: DataId) -> None:
        """Frees the buffer stored under `data_id`."""

    @abstractmethod
    def num_data_ids(self) -> int:
        """How many buffers this backend holds."""

    def memory(self) -> dict[str, Any]:
        """This backend's view of its memory; `unreliable` when it cannot be exact."""
        return {"unreliable": False, "reasons": []}

    def execute(self, kernel_func: Any, inputs: Mapping[str, Any], attrs: Mapping[str, Any]) -> Any:
        """Runs one of this backend's kernels."""
        return kernel_func(self, **inputs, **attrs)

    def compile_plan(self, run: Callable[[Any], Any], feeds: list[Any]) -> Callable[[Any], Any] | None:
        """A way to run a whole graph-model plan that may be faster than its kernels one by
        one, or None (none here); the plan times it against the kernels and keeps the
        faster. `run(feeds)` calls the plan's kernels on inputs like `feeds` (the feeds of
        the call it is lowered for: anything with a data id, shape and dtype held here) and
        returns its outputs' TensorInfos; what this returns takes the same and gives the
        same, computed from those inputs every time."""
        return None

    def synchronize(self) -> None:  # noqa: B027 - an optional hook, not abstract
        """Waits until every kernel launched so far has finished (a no-op when synchronous)."""

    def time(self, f: Callable[[], Any]) -> BackendTimingInfo:
        """Runs `f` and measures the time its work took as this backend can (TF.js's
        `backend.time`): here the wall clock around f and a `synchronize`, so the host
        span and the device span are the same."""
        start = _time.perf_counter()
        f()
        self.synchronize()
        elapsed_ms = (_time.perf_counter() - start) * 1000.0
        return BackendTimingInfo(elapsed_ms, elapsed_ms, start * 1000.0, start * 1000.0, "wall clock")

    def first_non_finite(self, data_id: DataId, dtype: str) -> float | None:
        """The first NaN or ±Infinity stored under `data_id` (a `dtype` buffer), or None
        (always for dtypes other than float32): what debug mode's check asks. This one
        reads the values to the host; a device backend finds it on the device."""
        if dtype != "float32":
            return None
        return first_non_finite_value(np.asarray(self.read_sync(data_id)))

    def float_precision(self) -> int:
        return 32

    def epsilon(self) -> float:
        return 1e-7 if self.float_precision() == 32 else 1e-4

    def dispose(self) -> None:
        """Frees everything the backend holds; it is not used again."""
        self.is_disposed = True


class Pending:
    """An awaitable of `then(await source())` (of `then(None)` without a source), made now
    and run when awaited. Unlike a coroutine, one that is never awaited raises no "never
    awaited" warning: a caller who drops `t.data()` sees that coroutine's warning alone."""

    __slots__ = ("source", "then")

    def __init__(
        self, then: Callable[[Any], Any], source: Callable[[], Awaitable[Any]] | None = None
    ) -> None:
        self.then = then
        self.source = source

    def __await__(self) -> Generator[Any, None, Any]:
        value = (yield from self.source().__await__()) if self.source is not None else None
        return self.then(value)


def resolved(value: Any) -> Pending:
    """An awaitable of `value`, already known."""
    return Pending(lambda _: value)
