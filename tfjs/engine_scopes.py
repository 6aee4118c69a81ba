"""The engine's scopes: every op and `tidy` opens one; what it tracked is disposed when it
ends, except its result and kept tensors. The engine is used from one thread at a time,
as TF.js's is: another thread's scope while one is open is refused. A part of `Engine`
(its mixin), kept apart by concern."""

from __future__ import annotations

import inspect
import itertools
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from tfjs.tensor import Tensor

T = TypeVar("T")


class _Scope:
    __slots__ = ("id", "is_op", "name", "tracked")

    def __init__(self, name: str | None, scope_id: int, is_op: bool) -> None:
        self.name = name
        self.id = scope_id
        self.is_op = is_op
        self.tracked: list[Tensor] = []


class ScopesMixin:
    """Engine's scope methods; the engine holds the scope stack."""

    _scopes: list[_Scope]
    _scope_ids: itertools.count
    _scope_lock: threading.Lock
    _scope_thread: threading.Thread | None

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
