from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs.tensor_buffer import TensorBuffer, make_buffer


def buffer(shape: Sequence[int], dtype: str = "float32", values: Any | None = None) -> TensorBuffer:
    """Creates an empty (or `values`-filled) mutable TensorBuffer; `to_tensor()` makes a tensor.

    >>> buf = tf.buffer([2])
    >>> buf.set(7, 1)
    >>> buf.to_tensor().array_sync()
    [0.0, 7.0]
    """
    return make_buffer(shape, dtype, values)
