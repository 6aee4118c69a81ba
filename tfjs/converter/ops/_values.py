"""Reading a node's scalar and shape inputs as TF.js's getParamValue does
('number': the first value; 'number[]': the values; 'shape': a list, or a number for a
scalar, which means an unknown rank).

A mapper marks each input it reads this way `HostInput`. The executor gives such an input
as `HostValues` instead of its tensor when the input's values are known on the host: a
constant of the graph (a weight or a folded value), read once when the plan is built, so
that running the plan downloads nothing from the device for it. Every reader here takes
either form and gives the same result."""

from __future__ import annotations

from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any, TypeAlias

import numpy as np

from tfjs.tensor import Tensor

# The dtypes whose values a plan reads ahead (a complex constant stays a tensor).
HOST_DTYPES = frozenset({"float32", "int32", "bool", "string"})


@dataclass(frozen=True)
class HostValues:
    """A tensor's values held on the host: `flat` as `data_sync()` gives them, with the
    tensor's shape and dtype."""

    flat: np.ndarray
    shape: tuple[int, ...]
    dtype: str

    @classmethod
    def read(cls, tensor: Tensor) -> HostValues:
        """Downloads `tensor`'s values (once: the result is read-only)."""
        flat = tensor.data_sync()
        flat.flags.writeable = False
        return cls(flat, tuple(tensor.shape), tensor.dtype)

    @property
    def rank(self) -> int:
        return len(self.shape)


# An input a mapper reads on the host: its tensor, or its values when the plan knows them.
HostInput: TypeAlias = "Tensor | HostValues"
_READABLE = (Tensor, HostValues)


def flat_values(value: Tensor | HostValues) -> np.ndarray:
    """The values as a flat array, as `data_sync()` gives them."""
    return value.flat if isinstance(value, HostValues) else value.data_sync()


def first_truth(value: Tensor | HostValues) -> bool | None:
    """Whether the first value is true as JavaScript reads it (TF.js's `pred[0] ? ...`:
    0 and NaN are false); None for no value."""
    values = flat_values(value)
    if not len(values):
        return None
    first = values[0]
    return bool(first == first and first != 0) if isinstance(first, (float, np.floating)) else bool(first)


def number(value: Any) -> Any:
    """A `number` input: the tensor's first value (TF.js reads `dataSync()[0]`) as a Python
    number; a value that is not a tensor is returned as it is."""
    if not isinstance(value, _READABLE):
        return value
    if value.dtype == "string":
        raise ValueError(f"expected a number, got a string tensor of shape {list(value.shape)}")
    data = flat_values(value)
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
    if isinstance(value, HostValues):
        flat = value.flat.astype(bool) if value.dtype == "bool" else value.flat
        return flat.reshape(value.shape).tolist()
    return value.array_sync() if isinstance(value, Tensor) else value


def nested_ints(value: Any) -> Any:
    """A `number[]` input of sizes, shapes, axes or paddings: nested lists of Python ints
    (a scalar gives one int)."""
    if not isinstance(value, _READABLE):
        return value
    return np.asarray(flat_values(value)).reshape(value.shape).astype(np.int64).tolist()


def numbers(t: Tensor | HostValues) -> list[Any]:
    return [v.item() if hasattr(v, "item") else v for v in flat_values(t)]


def shape_value(t: Tensor | HostValues | None) -> Any:
    if t is None:
        return None
    values = [int(v) for v in flat_values(t)]
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
