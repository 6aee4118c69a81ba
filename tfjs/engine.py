"""The engine: backend registry, kernel dispatch, scopes (tidy) and memory accounting.

One `Engine` (`ENGINE`) owns the bookkeeping of every tensor: which backend holds its
data, how many tensors share each buffer, and which scope frees it. Ops call
`run_kernel`; the engine moves inputs to the active backend when a kernel there needs
them (TF.js's lazy upload), runs the kernel and wraps what it returns in tensors.
"""

from __future__ import annotations

import inspect
import itertools
import logging
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from tfjs import kernel_registry, profiler, tape
from tfjs.backends.backend import DataId, KernelBackend, TensorInfo
from tfjs.dtypes import BYTES_PER_ELEMENT
from tfjs.environment import ENV, preferred_backend
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


class _Scope:
    __slots__ = ("id", "is_op", "name", "tracked")

    def __init__(self, name: str | None, scope_id: int, is_op: bool) -> None:
        self.name = name
        self.id = scope_id
        self.is_op = is_op
        self.tracked: list[Tensor] = []


class _BackendEntry:
    __slots__ = ("factory", "priority")

    def __init__(self, factory: Callable[[], KernelBackend], priority: int) -> None:
        self.factory = factory
        self.priority = priority


class Engine:
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
        self._scopes: list[_Scope] = []
        self._scope_ids = itertools.count(1)
        # The thread whose op or tidy is open: another thread's op fails until it ends.
        self._scope_lock = threading.Lock()
        self._scope_thread: threading.Thread | None = None
        self.registered_variables: dict[str, Variable] = {}
        self.profiles: list[profiler.ProfileRecorder] = []
        self.timers: list[profiler.TimingInfo] = []
        self.leak_reports: list[LeakReport] = []
        # The gradient tape: on while gradient_depth > 0, except inside a custom
        # gradient's forward function (kernel_depth > 0).
        self.gradient_depth = 0
        self.kernel_depth = 0
        self.active_tape: list[tape.TapeNode] | None = None
        self._tape_node_ids = itertools.count()

    # ---- backends -------------------------------------------------------------------

    def register_backend(self, name: str, factory: Callable[[], KernelBackend], priority: int = 1) -> bool:
        """Registers a backend factory; returns False (and warns) if `name` is taken."""
        if not isinstance(name, str) or not name:
            raise ValueError(f"register_backend: name must be a non-empty string, got {name!r}")
        if not callable(factory):
            raise TypeError(f"register_backend: factory for '{name}' must be callable")
        if name in self._factories:
            _log.warning("%s backend was already registered. Reusing existing backend factory.", name)
            return False
        self._factories[name] = _BackendEntry(factory, priority)
        return True

    def registered_backends(self) -> list[str]:
        """Names of the registered backends, highest priority first."""
        return sorted(self._factories, key=lambda n: -self._factories[n].priority)

    def find_backend(self, name: str) -> KernelBackend | None:
        """The backend registered as `name`, initialised if needed; None if unknown or broken."""
        if name not in self._instances and name in self._factories:
            self._initialize_backend(name)
        return self._instances.get(name)

    def set_backend(self, name: str) -> bool:
        """Makes `name` the active backend; False if its initialisation failed."""
        if name not in self._factories:
            known = ", ".join(self.registered_backends()) or "none"
            raise ValueError(f"Backend name '{name}' not found in registry (registered: {known})")
        if name not in self._instances and not self._initialize_backend(name):
            return False
        self._backend = self._instances[name]
        self.backend_name = name
        return True

    def remove_backend(self, name: str) -> None:
        """Unregisters `name`, disposing its instance; tensors it held become unusable."""
        if name not in self._factories:
            raise ValueError(f"{name} backend not found in registry")
        instance = self._instances.pop(name, None)
        if instance is not None:
            instance.dispose()
        del self._factories[name]
        if self.backend_name == name:
            self._backend = None
            self.backend_name = None

    @property
    def backend(self) -> KernelBackend:
        """The active backend, choosing the highest-priority one that starts if none is set."""
        if self._backend is None:
            for name in self._default_candidates():
                if self.set_backend(name):
                    break
            else:
                raise RuntimeError("No backend could be initialized: none is registered or all failed")
        return self._backend  # type: ignore[return-value]

    def _default_candidates(self) -> list[str]:
        """The backends to try as the default: `TFJS_BACKEND`'s first, then by priority."""
        names = self.registered_backends()
        preferred = preferred_backend()
        if preferred is None:
            return names
        if preferred not in names:
            _log.warning(
                "TFJS_BACKEND names backend '%s', which is not registered (registered: %s)",
                preferred,
                ", ".join(names),
            )
            return names
        return [preferred, *(name for name in names if name != preferred)]

    def get_backend(self) -> str:
        """The name of the active backend."""
        self.backend  # noqa: B018 - chooses one when none is set
        return self.backend_name  # type: ignore[return-value]

    def _initialize_backend(self, name: str) -> bool:
        try:
            instance = self._factories[name].factory()
        except Exception as error:  # a backend whose runtime is missing or broken
            _log.warning("Initialization of backend %s failed: %s", name, error)
            return False
        if not isinstance(instance, KernelBackend):
            _log.warning("Factory of backend %s returned %r, not a KernelBackend", name, instance)
            return False
        instance.name = name
        self._instances[name] = instance
        return True

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
                    self._prepare_input(backend, item, input_name, kernel_name)
            else:
                self._prepare_input(backend, value, input_name, kernel_name)
        attrs = attrs or {}
        if self.profiles or self.timers or ENV.get("DEBUG"):
            outputs = profiler.run_instrumented(self, kernel_name, config.kernel_func, backend, inputs, attrs)
        else:
            outputs = self.make_outputs(
                backend.execute(config.kernel_func, inputs, attrs), backend, kernel_name
            )
        if self.gradient_depth and not self.kernel_depth:
            tape.record_kernel(self, kernel_name, inputs, attrs, outputs)
        return outputs

    def _forwarded_kernel(self, backend: KernelBackend, kernel_name: str) -> tuple[KernelBackend, Any]:
        """The `cpu` backend and its kernel, for a kernel in `backend`'s forwarding set."""
        if kernel_name in backend.forwarded_kernels:
            cpu = self.find_backend("cpu")
            config = kernel_registry.get_kernel(kernel_name, "cpu")
            if cpu is not None and config is not None:
                return cpu, config
        raise NotImplementedError(f"Kernel '{kernel_name}' not registered for backend '{backend.name}'")

    def _prepare_input(self, backend: KernelBackend, value: Any, input_name: str, kernel_name: str) -> None:
        if value is None:
            return
        if value.is_disposed:
            raise ValueError(
                f"Tensor {value.id} (input '{input_name}' of kernel '{kernel_name}') is disposed"
            )
        info = self._data[value.data_id]
        if info.backend is not backend:
            self.move_data(backend, value.data_id)

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
        info = self._data[tensor.data_id]
        return self._read_sync(info, tensor.data_id).reshape(tensor.shape)

    async def read(self, tensor: Tensor) -> np.ndarray:
        info = self._data[tensor.data_id]
        self._check_backend_alive(info, tensor.data_id)
        return (await info.backend.read(tensor.data_id)).reshape(tensor.shape)

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
        return self._data[tensor.data_id].backend.name

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

    def share(self, tensor: Tensor) -> Tensor:
        """A new tracked tensor on `tensor`'s buffer (no copy)."""
        shared = Tensor(tensor.data_id, tensor.shape, tensor.dtype)
        self.track_tensor(shared, self._data[tensor.data_id].backend, "share")
        return shared

    # ---- gradients ------------------------------------------------------------------

    def next_tape_node_id(self) -> int:
        return next(self._tape_node_ids)

    def gradients(
        self,
        f: Callable[[], Tensor],
        xs: list[Tensor],
        dy: Tensor | None = None,
        allow_no_gradients: bool = False,
        check_value: Callable[[Tensor], None] | None = None,
    ) -> tuple[Tensor, list[Tensor | None]]:
        """`f()` and the gradients of it with respect to each of `xs` (None where `f` does
        not depend on one, when `allow_no_gradients`), scaled by `dy` (default ones).
        `check_value(y)` may refuse the value before the backward pass runs."""
        if not xs:
            raise ValueError("gradients() received an empty list of xs.")
        if dy is not None and dy.dtype != "float32":
            raise TypeError(f"dy must have 'float32' dtype, but has '{dy.dtype}'")
        if self.gradient_depth == 0:
            self.active_tape = []
        self.gradient_depth += 1
        try:
            y = self.tidy("forward", f)
        except BaseException:
            self.gradient_depth -= 1
            self._end_tape_if_outermost()
            raise
        self.gradient_depth -= 1
        try:
            if not isinstance(y, Tensor):
                raise TypeError(f"The result y returned by f() must be a tensor, but got {type(y).__name__}")
            if check_value is not None:
                check_value(y)
            filtered = tape.filtered_nodes(self.active_tape or [], xs, y)
            if not allow_no_gradients and not filtered:
                raise ValueError(
                    "Cannot compute gradient of y=f(x) with respect to x. Make sure that the f you "
                    "passed encloses all operations that lead from x to y."
                )

            def backward() -> tuple[Tensor, list[Tensor | None]]:
                from tfjs.ops.ones import ones

                accumulated = {y.id: ones(y.shape) if dy is None else dy}
                tape.backpropagate(self, accumulated, filtered)
                return y, [accumulated.get(x.id) for x in xs]

            return self.tidy("backward", backward)
        except BaseException:
            if isinstance(y, Tensor):
                self.dispose_tensor(y)
            raise
        finally:
            self._end_tape_if_outermost()

    def _end_tape_if_outermost(self) -> None:
        if self.gradient_depth == 0 and self.active_tape is not None:
            for node in self.active_tape:
                for saved in node.saved:
                    self.dispose_tensor(saved)
            self.active_tape = None

    def run_custom_grad(self, f: Callable[..., Any], inputs: list[Tensor]) -> Tensor:
        """Runs `f(*inputs, save)` (which returns the value and its gradient function)
        without recording its kernels, and records one node whose gradient is `f`'s."""
        recording = self.gradient_depth > 0 and self.kernel_depth == 0
        saved: list[Tensor] = []

        def save(tensors: list[Tensor]) -> None:
            if recording:
                saved[:] = [tape.save_for_backward(self, t) for t in tensors]

        self.kernel_depth += 1
        try:
            value, grad_func = self.tidy(lambda: _value_and_grad_func(f(*inputs, save)))
        finally:
            self.kernel_depth -= 1
        if recording:

            def gradient(dy: Tensor) -> dict[str, Tensor]:
                result = grad_func(dy, saved)
                grads = list(result) if isinstance(result, (list, tuple)) else [result]
                if len(grads) != len(inputs):
                    raise ValueError(
                        "The function f passed in custom_grad(f) must return an object where "
                        "`obj.grad_func` is a function that returns the same number of tensors as "
                        "inputs passed to f(...)."
                    )
                if not all(isinstance(g, Tensor) for g in grads):
                    raise TypeError(
                        "The function f passed in custom_grad(f) must return an object where "
                        "`obj.grad_func` is a function that returns a list of only tensors."
                    )
                return {str(i): g for i, g in enumerate(grads)}

            tape.add_node(
                self, "CustomGradient", {str(i): x for i, x in enumerate(inputs)}, [value], gradient, saved
            )
        return value

    # ---- scopes ---------------------------------------------------------------------

    def start_scope(self, name: str | None = None, is_op: bool = False) -> None:
        """Opens a scope (an op's or a tidy's). The engine is used from one thread at a
        time, as TF.js's is: a scope opened while another thread has one open is refused."""
        thread = threading.current_thread()
        with self._scope_lock:
            if not self._scopes:
                self._scope_thread = thread
            elif self._scope_thread is not thread:
                raise self._concurrent_use_error(name or "tidy", thread)
            self._scopes.append(_Scope(name, next(self._scope_ids), is_op))

    def _concurrent_use_error(self, name: str, thread: threading.Thread) -> RuntimeError:
        owner = self._scope_thread.name if self._scope_thread is not None else "?"
        busy = self._outermost_op() or self._scopes[0].name or "tidy"
        return RuntimeError(
            f"'{name}' was called from thread '{thread.name}' while thread '{owner}' is inside "
            f"'{busy}': the tfjs engine is used from one thread at a time, as TF.js's is. Finish "
            "that work first (or lock around it), or use separate processes."
        )

    def end_scope(self, result: Any = None) -> None:
        """Disposes what the innermost scope tracked, except `result`'s tensors and kept
        ones; `result`'s tensors move up to the enclosing scope."""
        scope = self._scopes.pop()
        if isinstance(result, Tensor):  # an op's usual result: no walk, no set
            returned: tuple[Tensor, ...] | list[Tensor] = (result,)
            for tensor in scope.tracked:
                if tensor is not result and not tensor.kept:
                    self.dispose_tensor(tensor)
        else:
            returned = list(iter_tensors(result)) if result is not None else []
            keep_ids = {t.id for t in returned}
            for tensor in scope.tracked:
                if not tensor.kept and tensor.id not in keep_ids:
                    self.dispose_tensor(tensor)
        if self._scopes:
            parent = self._scopes[-1]
            for tensor in returned:
                if not tensor.kept and tensor.scope_id == scope.id:
                    tensor.scope_id = parent.id
                    parent.tracked.append(tensor)

    def tidy(self, name_or_fn: str | Callable[[], T], fn: Callable[[], T] | None = None) -> T:
        """Runs `fn` and disposes the tensors it made, except those it returns."""
        name: str | None = None
        if fn is None:
            fn = name_or_fn  # type: ignore[assignment]
        else:
            if not isinstance(name_or_fn, str):
                raise TypeError(f"tidy(name, fn): name must be a string, got {name_or_fn!r}")
            name = name_or_fn
        if not callable(fn):
            raise TypeError(f"tidy() needs a function to run, got {fn!r}")
        self.start_scope(name)
        try:
            result = fn()
        except BaseException:
            self.end_scope(None)
            raise
        if inspect.isawaitable(result):
            self.end_scope(None)
            if inspect.iscoroutine(result):
                result.close()
            raise TypeError("Cannot return a coroutine or awaitable inside of tidy(): tidy is synchronous")
        self.end_scope(result)
        return result

    def keep(self, tensor: Tensor) -> Tensor:
        """Marks `tensor` so that no enclosing tidy disposes it."""
        tensor.kept = True
        return tensor

    def _outermost_op(self) -> str | None:
        for scope in self._scopes:
            if scope.is_op:
                return scope.name
        return None


def _value_and_grad_func(result: Any) -> tuple[Tensor, Callable[..., Any]]:
    """A custom gradient's `{"value": ..., "grad_func": ...}` (or a pair), checked."""
    if isinstance(result, Mapping):
        value, grad_func = result.get("value"), result.get("grad_func", result.get("gradFunc"))
    elif isinstance(result, (list, tuple)) and len(result) == 2:
        value, grad_func = result
    else:
        value = grad_func = None
    if not isinstance(value, Tensor):
        raise TypeError(
            "The function f passed in custom_grad(f) must return an object where `obj.value` is a tensor"
        )
    if not callable(grad_func):
        raise TypeError(
            "The function f passed in custom_grad(f) must return an object where `obj.grad_func` "
            "is a function."
        )
    return value, grad_func


def iter_tensors(container: Any) -> Iterator[Tensor]:
    """Every tensor in `container`: a tensor, or any nesting of lists, tuples and dicts."""
    if isinstance(container, Tensor):
        yield container
    elif isinstance(container, (list, tuple)):
        for item in container:
            yield from iter_tensors(item)
    elif isinstance(container, dict):
        for item in container.values():
            yield from iter_tensors(item)


ENGINE = Engine()
set_tensor_tracker(ENGINE)


def engine() -> Engine:
    """The global engine (`tf.engine()`)."""
    return ENGINE
