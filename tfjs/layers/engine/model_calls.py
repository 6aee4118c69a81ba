"""Calls on one model from several threads run one at a time, as GraphModel's `execute`
does: the engine is used from one thread at a time (as TF.js's is), and a second
thread's `predict` on the same model would otherwise fail inside the first one's."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

Method = TypeVar("Method", bound=Callable[..., Any])
_MAKING_LOCKS = threading.Lock()


def one_call_at_a_time(method: Method) -> Method:
    """`method` of a model, holding the model's call lock (re-entrant: a callback of `fit`
    may call `predict` on the same model)."""

    @functools.wraps(method)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        with _calls_lock(self):
            return method(self, *args, **kwargs)

    return call  # type: ignore[return-value]


def _calls_lock(model: Any) -> threading.RLock:
    lock = model.__dict__.get("_calls_lock")
    if lock is None:
        with _MAKING_LOCKS:
            lock = model.__dict__.setdefault("_calls_lock", threading.RLock())
    return lock
