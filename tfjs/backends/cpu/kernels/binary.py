"""Element-wise kernels of two inputs, with NumPy broadcasting (TF.js's rules), and AddN."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.dtypes import to_uint8_truth
from tfjs.kernel_names import (
    ADD,
    ADD_N,
    ATAN2,
    BITWISE_AND,
    DIV,
    EQUAL,
    FLOOR_DIV,
    GREATER,
    GREATER_EQUAL,
    LESS,
    LESS_EQUAL,
    MAXIMUM,
    MINIMUM,
    MOD,
    MULTIPLY,
    NOT_EQUAL,
    POW,
    SQUARED_DIFFERENCE,
    SUB,
)
from tfjs.kernel_registry import kernel, register_kernel

BinaryFn = Callable[[np.ndarray, np.ndarray], Any]


def binary_kernel(
    fn: BinaryFn, exact_in: frozenset[str], out_dtype: str | None = None
) -> Callable[..., TensorInfo]:
    """A kernel applying `fn` to both inputs (of one dtype, which the op ensured).

    For dtypes in `exact_in`, `fn` on the stored values gives what JavaScript's double
    arithmetic gives after rounding; other dtypes are computed in float64 and rounded
    into the result's dtype, as TF.js's typed arrays do.
    """

    def run(backend: CpuBackend, a: Any, b: Any) -> TensorInfo:
        a_values, b_values = backend.values(a), backend.values(b)
        if a.dtype == "string":
            a_values, b_values = decode_strings(a_values), decode_strings(b_values)
        elif a.dtype not in exact_in:
            a_values, b_values = a_values.astype(np.float64), b_values.astype(np.float64)
        dtype = out_dtype or a.dtype
        result = np.asarray(fn(a_values, b_values))
        if dtype == "bool" and result.dtype.kind == "f":
            result = to_uint8_truth(result)
        return backend.make_output(result, dtype)

    return run


def decode_strings(values: np.ndarray) -> np.ndarray:
    """String values as `str` (bytes decoded as UTF-8, as TF.js decodes them to compare)."""
    if not any(isinstance(v, bytes) for v in values.flat):
        return values
    decoded = np.empty(values.shape, dtype=object)
    decoded.flat[:] = [v.decode("utf-8", "replace") if isinstance(v, bytes) else v for v in values.flat]
    return decoded


def js_max(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Math.max: NaN wins, and +0 is larger than -0 (in either order)."""
    return _math_extreme(np.maximum, a, b, larger=True)


def js_min(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Math.min: NaN wins, and -0 is smaller than +0 (in either order)."""
    return _math_extreme(np.minimum, a, b, larger=False)


def _math_extreme(fn: BinaryFn, a: np.ndarray, b: np.ndarray, larger: bool) -> np.ndarray:
    """np.maximum / np.minimum, with Math.max / Math.min's signed zeros: of two zeros
    NumPy keeps the first, JavaScript the larger (max) or smaller (min)."""
    if a.size == 1 and b.size != 1:
        a, b = b, a  # Math.max and Math.min are symmetric: a lone number goes second
    result = np.asarray(fn(a, b))
    if result.dtype.kind != "f":
        return result
    if b.size == 1:  # ties only where `a` is a zero: one pass fixes them
        zero = b.reshape(-1)[0]
        if zero != 0:
            return result
        if larger and not np.signbit(zero):  # max(a, +0): every zero is +0 (-0 + 0 is +0)
            return np.add(result, 0.0, out=result)
        if not larger and np.signbit(zero):  # min(a, -0): every zero is -0 (-(0 - z))
            return np.negative(np.subtract(0.0, result, out=result), out=result)
        return np.copysign(result, a, out=result)  # max(a, -0), min(a, +0): zeros take a's sign
    if (result == 0).any():  # only zeros can be ties of zeros
        tie = a + b if larger else -(-a - b)  # +0 unless both -0; -0 unless both +0
        result = np.where((a == 0) & (b == 0), tie, result)
    return result


def squared_difference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    diff = np.asarray(np.subtract(a, b))  # a NumPy scalar for two 0-d inputs: out= needs an array
    return np.multiply(diff, diff, out=diff)


def js_mod(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """TF.js's mod: the remainder takes the sign of the divisor."""
    remainder = np.fmod(a, b)
    same_sign = ((a < 0) & (b < 0)) | ((a >= 0) & (b >= 0))
    return np.where(same_sign, remainder, np.fmod(remainder + b, b))


def js_pow(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Math.pow: unlike C's pow, (±1) ** ±Infinity and 1 ** NaN are NaN."""
    result = np.power(a, b)
    return np.where((np.abs(a) == 1) & ~np.isfinite(b), np.nan, result)


_FLOAT = frozenset({"float32", "complex64"})
_NUMBERS = frozenset({"float32", "int32", "complex64"})
_ORDERED = frozenset({"float32", "int32", "bool", "string"})
_EXACT = frozenset({"float32", "int32"})
_NONE: frozenset[str] = frozenset()

BINARY: dict[str, Callable[..., TensorInfo]] = {
    ADD: binary_kernel(np.add, _NUMBERS),
    SUB: binary_kernel(np.subtract, _NUMBERS),
    MULTIPLY: binary_kernel(np.multiply, _FLOAT),
    DIV: binary_kernel(np.true_divide, _FLOAT),
    FLOOR_DIV: binary_kernel(lambda a, b: np.floor(a / b), _NONE, "int32"),
    MOD: binary_kernel(js_mod, _NONE),
    POW: binary_kernel(js_pow, frozenset({"complex64"})),
    GREATER: binary_kernel(np.greater, _ORDERED, "bool"),
    GREATER_EQUAL: binary_kernel(np.greater_equal, _ORDERED, "bool"),
    LESS: binary_kernel(np.less, _ORDERED, "bool"),
    LESS_EQUAL: binary_kernel(np.less_equal, _ORDERED, "bool"),
    EQUAL: binary_kernel(np.equal, _ORDERED, "bool"),
    NOT_EQUAL: binary_kernel(np.not_equal, _ORDERED, "bool"),
    MAXIMUM: binary_kernel(js_max, _EXACT),
    MINIMUM: binary_kernel(js_min, _EXACT),
    SQUARED_DIFFERENCE: binary_kernel(squared_difference, _NONE),
    ATAN2: binary_kernel(np.arctan2, _NONE),
    BITWISE_AND: binary_kernel(np.bitwise_and, frozenset({"int32"})),
}

for _name, _kernel in BINARY.items():
    register_kernel(_name, "cpu", _kernel)


@kernel(ADD_N, "cpu")
def add_n(backend: CpuBackend, tensors: list[Any]) -> TensorInfo:
    """Sums same-shaped tensors in order, each partial sum stored in the result's dtype as
    TF.js's typed array stores it (float32 rounds at each step; int32 wraps)."""
    dtype = tensors[0].dtype
    if dtype == "bool":  # a Uint8Array adds its bytes: the count of trues, modulo 256
        counts = np.sum([backend.values(t) for t in tensors], axis=0, dtype=np.int64)
        return backend.make_output(counts % 256 != 0, dtype)
    total = np.zeros(tensors[0].shape, dtype=np.float32 if dtype == "float32" else np.int32)
    for tensor in tensors:
        total = np.add(total, backend.values(tensor), dtype=total.dtype)
    return backend.make_output(total, dtype)
