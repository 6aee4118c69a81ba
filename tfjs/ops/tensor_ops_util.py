"""What the tensor-creation ops share: values and dtype to a new tensor."""

from __future__ import annotations

from typing import Any

from tfjs import dtypes
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor
from tfjs.tensor_util import infer_dtype, make_values, reshape_values


def make_tensor(values: Any, shape: Any, dtype: str | None, fn_name: str) -> Tensor:
    """A new tensor of `values` (inferring the dtype when None), shaped by `shape`."""
    if dtype is not None:
        dtypes.check_dtype(dtype, op_name=fn_name)
    dtype = dtype or infer_dtype(values)
    return ENGINE.make_tensor(make_values(values, shape, dtype, f"{fn_name}()"), dtype, fn_name)


def make_ranked_tensor(values: Any, shape: Any, dtype: str | None, rank: int, fn_name: str) -> Tensor:
    """`make_tensor` for tensor1d ... tensor6d: nested values of that rank, or flat
    values with a shape of that rank."""
    what = f"{fn_name}()"
    if shape is not None and (not isinstance(shape, (list, tuple)) or len(shape) != rank):
        raise ValueError(f"{what} requires shape to have {rank} numbers, got {shape!r}")
    if dtype is not None:
        dtypes.check_dtype(dtype, op_name=fn_name)
    dtype = dtype or infer_dtype(values)
    array = make_values(values, None, dtype, what)
    if rank == 1 and array.ndim != 1:
        raise ValueError(f"{what} requires values to be a flat list or 1-D array, got rank {array.ndim}")
    if array.ndim not in (1, rank):
        raise ValueError(f"{what} requires values to be nested to rank {rank} or flat, got rank {array.ndim}")
    if array.ndim == 1 and rank > 1 and shape is None:
        raise ValueError(f"{what} requires shape to be provided when values are flat")
    if shape is not None:
        array = reshape_values(array, shape, what)
    return ENGINE.make_tensor(array, dtype, fn_name)
