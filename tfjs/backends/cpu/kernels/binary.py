"""Element-wise kernels of two inputs, with NumPy broadcasting (TF.js's rules)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import (
    ADD,
    DIV,
    FLOOR_DIV,
    GREATER,
    GREATER_EQUAL,
    LESS,
    LESS_EQUAL,
    MOD,
    MULTIPLY,
    POW,
    SUB,
)
from tfjs.kernel_registry import register_kernel

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
        if a.dtype not in exact_in:
            a_values, b_values = a_values.astype(np.float64), b_values.astype(np.float64)
        return backend.make_output(fn(a_values, b_values), out_dtype or a.dtype)

    return run


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
}

for _name, _kernel in BINARY.items():
    register_kernel(_name, "cpu", _kernel)
