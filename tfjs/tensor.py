"""Tensor and Variable: handles to data that lives on a backend.

A tensor is a data id, a shape and a dtype; its values stay on the backend until they
are downloaded (`data_sync`, `await data()`, `array_sync`, `numpy`). Its chainable
methods (`a.sub(b).square().mean()`) look their op up at call time, as TF.js's do.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Coroutine, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tfjs import tensor_format
from tfjs.chained_ops import CHAINED_OPS as CHAINED_OPS
from tfjs.slice_util import index_to_strided_slice
from tfjs.tensor_downloads import flat_values, flat_when_read, nested_when_read, shaped_values
from tfjs.tensor_methods import TensorMethods
from tfjs.tensor_methods import ops_module as _ops

if TYPE_CHECKING:
    from tfjs.backends.backend import DataId
    from tfjs.engine import Engine
    from tfjs.tensor_buffer import TensorBuffer
    from tfjs.tensor_util import TensorLike

_engine: Engine = None  # type: ignore[assignment]
_tensor_ids = itertools.count()


def set_tensor_tracker(engine: Engine) -> None:
    """Called once by tfjs.engine: the engine that tracks every tensor (TF.js's
    setTensorTracker, which breaks the same import cycle)."""
    global _engine
    _engine = engine


_variable_ids = itertools.count()


def _interop() -> Any:
    from tfjs import interop  # imports the engine, which imports this module

    return interop


class Tensor(TensorMethods):
    """A multidimensional array of values on a backend (TF.js's `tf.Tensor`).

    >>> a = tf.tensor([[1, 2], [3, 4]])
    >>> a.shape, a.dtype, a.rank, a.size
    ((2, 2), 'float32', 2, 4)
    >>> a.print()
    Tensor
        [[1, 2],
         [3, 4]]
    """

    __slots__ = ("__weakref__", "data_id", "dtype", "id", "is_disposed", "kept", "scope_id", "shape", "size")
    # NumPy defers to Tensor's reflected operators (np_array + tensor is tf.add).
    __array_ufunc__ = None

    def __init__(self, data_id: DataId, shape: tuple[int, ...], dtype: str) -> None:
        self.data_id = data_id
        self.shape = tuple(shape)
        self.dtype = dtype
        self.size = math.prod(self.shape)
        self.id = next(_tensor_ids)
        self.is_disposed = False
        self.kept = False
        self.scope_id = 0

    @property
    def rank(self) -> int:
        return len(self.shape)

    # ---- downloads ------------------------------------------------------------------

    def _values(self, method: str = "read") -> np.ndarray:
        self._throw_if_disposed(method)
        return _engine.read_sync(self)

    def data_sync(self) -> np.ndarray:
        """The values as a flat NumPy array (TF.js's TypedArray), waiting for the backend:
        float32, int32, uint8 for bool (a Uint8Array), interleaved float32 real and
        imaginary parts for complex64, and str objects for string.

        >>> tf.tensor([[1, 2], [3, 4]]).data_sync()
        array([1., 2., 3., 4.], dtype=float32)
        """
        return flat_values(self._values("data_sync"), self.dtype)

    def data(self) -> Coroutine[Any, Any, np.ndarray]:
        """Like `data_sync`, but lets the event loop run while the backend finishes; the
        read starts at the call, so disposing the tensor before awaiting is fine (TF.js).

        >>> import asyncio
        >>> asyncio.run(tf.tensor([True, False]).data())
        array([1, 0], dtype=uint8)
        """
        self._throw_if_disposed("data")
        return flat_when_read(_engine.read(self), self.dtype)

    def numpy(self) -> np.ndarray:
        """The values as a new NumPy array of the tensor's shape (bool, complex64 and
        string tensors give bool, complex64 and object arrays).

        >>> tf.tensor([1, 2], dtype="int32").numpy()
        array([1, 2], dtype=int32)
        """
        return self._numpy("numpy")

    def _numpy(self, method: str) -> np.ndarray:
        return shaped_values(self._values(method), self.dtype)

    def array_sync(self) -> Any:
        """The values as nested Python lists (a plain number for a scalar).

        >>> tf.tensor([[1, 2]], dtype="int32").array_sync(), tf.scalar(0.5).array_sync()
        ([[1, 2]], 0.5)
        """
        return self.numpy().tolist()

    def array(self) -> Coroutine[Any, Any, Any]:
        """Like `array_sync`, but lets the event loop run while the backend finishes (the
        read starts at the call, as `data`'s)."""
        self._throw_if_disposed("array")
        return nested_when_read(_engine.read(self), self.dtype)

    def bytes(self) -> list[bytes]:
        """The raw bytes of each string of a string tensor, flat."""
        if self.dtype != "string":
            raise TypeError(f"bytes() is for string tensors, this one is {self.dtype}")
        return [v.encode("utf-8") if isinstance(v, str) else bytes(v) for v in self._values("bytes").flat]

    def buffer(self) -> TensorBuffer:
        """A mutable TensorBuffer holding a copy of the values."""
        from tfjs.tensor_buffer import TensorBuffer

        return TensorBuffer(self.shape, self.dtype, self._numpy("buffer"))

    buffer_sync = buffer

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
        values = self.numpy()
        return values if dtype is None else values.astype(dtype)

    # ---- printing -------------------------------------------------------------------

    def to_string(self, verbose: bool = False) -> str:
        """The values as text, in TF.js's format; `verbose` adds dtype, rank and shape.

        >>> tf.tensor([1.5, 2]).to_string()
        'Tensor\\n    [1.5, 2]'
        """
        return self._to_string(verbose, "to_string")

    def _to_string(self, verbose: bool, method: str) -> str:
        return tensor_format.tensor_to_string(self._values(method), self.shape, self.dtype, verbose)

    def print(self, verbose: bool = False) -> None:
        """Prints the tensor as TF.js's `tensor.print()` does."""
        print(self._to_string(verbose, "print"))

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        if self.is_disposed:
            return f"<disposed Tensor id={self.id} shape={list(self.shape)} dtype={self.dtype}>"
        return self.to_string()

    # ---- memory ---------------------------------------------------------------------

    def dispose(self) -> None:
        """Releases the tensor; its data is freed when no other tensor shares it."""
        _engine.dispose_tensor(self)

    def data_to_gpu(self) -> Any:
        """TF.js's `dataToGPU`: on `torch`, the torch tensor itself (see tfjs.interop)."""
        return _interop().data_to_gpu(self)

    def __dlpack__(self, **kwargs: Any) -> Any:
        """The backend buffer's DLPack capsule: `torch.from_dlpack(t)` shares it."""
        return _interop().dlpack(self, **kwargs)

    def __dlpack_device__(self) -> tuple[int, int]:
        """DLPack's (device type, device index) of the backend buffer."""
        return _interop().dlpack_device(self)

    def _throw_if_disposed(self, method: str) -> None:
        if self.is_disposed:
            raise ValueError(
                f"{method}: Tensor {self.id} (shape {list(self.shape)}, {self.dtype}) is disposed"
            )

    # ---- TF.js's non-op methods -----------------------------------------------------

    def flatten(self) -> Tensor:
        """The tensor reshaped to 1-D."""
        return _ops().reshape(self, [self.size])

    def as_scalar(self) -> Tensor:
        if self.size != 1:
            raise ValueError(f"The array must have only 1 element, it has {self.size}")
        return _ops().reshape(self, [])

    def as1d(self) -> Tensor:
        return _ops().reshape(self, [self.size])

    def as2d(self, rows: int, columns: int) -> Tensor:
        return _ops().reshape(self, [rows, columns])

    def as3d(self, rows: int, columns: int, depth: int) -> Tensor:
        return _ops().reshape(self, [rows, columns, depth])

    def as4d(self, rows: int, columns: int, depth: int, depth2: int) -> Tensor:
        return _ops().reshape(self, [rows, columns, depth, depth2])

    def as5d(self, rows: int, columns: int, depth: int, depth2: int, depth3: int) -> Tensor:
        return _ops().reshape(self, [rows, columns, depth, depth2, depth3])

    def as_type(self, dtype: str) -> Tensor:
        return _ops().cast(self, dtype)

    # ---- chained ops whose tensor is not the op's first argument, as TF.js has them -

    def where(self, condition: TensorLike, x: TensorLike) -> Tensor:
        """`t.where(condition, x)` is `tf.where(condition, t, x)`."""
        return _ops().where(condition, self, x)

    def concat(self, x: TensorLike | Sequence[TensorLike], axis: int = 0) -> Tensor:
        """`t.concat(x, axis)` is `tf.concat([t, *x], axis)` (`x` a tensor or a list)."""
        others = list(x) if isinstance(x, (list, tuple)) else [x]
        return _ops().concat([self, *others], axis)

    def stack(self, x: TensorLike | Sequence[TensorLike], axis: int = 0) -> Tensor:
        """`t.stack(x, axis)` is `tf.stack([t, *x], axis)` (`x` a tensor or a list)."""
        others = list(x) if isinstance(x, (list, tuple)) else [x]
        return _ops().stack([self, *others], axis)

    # ---- Python protocols -----------------------------------------------------------

    def __getitem__(self, key: Any) -> Tensor:
        return _ops().strided_slice(self, *index_to_strided_slice(key))

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of a scalar tensor")
        return self.shape[0]

    def __iter__(self) -> Iterator[Tensor]:
        for i in range(len(self)):
            yield self[i]

    def __bool__(self) -> bool:
        if self.size != 1:
            raise ValueError(f"The truth value of a tensor with {self.size} elements is ambiguous")
        return bool(self._values("bool()").flat[0])

    def __float__(self) -> float:
        return float(self._scalar_value("float()"))

    def __int__(self) -> int:
        return int(self._scalar_value("int()"))

    def _scalar_value(self, method: str) -> Any:
        if self.size != 1:
            raise TypeError(f"only a tensor of one element converts to a Python number, not {self.size}")
        value = self._values(method).flat[0]
        # As a Python value, so that float() of a complex64 tensor is Python's TypeError.
        return value.item() if isinstance(value, np.generic) else value

    def __add__(self, other: Any) -> Tensor:
        return _ops().add(self, other)

    def __radd__(self, other: Any) -> Tensor:
        return _ops().add(other, self)

    def __sub__(self, other: Any) -> Tensor:
        return _ops().sub(self, other)

    def __rsub__(self, other: Any) -> Tensor:
        return _ops().sub(other, self)

    def __mul__(self, other: Any) -> Tensor:
        return _ops().mul(self, other)

    def __rmul__(self, other: Any) -> Tensor:
        return _ops().mul(other, self)

    def __truediv__(self, other: Any) -> Tensor:
        return _ops().div(self, other)

    def __rtruediv__(self, other: Any) -> Tensor:
        return _ops().div(other, self)

    def __floordiv__(self, other: Any) -> Tensor:
        return _ops().floor_div(self, other)

    def __rfloordiv__(self, other: Any) -> Tensor:
        return _ops().floor_div(other, self)

    def __mod__(self, other: Any) -> Tensor:
        return _ops().mod(self, other)

    def __rmod__(self, other: Any) -> Tensor:
        return _ops().mod(other, self)

    def __pow__(self, other: Any) -> Tensor:
        return _ops().pow(self, other)

    def __rpow__(self, other: Any) -> Tensor:
        return _ops().pow(other, self)

    def __matmul__(self, other: Any) -> Tensor:
        return _ops().mat_mul(self, other)

    def __rmatmul__(self, other: Any) -> Tensor:
        return _ops().mat_mul(other, self)

    def __neg__(self) -> Tensor:
        return _ops().neg(self)

    def __abs__(self) -> Tensor:
        return _ops().abs(self)

    def __gt__(self, other: Any) -> Tensor:
        return _ops().greater(self, other)

    def __ge__(self, other: Any) -> Tensor:
        return _ops().greater_equal(self, other)

    def __lt__(self, other: Any) -> Tensor:
        return _ops().less(self, other)

    def __le__(self, other: Any) -> Tensor:
        return _ops().less_equal(self, other)


class Variable(Tensor):
    """A mutable tensor, for state that persists (TF.js's `tf.Variable`). Not freed by
    `tidy`; `assign` replaces its value in place.

    >>> v = tf.variable(tf.tensor([1, 2, 3]))
    >>> v.assign(tf.tensor([4, 5, 6]))
    >>> v.array_sync()
    [4.0, 5.0, 6.0]
    """

    __slots__ = ("name", "trainable")

    def __init__(self, initial_value: Tensor, trainable: bool = True, name: str | None = None) -> None:
        super().__init__(initial_value.data_id, initial_value.shape, initial_value.dtype)
        self.trainable = trainable
        self.name = _free_variable_name() if name is None else name

    def assign(self, new_value: Tensor) -> None:
        """Replaces the variable's value with `new_value` (same dtype and shape)."""
        self._throw_if_disposed("Variable.assign")
        if not isinstance(new_value, Tensor):
            raise TypeError(f"Variable.assign takes a Tensor, got {type(new_value).__name__}")
        if new_value.is_disposed:
            raise ValueError("Variable.assign: the new value is a disposed tensor")
        if new_value.dtype != self.dtype:
            raise TypeError(
                f"dtype of the new value ({new_value.dtype}) and previous value ({self.dtype}) must match"
            )
        if new_value.shape != self.shape:
            raise ValueError(
                f"shape of the new value ({list(new_value.shape)}) and previous value "
                f"({list(self.shape)}) must match"
            )
        if new_value.data_id is not self.data_id:
            _engine.reassign(self, new_value.data_id)

    def dispose(self) -> None:
        if not self.is_disposed:
            _engine.registered_variables.pop(self.name, None)
        super().dispose()


def _free_variable_name() -> str:
    """The next numbered name (TF.js names variables "0", "1", ...) that no variable has."""
    name = str(next(_variable_ids))
    while name in _engine.registered_variables:
        name = str(next(_variable_ids))
    return name
