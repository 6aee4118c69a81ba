"""The forms a tensor's downloaded values take (`data_sync`/`data`, `numpy`,
`array_sync`/`array`): TF.js's flat TypedArray forms, shaped copies, nested lists, and
string bytes decoded as UTF-8."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import numpy as np


def flat_values(values: np.ndarray, dtype: str) -> np.ndarray:
    """`values` (a backend's storage) as TF.js's flat TypedArray holds them: uint8 for
    bool, interleaved float32 real and imaginary parts for complex64, str for string."""
    if dtype == "bool":
        return values.reshape(-1).astype(np.uint8)
    if dtype == "complex64":
        return values.reshape(-1).view(np.float32).copy()
    if dtype == "string":
        return decode_strings(values).reshape(-1)
    return values.reshape(-1).copy()


def shaped_values(values: np.ndarray, dtype: str) -> np.ndarray:
    """A shaped copy of `values`, strings decoded."""
    return decode_strings(values) if dtype == "string" else values.copy()


async def flat_when_read(values: Awaitable[np.ndarray], dtype: str) -> np.ndarray:
    """`flat_values` of a read under way (`await t.data()`)."""
    return flat_values(await values, dtype)


async def nested_when_read(values: Awaitable[np.ndarray], dtype: str) -> Any:
    """The nested lists of a read under way (`await t.array()`)."""
    return shaped_values(await values, dtype).tolist()


def decode_strings(values: np.ndarray) -> np.ndarray:
    """String bytes as str objects; bytes that are not UTF-8 are a clear error."""
    decoded = np.empty(values.shape, dtype=object)
    try:
        decoded.flat[:] = [v.decode("utf-8") if isinstance(v, bytes) else v for v in values.flat]
    except UnicodeDecodeError:
        raise ValueError(
            "Failed to decode the string bytes into utf-8. To get the original bytes, call tensor.bytes()."
        ) from None
    return decoded
