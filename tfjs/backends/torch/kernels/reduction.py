"""Reductions along axes: sum, mean, prod, max, min, all, any, arg_max, arg_min.

Sums and products accumulate in float64 (int64 for integers) as TF.js's JavaScript
loops do (but a float32 mean in a compiled plan, which need not give TF.js's bits);
where the answer depends on TF.js's row-major order (the sign of a zero that wins a
tie, NaN in arg_max) the first such value is picked; an empty reduction gives what a
typed array holds where nothing was written.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import torch

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TORCH_DTYPES, TorchBackend
from tfjs.backends.torch.deferred_checks import ValueChecks
from tfjs.backends.torch.registry import register_torch_kernel
from tfjs.backends.torch.tracing import laid_out, traced
from tfjs.dtypes import sum_out_type
from tfjs.kernel_names import ALL, ANY, ARG_MAX, ARG_MIN, MAX, MEAN, MIN, PROD, SUM

_ACCUMULATOR = {
    "float32": torch.float64,
    "int32": torch.int64,
    "bool": torch.int64,
    "complex64": torch.complex128,
}


def out_shape(shape: tuple[int, ...], axis: tuple[int, ...], keep_dims: bool) -> tuple[int, ...]:
    return tuple(1 if i in axis else d for i, d in enumerate(shape) if keep_dims or i not in axis)


def rows(values: torch.Tensor, axis: tuple[int, ...]) -> torch.Tensor:
    """`values` with the reduced axes flattened into one last axis, in row-major order."""
    kept = [d for i, d in enumerate(values.shape) if i not in axis]
    moved = values.movedim(axis, tuple(range(-len(axis), 0))) if axis else values[..., None]
    return moved.reshape(*kept, math.prod(values.shape[i] for i in axis))


def innermost(values: torch.Tensor, axis: int) -> torch.Tensor:
    """`values` with `axis` moved last and laid out contiguously: torch's CPU argmax and
    argmin along a strided axis run many times slower (10 ms where 0.3 ms would do)."""
    return laid_out(values.movedim(axis, -1), torch.contiguous_format)


def _sum_kernel(mean: bool) -> Callable[..., TensorInfo]:
    """Sum (in double, then rounded) or TF.js's mean: each float32 value divided by the
    count, then summed in double."""

    def run(backend: TorchBackend, x: Any, *, axis: tuple[int, ...], keep_dims: bool) -> TensorInfo:
        values = backend.tensor(x)
        dtype = sum_out_type(x.dtype)
        if mean and x.dtype == "float32" and axis and traced():
            # a compiled plan (not bit for bit): one float32 pass over the strided axes, not a
            # division, a copy into rows and a float64 sum (a squeeze-excite block's mean)
            return backend.make_output(values.mean(dim=axis, keepdim=keep_dims), dtype)
        if mean:
            dtype = "complex64" if x.dtype == "complex64" else "float32"
            count = float(math.prod(x.shape[a] for a in axis))
            values = values.to(TORCH_DTYPES[dtype]) / torch.tensor(count, dtype=torch.float32)
        total = rows(values, tuple(axis)).sum(-1, dtype=_ACCUMULATOR[dtype])
        return backend.make_output(total.reshape(out_shape(x.shape, axis, keep_dims)), dtype)

    return run


def prod_kernel(backend: TorchBackend, x: Any, *, axis: tuple[int, ...], keep_dims: bool) -> TensorInfo:
    """Multiplies in double precision, then stores (int32 wraps what the double holds)."""
    product = rows(backend.tensor(x), tuple(axis)).double().prod(-1)
    dtype = sum_out_type(x.dtype)
    return backend.make_output(product.reshape(out_shape(x.shape, axis, keep_dims)), dtype)


def _extreme_kernel(maximum: bool, axis_name: str) -> Callable[..., TensorInfo]:
    """Max or min: NaN wins; of equal zeros the first wins (its sign is kept); an empty
    reduction leaves a typed array's `undefined` (NaN, 0, false)."""

    def run(backend: TorchBackend, x: Any, *, keep_dims: bool, **attrs: Any) -> TensorInfo:
        axis = tuple(attrs[axis_name])
        shape = out_shape(x.shape, axis, keep_dims)
        device = backend.device
        if any(x.shape[a] == 0 for a in axis):
            fill = float("nan") if x.dtype == "float32" else 0
            return backend.make_output(
                torch.full(shape, fill, dtype=TORCH_DTYPES[x.dtype], device=device), x.dtype
            )
        if x.dtype == "float32" and len(axis) == 1 and x.shape[axis[0]] <= _SHORT_AXIS:
            values = backend.tensor(x)
            result = _slice_by_slice(values, axis[0], maximum, backend.checks)
            if result is None:
                result = _first_best(values, axis[0], maximum).values
            return backend.make_output(result.reshape(shape), x.dtype)
        values = rows(backend.tensor(x), axis)
        if x.dtype == "bool":
            values = values.to(torch.uint8)
        result = values.amax(-1) if maximum else values.amin(-1)
        if x.dtype == "float32":  # a zero: the first zero's sign
            zeros = innermost(values == 0, -1).to(torch.uint8)
            first_zero = values.gather(-1, zeros.argmax(-1, keepdim=True))[..., 0]
            result = torch.where(result == 0, first_zero, result)
        return backend.make_output(result.reshape(shape), x.dtype)

    return run


# The longest axis a float32 Max or Min reduces along with `_slice_by_slice` or
# `_first_best` (measured on short axes only; longer ones keep the rows, amax and the
# first zero's search).
_SHORT_AXIS = 8


def _slice_by_slice(
    values: torch.Tensor, axis: int, maximum: bool, checks: ValueChecks
) -> torch.Tensor | None:
    """The max (min) along a short `axis` as torch's maximum (minimum) of one slice after
    another, vectorised (movenet-multipose's max over 6 people: 0.07 against 0.4 ms for
    `_first_best`, whose indices torch finds one element at a time). NaN wins, as in
    TF.js's loop; equal values are equal but for the sign of zero, which torch's maximum
    picks by its code path: the result stands where no zero result has a -0 among its
    values (then all its zeros are +0; checked eagerly, or once for a traced plan), else
    None. None too where the checks cannot run (on a GPU), or nothing is left to check."""
    if not checks.can_check() or values.numel() == 0:
        return None
    pick = torch.maximum if maximum else torch.minimum
    slices = values.unbind(axis)
    inverses = torch.reciprocal(values).unbind(axis)  # -Infinity for -0 (and -1e-39)
    result, least_inverse = slices[0], inverses[0]
    for value, inverse in zip(slices[1:], inverses[1:], strict=True):
        result = pick(value, result)
        least_inverse = torch.minimum(inverse, least_inverse)
    # -Infinity where a zero result has a -0 among its values
    at_zeros = torch.where(result == 0, least_inverse, 0.0)
    return result if checks.stands_if_above(at_zeros.amin(), -math.inf) else None


def _first_best(values: torch.Tensor, axis: int, maximum: bool) -> Any:
    """torch's max (min) along `axis`, values and indices: the first of equal values
    wins, and NaN wins, as TF.js's loop along the axis (for Max and Min: the first zero's
    sign is kept). One pass that reads a strided axis as it is: no copy of it moved last;
    the exact path where `_slice_by_slice`'s result does not stand, and ArgMax's."""
    return torch.max(values, axis) if maximum else torch.min(values, axis)


def _logical_kernel(everything: bool) -> Callable[..., TensorInfo]:
    """All or any of bool values; an empty reduction is false (TF.js starts from the
    first value, which is not there)."""

    def run(backend: TorchBackend, x: Any, *, axis: tuple[int, ...], keep_dims: bool) -> TensorInfo:
        shape = out_shape(x.shape, axis, keep_dims)
        if any(x.shape[a] == 0 for a in axis):
            return backend.make_output(torch.zeros(shape, dtype=torch.bool, device=backend.device), "bool")
        values = rows(backend.tensor(x), tuple(axis)).to(torch.bool)
        result = values.all(-1) if everything else values.any(-1)
        return backend.make_output(result.reshape(shape), "bool")

    return run


def _first_extreme(values: torch.Tensor, axis: int, maximum: bool) -> torch.Tensor:
    """The index of the first largest (smallest) value along `axis`: argmax along the
    last axis, else `_first_best`'s (argmax along a strided axis needs it moved last and
    copied: 230 against 140 µs on movenet-multipose's 3136 x 102 heatmap, 850 against
    220 on 100 000 x 8)."""
    if axis in (-1, values.dim() - 1):
        return values.argmax(-1) if maximum else values.argmin(-1)
    return _first_best(values, axis, maximum).indices


def _arg_kernel(maximum: bool) -> Callable[..., TensorInfo]:
    """Arg max or min along one axis: the first index of the extreme value. TF.js compares
    each value with the best so far, so a NaN is never picked unless it comes first, and
    then nothing beats it."""

    def run(backend: TorchBackend, x: Any, *, axis: int) -> TensorInfo:
        values = backend.tensor(x)
        shape = x.shape[:axis] + x.shape[axis + 1 :]
        if x.shape[axis] == 0:
            return backend.make_output(torch.zeros(shape, dtype=torch.int32, device=backend.device), "int32")
        if values.dtype == torch.bool:
            values = values.to(torch.uint8)
        if values.is_floating_point():
            worst = float("-inf") if maximum else float("inf")
            cleaned = torch.nan_to_num(values, nan=worst, posinf=float("inf"), neginf=float("-inf"))
            first_nan = torch.isnan(values.select(axis, 0))
            index = torch.where(first_nan, 0, _first_extreme(cleaned, axis, maximum))
        else:
            index = _first_extreme(values, axis, maximum)
        return backend.make_output(index.reshape(shape), "int32")

    return run


register_torch_kernel(SUM, _sum_kernel(mean=False))
register_torch_kernel(MEAN, _sum_kernel(mean=True))
register_torch_kernel(PROD, prod_kernel)
register_torch_kernel(MAX, _extreme_kernel(True, "reduction_indices"))
register_torch_kernel(MIN, _extreme_kernel(False, "axis"))
register_torch_kernel(ALL, _logical_kernel(True))
register_torch_kernel(ANY, _logical_kernel(False))
register_torch_kernel(ARG_MAX, _arg_kernel(True))
register_torch_kernel(ARG_MIN, _arg_kernel(False))
