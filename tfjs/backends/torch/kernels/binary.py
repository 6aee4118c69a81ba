"""Element-wise kernels of two inputs, broadcast as NumPy (TF.js's rules), and AddN.

float32 and complex64 are computed in their own precision, except where a float32
formula would round differently from JavaScript's doubles across an integer (mod,
floor division); int32 and bool inputs are computed exactly where the integer operation
is JavaScript's, else in float64 and stored as a typed array stores the double.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import NO_NEGATIVE_ZERO, TORCH_DTYPES, TorchBackend
from tfjs.backends.torch.kernels.unary import to_uint8_truth
from tfjs.backends.torch.registry import register_torch_kernel, torch_kernel
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

BinaryFn = Callable[[torch.Tensor, torch.Tensor], torch.Tensor]


def binary_kernel(
    fn: BinaryFn, exact_in: frozenset[str], out_dtype: str | None = None
) -> Callable[..., TensorInfo]:
    """A kernel applying `fn` to both inputs (of one dtype, which the op ensured); dtypes
    not in `exact_in` are computed in float64 and stored into the result's dtype."""

    def run(backend: TorchBackend, a: Any, b: Any) -> TensorInfo:
        a_values, b_values = backend.tensor(a), backend.tensor(b)
        if a.dtype not in exact_in:
            a_values, b_values = a_values.double(), b_values.double()
        dtype = out_dtype or a.dtype
        result = _on_wide_rows(fn, a_values, b_values)
        if dtype == "bool" and result.is_floating_point():
            result = to_uint8_truth(result)
        return backend.make_output(result, dtype)

    return run


_NARROW = 4  # the longest last axis that `_on_wide_rows` widens
_WIDE_ENOUGH = 4096  # elements of the larger input below which it is not worth it


def _on_wide_rows(fn: BinaryFn, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """`fn(a, b)` where one input holds a few values along the last axis only (an image's
    per-channel mean: [1, 1, 1, 3]) and the other is contiguous and large: on rows of the
    second-last axis times the last, the few values repeated along them, so the element
    loop runs along rows hundreds of values long, not three (5 times faster). The same
    operation on the same pairs of values."""
    big, small = (a, b) if a.numel() >= b.numel() else (b, a)
    lanes = small.shape[-1] if small.dim() else 0
    if (
        big.dim() < 2
        or not 1 < lanes <= _NARROW
        or small.numel() != lanes
        or small.dim() > big.dim()
        or big.shape[-1] != lanes
        or big.numel() < _WIDE_ENOUGH
        or not big.is_contiguous()
    ):
        return fn(a, b)
    row = big.shape[-2] * lanes
    repeated = small.reshape(lanes).repeat(big.shape[-2])
    wide = big.reshape(-1, row)
    result = fn(wide, repeated) if big is a else fn(repeated, wide)
    return result.reshape(big.shape)


def js_max(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Math.max: NaN wins, and +0 is larger than -0 (in either order)."""
    return _math_extreme(torch.maximum(a, b), a, b, larger=True)


def js_min(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Math.min: NaN wins, and -0 is smaller than +0 (in either order)."""
    return _math_extreme(torch.minimum(a, b), a, b, larger=False)


def _math_extreme(result: torch.Tensor, a: torch.Tensor, b: torch.Tensor, larger: bool) -> torch.Tensor:
    if not result.is_floating_point():
        return result
    tie = a + b if larger else -(-a - b)  # +0 unless both -0; -0 unless both +0
    return torch.where((a == 0) & (b == 0), tie, result)


def js_mod(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """TF.js's mod: the remainder takes the sign of the divisor."""
    remainder = torch.fmod(a, b)
    same_sign = ((a < 0) & (b < 0)) | ((a >= 0) & (b >= 0))
    return torch.where(same_sign, remainder, torch.fmod(remainder + b, b))


def js_pow(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Math.pow: unlike C's pow, (±1) ** ±Infinity and 1 ** NaN are NaN. Integers (int32
    inputs, computed in float64) to a power of 0 or more give the integer exactly below
    2**53, as JavaScript's pow does, where a GPU's pow may be an ulp off (which an
    int32 result, truncated, would turn into the integer below)."""
    result = torch.pow(a, b)
    if result.is_complex():
        return result
    if result.dtype == torch.float64:
        exact = (b >= 0) & (torch.abs(result) < 2.0**53)
        result = torch.where(exact, torch.round(result), result)
    return torch.where((torch.abs(a) == 1) & ~torch.isfinite(b), float("nan"), result)


def squared_difference(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.square(a - b)


_VECTOR_COMPARED = 1 << 14  # result elements from which `comparison` compares into numbers


def comparison(fn: Callable[..., torch.Tensor]) -> BinaryFn:
    """`fn` (torch.eq, torch.gt, ...) as bools. On the CPU device a large float32 or int32
    comparison is written as 1 and 0 into a tensor of its inputs' dtype and layout, then
    cast to bool: torch compares vectorised into numbers, one element at a time into
    bools (CenterNet's 1.3 million scores: 135 against 330 µs). The same truths."""

    def compare(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        if a.device.type != "cpu" or a.dtype not in (torch.float32, torch.int32):
            return fn(a, b)
        shape = _broadcast_shape(a, b)
        if math.prod(int(size) for size in shape) < _VECTOR_COMPARED:  # ints: sizes while traced
            return fn(a, b)
        like = a if a.shape == shape else b if b.shape == shape else None
        # the larger input's layout: into another, torch iterates in its order (18x slower)
        out = torch.empty(shape, dtype=a.dtype) if like is None else torch.empty_like(like)
        return fn(a, b, out=out).to(torch.bool)

    return compare


def _broadcast_shape(a: torch.Tensor, b: torch.Tensor) -> torch.Size:
    """The shape `a` and `b` broadcast to: without torch.broadcast_shapes (5 µs, more
    than a small comparison itself) where the shapes are equal or one input is a scalar."""
    if a.shape == b.shape or b.dim() == 0:
        return a.shape
    return b.shape if a.dim() == 0 else torch.broadcast_shapes(a.shape, b.shape)


_FLOAT = frozenset({"float32", "complex64"})
_NUMBERS = frozenset({"float32", "int32", "complex64"})
_ORDERED = frozenset({"float32", "int32", "bool"})
_EXACT = frozenset({"float32", "int32"})
_FLOAT32 = frozenset({"float32"})
_NONE: frozenset[str] = frozenset()


def _add_kernel() -> Callable[..., TensorInfo]:
    """Add; a float32 sum with an addend that holds no -0 holds none either (-0 only as
    -0 + -0), which PReLU reads (activation.py)."""
    add = binary_kernel(torch.add, _NUMBERS)

    def run(backend: TorchBackend, a: Any, b: Any) -> TensorInfo:
        result = add(backend, a, b)
        if result.dtype == "float32" and any(backend.marked(addend, NO_NEGATIVE_ZERO) for addend in (a, b)):
            backend.mark(result, NO_NEGATIVE_ZERO)
        return result

    return run


BINARY: dict[str, Callable[..., TensorInfo]] = {
    ADD: _add_kernel(),
    SUB: binary_kernel(torch.sub, _NUMBERS),
    MULTIPLY: binary_kernel(torch.mul, _FLOAT),
    DIV: binary_kernel(torch.true_divide, _FLOAT),
    FLOOR_DIV: binary_kernel(lambda a, b: torch.floor(a / b), _NONE, "int32"),
    MOD: binary_kernel(js_mod, _NONE),
    POW: binary_kernel(js_pow, _FLOAT),
    GREATER: binary_kernel(comparison(torch.gt), _ORDERED, "bool"),
    GREATER_EQUAL: binary_kernel(comparison(torch.ge), _ORDERED, "bool"),
    LESS: binary_kernel(comparison(torch.lt), _ORDERED, "bool"),
    LESS_EQUAL: binary_kernel(comparison(torch.le), _ORDERED, "bool"),
    EQUAL: binary_kernel(comparison(torch.eq), _ORDERED | _FLOAT, "bool"),
    NOT_EQUAL: binary_kernel(comparison(torch.ne), _ORDERED | _FLOAT, "bool"),
    SQUARED_DIFFERENCE: binary_kernel(squared_difference, _FLOAT32),
    ATAN2: binary_kernel(torch.atan2, _FLOAT32),
    BITWISE_AND: binary_kernel(torch.bitwise_and, frozenset({"int32"})),
}

for _name, _kernel in BINARY.items():
    register_torch_kernel(_name, _kernel)


def _extreme_kernel(
    js_fn: BinaryFn, torch_fn: BinaryFn, against_zero: Callable[[torch.Tensor], torch.Tensor]
) -> Callable[..., TensorInfo]:
    """Maximum or Minimum. Against one number (a model's clip bounds: read once per
    buffer, on the CPU device) that is not zero, no ±0 tie can arise and torch's own
    maximum/minimum is Math's; against +0, `against_zero` is."""
    general = binary_kernel(js_fn, _EXACT)

    def run(backend: TorchBackend, a: Any, b: Any) -> TensorInfo:
        if a.dtype == "float32" and backend.device.type == "cpu":
            for x, bound in ((a, b), (b, a)):
                if math.prod(bound.shape) != 1 or len(bound.shape) > len(x.shape):
                    continue
                number = backend.derived(bound, "one number", _one_number)
                if number != 0:
                    values = torch_fn(backend.tensor(x), backend.tensor(bound).reshape(()))
                    return backend.make_output(values, "float32")
                if math.copysign(1.0, number) > 0:
                    return backend.make_output(against_zero(backend.tensor(x)), "float32")
        return general(backend, a, b)

    return run


def _one_number(value: torch.Tensor) -> float:
    return float(value.reshape(()))


register_torch_kernel(MAXIMUM, _extreme_kernel(js_max, torch.maximum, lambda x: x.clamp_min(0).add_(0)))
register_torch_kernel(MINIMUM, _extreme_kernel(js_min, torch.minimum, lambda x: x.clamp_max(0)))


@torch_kernel(ADD_N)
def add_n(backend: TorchBackend, tensors: list[Any]) -> TensorInfo:
    """Sums same-shaped tensors in order, each partial sum stored in the result's dtype
    (float32 rounds at each step; int32 wraps; bool counts trues modulo 256)."""
    dtype = tensors[0].dtype
    if dtype == "bool":
        counts = torch.zeros(tensors[0].shape, dtype=torch.int32, device=backend.device)
        for tensor in tensors:
            counts = counts + backend.tensor(tensor).to(torch.int32)
        return backend.make_output(counts % 256 != 0, dtype)
    total = torch.zeros(tensors[0].shape, dtype=TORCH_DTYPES[dtype], device=backend.device)  # +0, as TF.js
    for tensor in tensors:
        total = total + backend.tensor(tensor)
    return backend.make_output(total, dtype)
