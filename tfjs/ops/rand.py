from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from tfjs.ops.operation import op
from tfjs.ops.random_util import random_tensor
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_text


@op
def rand(shape: Sequence[int], rand_function: Callable[[], float], dtype: str | None = None) -> Tensor:
    """Creates a tensor whose values are `rand_function()`, called once per element in
    order, stored as `dtype`'s typed array (int32 truncates; bool is whether the value
    truncates to non-zero).

    >>> tf.rand([3], lambda: 2.7, "int32").array_sync()
    [2, 2, 2]
    """
    if not callable(rand_function):
        raise TypeError(f"rand: rand_function must be callable, got {rand_function!r}")
    dtype = "float32" if dtype is None else dtype
    if not isinstance(dtype, str) or dtype not in ("float32", "int32", "bool"):
        raise ValueError(f"rand: Unknown data type {js_text(dtype)}")

    def number() -> float:
        value = rand_function()
        if not isinstance(value, (int, float, np.integer, np.floating)):  # bool is an int, as in JS
            raise TypeError(f"rand: rand_function must return a number, but it returned {value!r}")
        return float(value)

    def draw(size: int) -> np.ndarray:
        return np.fromiter((number() for _ in range(size)), np.float64, size)

    return random_tensor(shape, dtype, "rand", ("float32", "int32", "bool"), draw)
