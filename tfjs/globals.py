"""The engine's public functions, as TF.js's globals.ts exports them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from tfjs.backends.backend import KernelBackend
from tfjs.engine import ENGINE, Engine
from tfjs.engine_scopes import iter_tensors
from tfjs.tensor import Tensor

T = TypeVar("T")


def tidy(name_or_fn: str | Callable[[], T], fn: Callable[[], T] | None = None) -> T:
    """Runs `fn` and disposes every tensor it made except those it returns (a tensor or
    any nesting of lists, tuples and dicts of them). `tidy(name, fn)` names the scope.

    >>> y = tf.tidy(lambda: tf.square(tf.tensor([1, 2])).add(1))
    >>> y.array_sync()
    [2.0, 5.0]
    """
    return ENGINE.tidy(name_or_fn, fn)


def keep(result: Tensor) -> Tensor:
    """Keeps `result` from being disposed by the enclosing `tidy`.

    >>> kept = tf.tidy(lambda: [tf.keep(tf.tensor([1])), tf.tensor([2])][0])
    >>> kept.is_disposed
    False
    """
    if not isinstance(result, Tensor):
        raise TypeError(f"keep() takes a Tensor, got {type(result).__name__}")
    return ENGINE.keep(result)


def dispose(container: Any) -> None:
    """Disposes a tensor, or every tensor in any nesting of lists, tuples and dicts.

    >>> a = tf.tensor([1]); tf.dispose({"a": [a]}); a.is_disposed
    True
    """
    for tensor in iter_tensors(container):
        tensor.dispose()


def dispose_variables() -> None:
    """Disposes every registered variable."""
    for variable in list(ENGINE.registered_variables.values()):
        variable.dispose()


def memory() -> dict[str, Any]:
    """The memory in use: `num_tensors`, `num_data_buffers` (tensors can share one),
    `num_bytes`, and `unreliable` with its `reasons` when a count can not be exact.

    >>> sorted(tf.memory())[:3]
    ['num_bytes', 'num_data_buffers', 'num_tensors']
    """
    return ENGINE.memory()


def set_backend(name: str) -> bool:
    """Makes `name` the active backend. Returns False if it failed to initialise;
    an unknown name is a ValueError."""
    return ENGINE.set_backend(name)


def get_backend() -> str:
    """The name of the active backend (choosing the best one on first use).

    >>> tf.get_backend()
    'cpu'
    """
    return ENGINE.get_backend()


def backend() -> KernelBackend:
    """The active backend object."""
    return ENGINE.backend


def find_backend(name: str) -> KernelBackend | None:
    """The backend registered as `name`, or None."""
    return ENGINE.find_backend(name)


def register_backend(name: str, factory: Callable[[], KernelBackend], priority: int = 1) -> bool:
    """Registers a backend factory under `name`; the highest priority one that starts is
    the default. Returns False if the name is already registered."""
    return ENGINE.register_backend(name, factory, priority)


def remove_backend(name: str) -> None:
    """Unregisters backend `name` and disposes it."""
    ENGINE.remove_backend(name)


async def ready() -> None:
    """Waits until the active backend is initialised (synchronous here: returns at once)."""
    ENGINE.backend  # noqa: B018 - initialises it


async def next_frame() -> None:
    """Yields to the event loop once (TF.js waits for the next animation frame)."""
    await asyncio.sleep(0)


def engine() -> Engine:
    """The global engine."""
    return ENGINE
