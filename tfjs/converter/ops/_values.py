"""Reading a node's scalar and shape inputs as TF.js's getParamValue does
('number': the first value; 'number[]': the values; 'shape': a list, or a number for a
scalar, which means an unknown rank)."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from tfjs.tensor import Tensor


def number(t: Tensor) -> Any:
    value = t.data_sync()[0]
    return value.item() if hasattr(value, "item") else value


def numbers(t: Tensor) -> list[Any]:
    return [v.item() if hasattr(v, "item") else v for v in t.data_sync()]


def shape_value(t: Tensor | None) -> Any:
    if t is None:
        return None
    values = [int(v) for v in t.data_sync()]
    if t.rank == 0:
        return values[0]
    return values


def run_sync(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Runs an async op whose awaits complete at once (reads of backend values)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    coroutine.close()
    raise RuntimeError("An async op did not finish synchronously")
