"""TensorBuffer: a mutable NumPy-backed buffer to fill before making a tensor."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from tfjs import dtypes

if TYPE_CHECKING:
    from tfjs.tensor import Tensor


class TensorBuffer:
    """A mutable buffer of values with a shape and dtype (TF.js's `tf.TensorBuffer`).

    >>> buf = tf.buffer([2, 2])
    >>> buf.set(3, 0, 0)
    >>> buf.set(5, 1, 0)
    >>> buf.to_tensor().array_sync()
    [[3.0, 0.0], [5.0, 0.0]]
    """

    def __init__(self, shape: tuple[int, ...], dtype: str, values: np.ndarray) -> None:
        self.shape = tuple(shape)
        self.dtype = dtype
        self.size = math.prod(self.shape)
        self.values = values.reshape(self.shape)
        self.strides = tuple(math.prod(self.shape[i + 1 :]) for i in range(len(self.shape) - 1))

    @property
    def rank(self) -> int:
        return len(self.shape)

    def set(self, value: Any, *locs: int) -> None:
        """Sets the value at `locs` (one index per dimension)."""
        from tfjs.tensor_util import make_values

        converted = make_values(value, None, self.dtype, "TensorBuffer.set()")
        if converted.ndim != 0:
            raise ValueError(f"TensorBuffer.set() takes one value, got shape {list(converted.shape)}")
        self.values[self._check_locs(locs)] = converted[()]  # the value, not a 0-d array

    def get(self, *locs: int) -> Any:
        """The value at `locs` (one index per dimension)."""
        value = self.values[self._check_locs(locs)]
        return value.item() if isinstance(value, np.generic) else value

    def loc_to_index(self, locs: list[int]) -> int:
        """The flat index of `locs` (one index per dimension)."""
        checked = self._check_locs(tuple(locs))
        return int(np.ravel_multi_index(checked, self.shape)) if checked else 0

    def index_to_loc(self, index: int) -> list[int]:
        """The location (one index per dimension) of flat index `index`."""
        if not 0 <= index < self.size:
            raise IndexError(f"index {index} is out of range for a buffer of size {self.size}")
        return [int(i) for i in np.unravel_index(index, self.shape)] if self.shape else []

    def to_tensor(self) -> Tensor:
        """A new tensor holding a copy of the buffer's values."""
        from tfjs.engine import ENGINE

        return ENGINE.make_tensor(self.values.copy(), self.dtype)

    def _check_locs(self, locs: tuple[int, ...]) -> tuple[int, ...]:
        if len(locs) != self.rank:
            raise ValueError(
                f"The number of provided coordinates ({len(locs)}) must match the rank ({self.rank})"
            )
        for axis, (loc, dim) in enumerate(zip(locs, self.shape, strict=True)):
            if isinstance(loc, bool) or not isinstance(loc, (int, np.integer)):
                raise TypeError(
                    f"TensorBuffer coordinates must be integers, got {loc!r} on axis {axis} of {list(locs)}"
                )
            if not 0 <= loc < dim:
                raise IndexError(
                    f"Requested out of range element at {list(locs)}: index {loc} on axis {axis} "
                    f"of a buffer of shape {list(self.shape)}"
                )
        return tuple(int(loc) for loc in locs)


def make_buffer(shape: Any, dtype: str, values: Any | None) -> TensorBuffer:
    from tfjs.tensor_util import check_shape, make_values

    shape = check_shape(shape, "buffer()")
    dtypes.check_dtype(dtype)
    if values is None:
        storage = np.zeros(shape, dtype=dtypes.NUMPY_DTYPES[dtype])
        if dtype == "string":
            storage[...] = ""
    else:
        storage = make_values(values, shape, dtype, "buffer()").copy()
    return TensorBuffer(shape, dtype, storage)
