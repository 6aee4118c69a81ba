"""TF.js's five dtypes, their NumPy storage, and TF.js's rules for mixing them."""

from __future__ import annotations

from typing import Literal

import numpy as np

DType = Literal["float32", "int32", "bool", "complex64", "string"]

DTYPES: tuple[str, ...] = ("float32", "int32", "bool", "complex64", "string")

NUMPY_DTYPES: dict[str, np.dtype] = {
    "float32": np.dtype(np.float32),
    "int32": np.dtype(np.int32),
    "bool": np.dtype(np.bool_),
    "complex64": np.dtype(np.complex64),
    "string": np.dtype(object),
}

BYTES_PER_ELEMENT: dict[str, int] = {"float32": 4, "int32": 4, "bool": 1, "complex64": 8}

# upcastType of tfjs-core/src/types.ts: UPCAST[a][b] is the dtype a and b meet in.
_UPCAST: dict[str, dict[str, str]] = {
    "float32": {"float32": "float32", "int32": "float32", "bool": "float32", "complex64": "complex64"},
    "int32": {"float32": "float32", "int32": "int32", "bool": "int32", "complex64": "complex64"},
    "bool": {"float32": "float32", "int32": "int32", "bool": "bool", "complex64": "complex64"},
    "complex64": {
        "float32": "complex64",
        "int32": "complex64",
        "bool": "complex64",
        "complex64": "complex64",
    },
}


def check_dtype(dtype: object, what: str = "dtype", op_name: str | None = None) -> str:
    """Returns `dtype` if it is one of TF.js's dtypes, else raises a ValueError naming it
    (and `op_name`, when given)."""
    if not isinstance(dtype, str) or dtype not in DTYPES:
        expected = ", ".join(repr(d) for d in DTYPES)
        prefix = f"{op_name}: " if op_name else ""
        raise ValueError(f"{prefix}Unknown {what} {dtype!r}: expected one of {expected}")
    return dtype


def upcast_type(a: str, b: str, op_name: str | None = None) -> str:
    """The dtype two tensors of dtypes `a` and `b` are computed in (TF.js's upcastType);
    a string with another dtype is a TypeError (naming `op_name`, when given)."""
    if a == "string" or b == "string":
        if a == b:
            return "string"
        prefix = f"{op_name}: " if op_name else ""
        raise TypeError(f"{prefix}Can not upcast {a} with {b}")
    return _UPCAST[a][b]


def sum_out_type(dtype: str) -> str:
    """The dtype a sum of `dtype` values has: bool and int32 sum to int32."""
    return upcast_type(dtype, "int32")


def dtype_of_numpy(np_dtype: np.dtype) -> str | None:
    """The TF.js dtype a NumPy array of `np_dtype` becomes, as TF.js treats typed arrays."""
    kind = np_dtype.kind
    if kind == "b":
        return "bool"
    if kind in "iu":
        return "int32"
    if kind == "f":
        return "float32"
    if kind == "c":
        return "complex64"
    if kind in "USO":
        return "string"
    return None


def to_int32(values: np.ndarray) -> np.ndarray:
    """Converts numbers to int32 as an Int32Array does: truncation toward zero,
    wrapping modulo 2**32, and 0 for NaN and ±Infinity."""
    if values.dtype.kind in "iub":
        return values.astype(np.int32)
    as_float = np.asarray(values, dtype=np.float64)
    finite = np.isfinite(as_float)
    truncated = np.trunc(np.where(finite, as_float, 0.0))
    # fmod is exact, so the result fits int64 before wrapping to 32 bits.
    wrapped = np.fmod(truncated, 4294967296.0).astype(np.int64)
    return np.asarray(wrapped.astype(np.uint32).view(np.int32)).reshape(np.shape(values))


def to_uint8_truth(values: np.ndarray) -> np.ndarray:
    """What a bool tensor's Uint8Array holds after numbers are stored into it, as TF.js's
    kernels make bool results: the number truncates toward zero and wraps modulo 256
    (NaN and ±Infinity store 0), and the byte is true when it is non-zero."""
    values = np.asarray(values, dtype=np.float64)
    finite = np.isfinite(values)
    return finite & (np.fmod(np.trunc(np.where(finite, values, 0.0)), 256.0) != 0)
