"""What a backend is: it owns the data of the tensors that live on it.

A backend stores buffers under data ids, reads them synchronously (`read_sync`) and
asynchronously (`read`), reports its memory and frees on `dispose_data`. Its kernels
are registered under TF.js's kernel names in `tfjs.kernel_registry`.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, NamedTuple

import numpy as np

_data_ids = itertools.count(1)


class DataId:
    """The key a tensor's buffer is stored under; tensors that share a buffer share it."""

    __slots__ = ("number",)

    def __init__(self) -> None:
        self.number = next(_data_ids)

    def __repr__(self) -> str:
        return f"DataId({self.number})"


class TensorInfo(NamedTuple):
    """What a kernel returns: where the result's data is, its shape and dtype."""

    data_id: DataId
    shape: tuple[int, ...]
    dtype: str


class KernelBackend(ABC):
    """The interface every backend implements (TF.js's KernelBackend)."""

    name: str = ""
    is_disposed: bool = False
    # The kernels this backend has none of and runs on `cpu` instead (its one named
    # forwarding set): their inputs move to `cpu`, and their outputs stay there until a
    # kernel of this backend needs them.
    forwarded_kernels: frozenset[str] = frozenset()

    @abstractmethod
    def write(self, values: np.ndarray, dtype: str) -> DataId:
        """Stores `values` (already in the dtype's NumPy storage) under a new data id."""

    @abstractmethod
    def move(self, data_id: DataId, values: np.ndarray, dtype: str) -> None:
        """Stores `values` under an existing `data_id` moving here from another backend."""

    @abstractmethod
    def read_sync(self, data_id: DataId) -> np.ndarray:
        """The values stored under `data_id`, as a NumPy array; waits for pending work."""

    async def read(self, data_id: DataId) -> np.ndarray:
        """Like `read_sync`, but lets the event loop run while the backend finishes."""
        return self.read_sync(data_id)

    @abstractmethod
    def dispose_data(self, data_id: DataId) -> None:
        """Frees the buffer stored under `data_id`."""

    @abstractmethod
    def num_data_ids(self) -> int:
        """How many buffers this backend holds."""

    def memory(self) -> dict[str, Any]:
        """This backend's view of its memory; `unreliable` when it cannot be exact."""
        return {"unreliable": False, "reasons": []}

    def execute(self, kernel_func: Any, inputs: Mapping[str, Any], attrs: Mapping[str, Any]) -> Any:
        """Runs one of this backend's kernels."""
        return kernel_func(self, **inputs, **attrs)

    def synchronize(self) -> None:  # noqa: B027 - an optional hook, not abstract
        """Waits until every kernel launched so far has finished (a no-op when synchronous)."""

    def float_precision(self) -> int:
        return 32

    def epsilon(self) -> float:
        return 1e-7 if self.float_precision() == 32 else 1e-4

    def dispose(self) -> None:
        """Frees everything the backend holds; it is not used again."""
        self.is_disposed = True
