"""`@op`: TF.js's op scope, an implicit tidy under the op's name."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from tfjs.engine import ENGINE

F = TypeVar("F", bound=Callable[..., Any])


def op(fn: F) -> F:
    """Wraps an op so the tensors it makes in passing are freed when it returns; its
    name is what debug logs, profiles and the leak tracker show."""
    name = fn.__name__
    engine = ENGINE

    @functools.wraps(fn)
    def scoped(*args: Any, **kwargs: Any) -> Any:
        engine.start_scope(name, is_op=True)
        try:
            result = fn(*args, **kwargs)
        except BaseException:
            engine.end_scope(None)
            raise
        engine.end_scope(result)
        return result

    return scoped  # type: ignore[return-value]
