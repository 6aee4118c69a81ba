from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs import dtypes
from tfjs.tensor_buffer import TensorBuffer, make_buffer
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import check_shape


def buffer(shape: Sequence[int], dtype: str = "float32", values: Any | None = None) -> TensorBuffer:
    """Creates an empty (or `values`-filled) mutable TensorBuffer; `to_tensor()` makes a tensor.

    >>> buf = tf.buffer([2])
    >>> buf.set(7, 1)
    >>> buf.to_tensor().array_sync()
    [0.0, 7.0]
    """
    dtypes.check_dtype(dtype, op_name="buffer")
    if values is None:
        check_tensor_size(check_shape(shape, "buffer()"), dtype, "buffer")
    return make_buffer(shape, dtype, values)
