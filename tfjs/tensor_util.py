"""Turning Python and NumPy values into tensor storage, as TF.js turns TensorLikes into
typed arrays: dtype inference, shape checks, and TF.js's value conversions."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor

TensorLike = Any  # a number, bool, str, bytes, nested list/tuple or NumPy array
_SCALARS = (bool, int, float, complex, str, bytes, np.generic)
_NUMBERS = (bool, int, float, complex, np.number, np.bool_)


def infer_dtype(values: Any) -> str:
    """The dtype TF.js infers for `values`: from a NumPy array's dtype, else from the first
    element (numbers are float32, as JavaScript numbers are)."""
    if isinstance(values, Tensor):
        return values.dtype
    if isinstance(values, np.ndarray):
        return dtypes.dtype_of_numpy(values.dtype) or "float32"
    while isinstance(values, (list, tuple)) and len(values) > 0:
        values = values[0]
    if isinstance(values, (bool, np.bool_)):
        return "bool"
    if isinstance(values, (str, bytes, np.str_, np.bytes_)):
        return "string"
    if isinstance(values, (complex, np.complexfloating)):
        return "complex64"
    if isinstance(values, np.integer):
        return "int32"
    return "float32"


def is_tensor_like(values: Any) -> bool:
    return isinstance(values, (list, tuple, np.ndarray, Tensor, *_SCALARS))


def make_values(values: TensorLike, shape: Sequence[int] | None, dtype: str, what: str) -> np.ndarray:
    """`values` converted to `dtype`'s NumPy storage, shaped by `shape` when given.

    `what` names the caller in error messages (e.g. "tensor()" or "Argument 'x' passed
    to 'add'"). Floats given for int32 truncate toward zero and wrap as an Int32Array
    does; numbers given for bool are true when they round to non-zero, as in TF.js.
    """
    array = _to_array(values, what)
    with np.errstate(all="ignore"):  # overflow to ±Infinity is how a Float32Array stores it
        array = _convert(array, dtype, what)
    return array if shape is None else reshape_values(array, shape, what)


def reshape_values(array: np.ndarray, shape: Any, what: str) -> np.ndarray:
    """`array` in the provided `shape`, checked as TF.js checks values against a shape."""
    return array.reshape(_check_shape_against(shape, array.shape, what))


def check_shape(shape: Any, what: str) -> tuple[int, ...]:
    """`shape` as a tuple of non-negative ints, or a ValueError naming what is wrong."""
    if isinstance(shape, (int, np.integer)) and not isinstance(shape, bool):
        shape = (shape,)
    if not isinstance(shape, (list, tuple, np.ndarray)):
        raise TypeError(f"{what}: shape must be a list or tuple of integers, got {shape!r}")
    dims = []
    for dim in shape:
        if isinstance(dim, bool) or not isinstance(dim, (int, np.integer)) or dim < 0:
            raise ValueError(
                f"{what}: tensor must have a shape comprised of non-negative integers "
                f"but got shape {_shape_text(shape)}"
            )
        dims.append(int(dim))
    return tuple(dims)


def _check_shape_against(shape: Any, inferred: tuple[int, ...], what: str) -> tuple[int, ...]:
    shape = check_shape(shape, what)
    provided_size, inferred_size = math.prod(shape), math.prod(inferred)
    if provided_size != inferred_size:
        raise ValueError(
            f"{what}: based on the provided shape, {_shape_text(shape)}, the tensor should "
            f"have {provided_size} values but has {inferred_size}"
        )
    # Nested values must match the shape, except that the last level may be flat.
    for i, dim in enumerate(inferred[:-1] if len(inferred) > 1 else ()):
        if i >= len(shape) or dim != shape[i]:
            raise ValueError(
                f"{what}: inferred shape {_shape_text(inferred)} does not match the provided "
                f"shape {_shape_text(shape)}"
            )
    return shape


def _to_array(values: Any, what: str) -> np.ndarray:
    if isinstance(values, Tensor):
        if values.is_disposed:
            raise ValueError(f"{what}: the values are a disposed tensor (id {values.id})")
        return values.numpy()
    if isinstance(values, np.ndarray):
        return values
    if not isinstance(values, (list, tuple, *_SCALARS)):
        raise TypeError(
            f"{what}: values must be a number, bool, string, nested list or NumPy array, "
            f"got {type(values).__name__}"
        )
    if infer_dtype(values) == "string":
        array = np.empty(_nested_shape(values, what), dtype=object)
        if array.size:
            array[...] = values
        return array
    try:
        array = np.asarray(values)
    except (ValueError, TypeError, OverflowError):
        _nested_shape(values, what)  # raises TF.js's message for ragged values
        raise TypeError(f"{what}: values could not be converted to a tensor: {values!r}") from None
    if array.dtype.kind in "USO":
        bad = _first_bad(_leaves(values), _NUMBERS)
        if bad:
            raise TypeError(
                f"{what}: values are numbers, so every value must be a number or bool, got {_shown(bad[0])}"
            )
        return np.asarray(values, dtype=np.float64)  # integers too large for int64
    return array


def _leaves(values: Any) -> Iterator[Any]:
    """The values of nested lists and tuples, in order (a scalar is its own leaf)."""
    if isinstance(values, (list, tuple)):
        for item in values:
            yield from _leaves(item)
    else:
        yield values


def _first_bad(items: Iterable[Any], kinds: tuple[type, ...]) -> list[Any]:
    """`[item]` for the first of `items` that is none of `kinds`, else `[]` (a list, as the
    bad item may itself be None)."""
    return next(([item] for item in items if not isinstance(item, kinds)), [])


def _shown(value: Any) -> str:
    """`value` as an error message shows it: NumPy scalars as the Python values they hold."""
    return repr(value.item() if isinstance(value, np.generic) else value)


def _nested_shape(values: Any, what: str) -> tuple[int, ...]:
    """The shape of nested lists, checking every level is as long as the first."""
    shape = []
    first = values
    while isinstance(first, (list, tuple)):
        shape.append(len(first))
        first = first[0] if len(first) else None
    _check_consistent(values, shape, [], what)
    return tuple(shape)


def _check_consistent(values: Any, shape: list[int], indices: list[int], where: str) -> None:
    location = "arr" + "".join(f"[{i}]" for i in indices)
    if not isinstance(values, (list, tuple)):
        if shape:
            raise ValueError(
                f"{where}: element {location} is a primitive, but should be an array of {shape[0]} elements"
            )
        return
    if not shape:
        raise ValueError(
            f"{where}: element {location} should be a primitive, but is an array of {len(values)} elements"
        )
    if len(values) != shape[0]:
        raise ValueError(
            f"{where}: element {location} should have {shape[0]} elements, but has {len(values)} elements"
        )
    for i, item in enumerate(values):
        _check_consistent(item, shape[1:], [*indices, i], where)


def _convert(array: np.ndarray, dtype: str, what: str) -> np.ndarray:
    kind = array.dtype.kind
    if dtype == "string":
        bad = [] if kind in "US" else _first_bad(array.flat, (str, bytes))
        if bad:
            raise TypeError(f"{what}: dtype string takes str or bytes values, got {_shown(bad[0])}")
        return array.astype(object)
    if kind in "OUSV":
        bad = _first_bad(array.flat, _NUMBERS)
        if bad:
            raise TypeError(f"{what}: dtype {dtype} takes numbers or booleans, got {_shown(bad[0])}")
        array = _to_array(array.tolist(), what)  # Python numbers held in an object array
        kind = array.dtype.kind
    if kind == "c" and dtype != "complex64":
        raise TypeError(f"{what}: complex values need dtype complex64, not {dtype}")
    if kind not in "biufc":
        raise TypeError(f"{what}: values of NumPy dtype {array.dtype} can not make a {dtype} tensor")
    if dtype == "float32":
        return array.astype(np.float32)
    if dtype == "int32":
        return dtypes.to_int32(array)
    if dtype == "bool":
        if kind == "b":
            return array.astype(np.bool_)
        return np.asarray(np.floor(array.astype(np.float64) + 0.5) != 0)  # Math.round(v) !== 0
    return array.astype(np.complex64)


def _shape_text(shape: Any) -> str:
    return "[" + ",".join(str(d) if isinstance(d, (int, np.integer)) else repr(d) for d in shape) + "]"


def convert_to_tensor(
    x: TensorLike, arg_name: str, function_name: str, parse_as_dtype: str = "numeric"
) -> Tensor:
    """`x` as a tensor: a tensor passes through (its dtype checked), anything else
    TensorLike becomes a new tensor (TF.js's convertToTensor)."""
    what = f"Argument '{arg_name}' passed to '{function_name}'"
    if isinstance(x, Tensor):
        if x.is_disposed:
            raise ValueError(f"{what} is a disposed tensor (id {x.id})")
        _assert_dtype(parse_as_dtype, x.dtype, what)
        return x
    if not is_tensor_like(x):
        raise TypeError(f"{what} must be a Tensor or TensorLike, but got '{type(x).__name__}'")
    inferred = infer_dtype(x)
    if inferred != "string" and parse_as_dtype in ("bool", "int32", "float32"):
        inferred = parse_as_dtype
    _assert_dtype(parse_as_dtype, inferred, what)
    values = make_values(x, None, inferred, what)
    return ENGINE.make_tensor(values, inferred)


def convert_to_tensor_list(
    xs: Sequence[TensorLike], arg_name: str, function_name: str, parse_as_dtype: str = "numeric"
) -> list[Tensor]:
    if not isinstance(xs, (list, tuple)):
        raise TypeError(
            f"Argument {arg_name} passed to {function_name} must be a list of tensors or TensorLikes"
        )
    return [convert_to_tensor(x, f"{arg_name}[{i}]", function_name, parse_as_dtype) for i, x in enumerate(xs)]


def _assert_dtype(expected: str, actual: str, what: str) -> None:
    if expected == "string_or_numeric":
        return
    if (expected != "numeric" and expected != actual) or (expected == "numeric" and actual == "string"):
        raise TypeError(f"{what} must be {expected} tensor, but got {actual} tensor")
