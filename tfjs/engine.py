"""The engine: backend registry, kernel dispatch, scopes (tidy) and memory accounting.

One `Engine` (`ENGINE`) owns the bookkeeping of every tensor: which backend holds its
data, how many tensors share each buffer, and which scope frees it. Ops call
`run_kernel`; the engine moves inputs to the active backend when a kernel there needs
them (TF.js's lazy upload), runs the kernel and wraps what it returns in tensors.
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Awaitable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from tfjs import kernel_registry, profiler, tape
from tfjs.backends.backend import BackendTimingInfo, DataId, KernelBackend, Pending, TensorInfo
from tfjs.dtypes import BYTES_PER_ELEMENT
from tfjs.engine_backends import BackendsMixin, _BackendEntry
from tfjs.engine_gradients import GradientsMixin
from tfjs.engine_scopes import ScopesMixin, _Scope
from tfjs.environment import ENV
from tfjs.tensor import Tensor, Variable, set_tensor_tracker

if TYPE_CHECKING:
    from tfjs.leak_tracker import LeakReport

_log = logging.getLogger("tfjs")
T = TypeVar("T")


class _DataInfo:
    """The engine's record of one buffer: its backend, size and how many tensors share it."""

    __slots__ = ("backend", "dtype", "num_bytes", "ref_count")

    def __init__(self, backend: KernelBackend, dtype: str, num_bytes: int) -> None:
        self.backend = backend
        self.dtype = dtype
        self.num_bytes = num_bytes
        self.ref_count = 0


class Engine(BackendsMixin, GradientsMixin, ScopesMixin):
    """Owns backends, kernel dispatch, scopes and memory accounting."""

    def __init__(self) -> None:
        self._factories: dict[str, _BackendEntry] = {}
        self._instances: dict[str, KernelBackend] = {}
        self._backend: KernelBackend | None = None
        self.backend_name: str | None = None
        self._data: dict[DataId, _DataInfo] = {}
        self.num_tensors = 0
        self.num_string_tensors = 0
        self.num_bytes = 0
        self.num_data_moves = 0
        # Tensors whose disposal is counted (a plan program's weights, checked on a call
        # only when a count changed: converter/lowered_plans.LoweredPlan).
        self._watched_ids: set[int] = set()
        self.num_watched_disposals = 0
        self.recorder: Any = None  # a graph node's kernel recorder (converter/kernel_program.py)
        self._scopes: list[_Scope] = []
        self._scope_ids = itertools.count(1)
        # The thread whose op or tidy is open: another thread's op fails until it ends.
        self._scope_lock = threading.Lock()
        self._scope_thread: threading.Thread | None = None
        self.registered_variables: dict[str, Variable] = {}
        self.profiles: list[profiler.ProfileRecorder] = []
        # The kernel timings of each open `tf.time`.
        self.timers: list[list[BackendTimingInfo]] = []
        self.leak_reports: list[LeakReport] = []
        # The gradient tape: on while gradient_depth > 0, except inside a custom
        # gradient's forward function (kernel_depth > 0).
        self.gradient_depth = 0
        self.kernel_depth = 0
        self.active_tape: list[tape.TapeNode] | None = None
        self._tape_node_ids = itertools.count()

    # ---- kernels --------------------------------------------------------------------

    def run_kernel(
        self, kernel_name: str, inputs: Mapping[str, Any], attrs: Mapping[str, Any] | None = None
    ) -> Any:
        """Runs kernel `kernel_name` of the active backend on `inputs` (tensors, or lists
        of tensors) with `attrs`; returns a tensor, or a list for multi-output kernels."""
        backend = self._backend or self.backend
        config = kernel_registry.get_kernel(kernel_name, backend.name)
        if config is None:
            backend, config = self._forwarded_kernel(backend, kernel_name)
        for input_name, value in inputs.items():
            if isinstance(value, (list, tuple)):
                for item in value:
                    self.prepare_input(backend, item, input_name, kernel_name)
            else:
                self.prepare_input(backend, value, input_name, kernel_name)
        attrs = attrs or {}
        if self.profiles or self.timers or ENV.get("DEBUG"):
            outputs = profiler.run_instrumented(self, kernel_name, config.kernel_func, backend, inputs, attrs)
        else:
            outputs = self.make_outputs(
                backend.execute(config.kernel_func, inputs, attrs), backend, kernel_name
            )
        if self.gradient_depth and not self.kernel_depth:
            tape.record_kernel(self, kernel_name, inputs, attrs, outputs)
        if self.recorder is not None:
            self.recorder.kernel(kernel_name, config.kernel_func, backend, inputs, attrs, outputs)
        return outputs

    def _forwarded_kernel(self, backend: KernelBackend, kernel_name: str) -> tuple[KernelBackend, Any]:
        """The `cpu` backend and its kernel, for a kernel in `backend`'s forwarding set."""
        if kernel_name in backend.forwarded_kernels:
            cpu = self.find_backend("cpu")
            config = kernel_registry.get_kernel(kernel_name, "cpu")
            if cpu is not None and config is not None:
                return cpu, config
        raise NotImplementedError(f"Kernel '{kernel_name}' not registered for backend '{backend.name}'")

    def prepare_input(self, backend: KernelBackend, value: Any, input_name: str, kernel_name: str) -> None:
        if value is None:
            return
        if value.is_disposed:
            raise ValueError(
                f"Tensor {value.id} (input '{input_name}' of kernel '{kernel_name}') is disposed"
            )
        info = self._data[value.data_id]
        if info.backend is not backend:
            self.move_data(backend, value.data_id)

    def watch(self, tensors: Iterable[Tensor]) -> None:
        """Counts the disposals of `tensors` from now on in `num_watched_disposals`."""
        self._watched_ids.update(tensor.id for tensor in tensors if not tensor.is_disposed)

    def move_data(self, backend: KernelBackend, data_id: DataId) -> None:
        """Moves a buffer to `backend` (reading it from where it lives)."""
        info = self._data[data_id]
        values = self._read_sync(info, data_id)
        backend.move(data_id, values, info.dtype)  # first: a move that fails loses nothing
        info.backend.dispose_data(data_id)
        info.backend = backend
        self.num_data_moves += 1

    def make_outputs(self, result: Any, backend: KernelBackend, kernel_name: str) -> Any:
        """Wraps a kernel's TensorInfo (or list of them) in tracked tensors."""
        if isinstance(result, TensorInfo):
            return self._make_tensor_from_info(result, backend, kernel_name)
        return [self._make_tensor_from_info(info, backend, kernel_name) for info in result]

    def _make_tensor_from_info(self, info: TensorInfo, backend: KernelBackend, kernel_name: str) -> Tensor:
        result = Tensor(info.data_id, info.shape, info.dtype)
        self.track_tensor(result, backend, kernel_name)
        return result

    # ---- tensors and memory ---------------------------------------------------------

    def make_tensor(self, values: np.ndarray, dtype: str, origin: str = "tensor") -> Tensor:
        """A tracked tensor holding `values` (already converted to `dtype`'s storage)."""
        backend = self._backend or self.backend
        data_id = backend.write(values, dtype)
        result = Tensor(data_id, values.shape, dtype)
        self.track_tensor(result, backend, origin, values)
        if self.recorder is not None:
            self.recorder.constant(result, values, origin)
        return result

    def track_tensor(
        self, tensor: Tensor, backend: KernelBackend, origin: str, values: np.ndarray | None = None
    ) -> None:
        """Counts `tensor` (and its buffer, the first time it is seen) and tracks it in the
        active scope; variables are not tracked by scopes."""
        info = self._data.get(tensor.data_id)
        if info is None:
            num_bytes = self._bytes_of(tensor, backend, values)
            info = self._data[tensor.data_id] = _DataInfo(backend, tensor.dtype, num_bytes)
            self.num_bytes += num_bytes
            for recorder in self.profiles:
                recorder.peak_bytes = max(recorder.peak_bytes, self.num_bytes)
        info.ref_count += 1
        self.num_tensors += 1
        if tensor.dtype == "string":
            self.num_string_tensors += 1
        if self._scopes and not isinstance(tensor, Variable):
            scope = self._scopes[-1]
            tensor.scope_id = scope.id
            scope.tracked.append(tensor)
        if self.leak_reports:
            for report in self.leak_reports:
                report.record(tensor, origin, self._outermost_op())

    def _bytes_of(self, tensor: Tensor, backend: KernelBackend, values: np.ndarray | None) -> int:
        if tensor.dtype != "string":
            return tensor.size * BYTES_PER_ELEMENT[tensor.dtype]
        if values is None:
            values = backend.read_sync(tensor.data_id)
        return sum(len(v.encode("utf-8")) if isinstance(v, str) else len(v) for v in values.flat)

    def dispose_tensor(self, tensor: Tensor) -> None:
        """Releases `tensor`; its buffer is freed when no other tensor shares it."""
        if tensor.is_disposed:
            return
        tensor.is_disposed = True
        self.num_tensors -= 1
        if tensor.id in self._watched_ids:
            self._watched_ids.discard(tensor.id)
            self.num_watched_disposals += 1
        if tensor.dtype == "string":
            self.num_string_tensors -= 1
        self._release_buffer(tensor.data_id)

    def _release_buffer(self, data_id: DataId) -> None:
        info = self._data[data_id]
        info.ref_count -= 1
        if info.ref_count == 0:
            if not info.backend.is_disposed:
                info.backend.dispose_data(data_id)
            del self._data[data_id]
            self.num_bytes -= info.num_bytes

    def reassign(self, variable: Variable, data_id: DataId) -> None:
        """Points `variable` at another tensor's buffer (Variable.assign): the old buffer
        is released, the tensor count does not change."""
        self._data[data_id].ref_count += 1
        self._release_buffer(variable.data_id)
        variable.data_id = data_id

    def inc_ref(self, tensor: Tensor, origin: str) -> None:
        """Counts a new tensor that shares the buffer of an existing one."""
        self.track_tensor(tensor, self._data[tensor.data_id].backend, origin)

    def read_sync(self, tensor: Tensor) -> np.ndarray:
        """The values of `tensor`, shaped, read from the backend that holds them."""
        if self.recorder is not None:
            self.recorder.read(tensor)
        info = self._data[tensor.data_id]
        return self._read_sync(info, tensor.data_id).reshape(tensor.shape)

    def read(self, tensor: Tensor) -> Awaitable[np.ndarray]:
        """The values of `tensor`, shaped, once its backend has them: the read starts
        here (a dispose before the awaitable is awaited does not stop it)."""
        if self.recorder is not None:
            self.recorder.read(tensor)
        info = self._data[tensor.data_id]
        self._check_backend_alive(info, tensor.data_id)
        values = info.backend.read(tensor.data_id)
        return Pending(lambda flat: flat.reshape(tensor.shape), lambda: values)

    def _read_sync(self, info: _DataInfo, data_id: DataId) -> np.ndarray:
        self._check_backend_alive(info, data_id)
        return info.backend.read_sync(data_id)

    @staticmethod
    def _check_backend_alive(info: _DataInfo, data_id: DataId) -> None:
        if info.backend.is_disposed:
            raise RuntimeError(
                f"The data of this tensor lived on backend '{info.backend.name}', which was removed"
            )

    def backend_of(self, tensor: Tensor) -> str:
        """The name of the backend that holds `tensor`'s data now."""
        return self.backend_holding(tensor).name

    def backend_holding(self, tensor: Tensor) -> KernelBackend:
        """The backend that holds `tensor`'s data now (not moved: as it is)."""
        return self._data[tensor.data_id].backend

    def held_buffers(self) -> dict[DataId, int]:
        """{data id: bytes} of every buffer held now: what `memory()["num_bytes"]` sums
        (a buffer that several tensors share counts once)."""
        return {data_id: info.num_bytes for data_id, info in self._data.items()}

    def memory(self) -> dict[str, Any]:
        """TF.js's `tf.memory()`: exact counts of tensors, buffers and bytes."""
        info = self.backend.memory()
        reasons = list(info.get("reasons", []))
        if self.num_string_tensors > 0:
            reasons.append("Memory usage by string tensors is approximate (UTF-8 bytes are counted)")
        info.update(
            num_tensors=self.num_tensors,
            num_data_buffers=len(self._data),
            num_bytes=self.num_bytes,
            unreliable=bool(info.get("unreliable")) or self.num_string_tensors > 0,
            reasons=reasons,
        )
        return info

    def register_variable(self, variable: Variable) -> None:
        if variable.name in self.registered_variables:
            raise ValueError(f"Variable with name {variable.name} was already registered")
        self.registered_variables[variable.name] = variable

    def records_each_kernel(self) -> bool:
        """Whether each kernel call is recorded as it runs: a gradient tape, debug mode,
        `tf.profile` or `tf.time` is on (graph models then run node by node)."""
        return bool(self.gradient_depth or self.profiles or self.timers or ENV.get("DEBUG"))

    def share(self, tensor: Tensor) -> Tensor:
        """A new tracked tensor on `tensor`'s buffer (no copy)."""
        shared = Tensor(tensor.data_id, tensor.shape, tensor.dtype)
        self.track_tensor(shared, self._data[tensor.data_id].backend, "share")
        if self.recorder is not None:
            self.recorder.share(tensor, shared)
        return shared


ENGINE = Engine()
set_tensor_tracker(ENGINE)


def engine() -> Engine:
    """The global engine (`tf.engine()`)."""
    return ENGINE
