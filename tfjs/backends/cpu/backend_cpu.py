"""The `cpu` backend: tensor data held as NumPy arrays.

Kernels compute what TF.js's JavaScript kernels compute. JavaScript does its arithmetic
on doubles and rounds when it stores a result, so where float32 arithmetic would give
another answer (integer products and powers, floor division, modulo) or lose accuracy
(sums), kernels compute in float64 and round at the end; element-wise float math whose
float32 result is correctly rounded stays in float32.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.backends.backend import DataId, KernelBackend, TensorInfo
from tfjs.backends.cpu.heap import keep_freed_memory
from tfjs.kernel_registry import get_kernels_for_backend
from tfjs.tensor_size import TensorTooLargeError


class CpuBackend(KernelBackend):
    """Holds each buffer as a read-only NumPy array under its data id."""

    def __init__(self) -> None:
        self.data: dict[DataId, np.ndarray] = {}
        keep_freed_memory()

    def write(self, values: np.ndarray, dtype: str) -> DataId:
        data_id = DataId()
        self.move(data_id, values, dtype)
        return data_id

    def move(self, data_id: DataId, values: np.ndarray, dtype: str) -> None:
        values.flags.writeable = False
        self.data[data_id] = values

    def read_sync(self, data_id: DataId) -> np.ndarray:
        return self.data[data_id]

    def dispose_data(self, data_id: DataId) -> None:
        del self.data[data_id]

    def num_data_ids(self) -> int:
        return len(self.data)

    def execute(self, kernel_func: Any, inputs: Mapping[str, Any], attrs: Mapping[str, Any]) -> Any:
        # IEEE results (inf, nan, wrapped integers) are the answers, as in JavaScript.
        try:
            with np.errstate(all="ignore"):
                return kernel_func(self, **inputs, **attrs)
        except MemoryError as error:
            # The ops check the size of what they make before a kernel runs; this is the
            # net under what they cannot foresee (a kernel's own scratch arrays).
            raise TensorTooLargeError(
                f"{self._kernel_name(kernel_func)}: the {self.name or 'cpu'} backend could not allocate "
                f"memory for this kernel ({error})"
            ) from None

    def _kernel_name(self, kernel_func: Any) -> str:
        for config in get_kernels_for_backend(self.name or "cpu"):
            if config.kernel_func is kernel_func:
                return config.kernel_name
        return getattr(kernel_func, "__qualname__", "a kernel")

    def dispose(self) -> None:
        self.data.clear()
        super().dispose()

    # ---- helpers for kernels --------------------------------------------------------

    def values(self, info: Any) -> np.ndarray:
        """The values of a kernel input, in its shape."""
        stored = self.data[info.data_id]
        return stored if stored.shape == info.shape else stored.reshape(info.shape)

    def make_output(self, values: Any, dtype: str) -> TensorInfo:
        """Stores a kernel's result, rounded into `dtype`'s storage as a typed array would."""
        values = to_storage(np.asarray(values), dtype)
        if values.base is not None or not values.flags.c_contiguous:
            values = values.copy()  # own it (C order): no view keeps an input's buffer alive
        return TensorInfo(self.write(values, dtype), values.shape, dtype)

    def forward(self, info: Any, shape: tuple[int, ...], dtype: str | None = None) -> TensorInfo:
        """A result sharing `info`'s buffer (reshape, identity): no copy."""
        return TensorInfo(info.data_id, tuple(shape), dtype or info.dtype)


def to_storage(values: np.ndarray, dtype: str) -> np.ndarray:
    """`values` stored as a TypedArray of `dtype` stores them: int32 truncates and wraps,
    bool is non-zero. Always an array, 0-d ones included (NumPy's comparisons and ufuncs
    give 0-d inputs a scalar back)."""
    target = dtypes.NUMPY_DTYPES[dtype]
    if values.dtype == target:
        return values
    if dtype == "int32":
        return np.asarray(dtypes.to_int32(values))
    if dtype == "bool":
        return np.asarray(values != 0)
    return values.astype(target)
