"""Reading a node's scalar and shape inputs as TF.js's getParamValue does
('number': the first value; 'number[]': the values; 'shape': a list, or a number for a
scalar, which means an unknown rank)."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

import numpy as np

from tfjs.tensor import Tensor


def number(value: Any) -> Any:
    """A `number` input: the tensor's first value (TF.js reads `dataSync()[0]`) as a Python
    number; a value that is not a tensor is returned as it is."""
    if not isinstance(value, Tensor):
        return value
    if value.dtype == "string":
        raise ValueError(f"expected a number, got a string tensor of shape {list(value.shape)}")
    data = value.data_sync()
    if data.size == 0:
        raise ValueError(f"expected a number, got an empty tensor of shape {list(value.shape)}")
    first = data.reshape(-1)[0]
    return first.item() if hasattr(first, "item") else first


def integer(value: Any) -> int:
    """A `number` input that must be an integer (an axis, a size, a count)."""
    result = number(value)
    if isinstance(result, float) and not result.is_integer():
        raise ValueError(f"expected an integer input, got {result}")
    return int(result)


def nested(value: Any) -> Any:
    """A `number[]` input as nested lists in the tensor's shape (TF.js's `toNestedArray`);
    a scalar gives one value, a value that is not a tensor is returned as it is."""
    return value.array_sync() if isinstance(value, Tensor) else value


def nested_ints(value: Any) -> Any:
    """A `number[]` input of sizes, shapes, axes or paddings: nested lists of Python ints
    (a scalar gives one int)."""
    if not isinstance(value, Tensor):
        return value
    return np.asarray(value.data_sync()).reshape(value.shape).astype(np.int64).tolist()


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
