"""Element-wise kernels of one input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import ABS, COMPLEX_ABS, EXP, LOG, NEG, RELU, SQRT, SQUARE
from tfjs.kernel_registry import register_kernel

Ufunc = Callable[[np.ndarray], Any]


def unary_kernel(
    fn: Ufunc, out_dtype: str | None = None, exact_in_float32: bool = True
) -> Callable[..., TensorInfo]:
    """A kernel applying `fn`; its result has `out_dtype` (default: the input's dtype).

    float32 inputs are computed in float32 when `exact_in_float32` (the float32 result
    is what JavaScript's double result rounds to), else in float64 like JavaScript's
    Math functions; int32 and bool inputs in float64, then stored as an Int32Array
    would store JavaScript's result. complex64 stays complex64.
    """

    def run(backend: CpuBackend, x: Any) -> TensorInfo:
        values = backend.values(x)
        if values.dtype.kind != "c" and (values.dtype.kind != "f" or not exact_in_float32):
            values = values.astype(np.float64)
        return backend.make_output(fn(values), out_dtype or x.dtype)

    return run


UNARY: dict[str, Callable[..., TensorInfo]] = {
    # TF.js's Abs and Square store into a Float32Array, whatever the dtype.
    ABS: unary_kernel(lambda x: np.abs(x).astype(np.float32, copy=False)),
    COMPLEX_ABS: unary_kernel(np.abs, "float32"),
    EXP: unary_kernel(np.exp, "float32", exact_in_float32=False),
    LOG: unary_kernel(np.log, exact_in_float32=False),
    NEG: unary_kernel(np.negative),
    RELU: unary_kernel(lambda x: np.maximum(x, 0) + 0),  # + 0 makes relu(-0) +0, as Math.max does
    SQRT: unary_kernel(np.sqrt),
    SQUARE: unary_kernel(lambda x: np.square(x).astype(np.float32, copy=False)),
}

for _name, _kernel in UNARY.items():
    register_kernel(_name, "cpu", _kernel)
