"""Pooling kernels: AvgPool, MaxPool, AvgPool3D, MaxPool3D, MaxPoolWithArgmax, and the
backward kernels AvgPoolGrad, MaxPoolGrad, AvgPool3DGrad, MaxPool3DGrad.

One N-d core serves all five: the input is padded so every window lies inside it, a
`sliding_window_view` picks the windows at the strides, and the windows are reduced by
looping over the (few) positions inside a window, vectorised over all output positions,
in TF.js's order. TF.js's cpu loop (pool_utils.ts) is reproduced exactly:
- avg adds the window's values in row-major order in doubles, starting from +0, and divides
  by the count of positions inside the input (pads are not counted; an empty window gives
  0/0 = NaN in 2-D and 0 in 3-D, which divides by max(count, 1));
- max keeps the first value greater than the running maximum, from -Infinity: NaN never
  wins (a window of NaNs gives -Infinity) and of equal values (0 and -0) the first stays;
- the argmax is that first maximum's flat position in the input, -1 when there is none.
Results are stored into the input dtype's typed array (-Infinity stores 0 in an Int32Array).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from tfjs.backend_util.conv_info import compute_pool2d_info, compute_pool3d_info
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.backends.cpu.kernels.conv_util import Geometry, tap_windows
from tfjs.dtypes import to_int32, to_uint8_truth
from tfjs.kernel_names import (
    AVG_POOL,
    AVG_POOL_3D,
    AVG_POOL_3D_GRAD,
    AVG_POOL_GRAD,
    MAX_POOL,
    MAX_POOL_3D,
    MAX_POOL_3D_GRAD,
    MAX_POOL_GRAD,
    MAX_POOL_WITH_ARGMAX,
)
from tfjs.kernel_registry import KernelFunc, kernel, register_kernel
from tfjs.tensor_size import check_tensor_size

# Windows up to this many positions are reduced one position at a time (TF.js's exact
# order); larger ones (global pooling) by one NumPy reduction over a window copy.
_SEQUENTIAL_WINDOW = 64


def _padded(
    shape: Sequence[int],
    window: Sequence[int],
    strides: Sequence[int],
    pad_before: Sequence[int],
    out: Sequence[int],
    fill: float,
    kernel_name: str,
) -> tuple[np.ndarray, tuple[slice, ...], tuple[slice, ...]]:
    """A float64 buffer of `fill` holding an input of `shape` ([batch, *spatial, channels])
    with room for every window, the spatial slices of the input inside it, and the slices
    of the windows' first positions at the strides."""
    in_spatial = shape[1:-1]
    # TF.js's 3-D 'same' split can make a negative pad: windows then start inside the input.
    before = [max(0, p) for p in pad_before]
    after = [
        max(0, (o - 1) * s - p + f - n)
        for o, s, p, f, n in zip(out, strides, pad_before, window, in_spatial, strict=True)
    ]
    padded_shape = [n + b + a for n, b, a in zip(in_spatial, before, after, strict=True)]
    check_tensor_size((shape[0], *padded_shape, shape[-1]), "float64", f"{kernel_name} (its padded input)")
    padded = np.full((shape[0], *padded_shape, shape[-1]), fill)
    inner = tuple(slice(b, b + n) for b, n in zip(before, in_spatial, strict=True))
    geometry = zip(before, pad_before, out, strides, strict=True)
    picks = tuple(slice(b - p, b - p + (o - 1) * s + 1, s) for b, p, o, s in geometry)
    return padded, inner, picks


class _Windows:
    """The pooling windows of `values` ([batch, *spatial, channels]) as a view shaped
    [batch, *out, channels, *window], with what avg and argmax need to know about them."""

    def __init__(
        self,
        values: np.ndarray,
        window: Sequence[int],
        strides: Sequence[int],
        pad_before: Sequence[int],
        out: Sequence[int],
        mode: str,
        kernel_name: str | None = None,
    ) -> None:
        self.in_spatial = values.shape[1:-1]
        self.window, self.strides, self.pad_before, self.out = window, strides, pad_before, out
        # Doubles, as TF.js's loop computes; pads add 0 to a sum and never beat a maximum
        # (`last_max`: pads and NaN are NaN, which TF.js's 3-D `pixel >= max` never takes).
        fill = {"avg": 0.0, "max": -np.inf, "last_max": np.nan}[mode]
        if kernel_name is None:
            kernel_name = ("avgPool" if mode == "avg" else "maxPool") + ("3D" if len(window) == 3 else "")
        padded, inner, picks = _padded(values.shape, window, strides, pad_before, out, fill, kernel_name)
        padded[(slice(None), *inner)] = values
        if mode == "max":  # TF.js's `pixel > max` never takes a NaN
            np.copyto(padded, -np.inf, where=np.isnan(padded))
        axes = tuple(range(1, 1 + len(window)))
        view = sliding_window_view(padded, tuple(window), axis=axes)
        self.view = view[(slice(None), *picks)]

    @property
    def size(self) -> int:
        return math.prod(self.window)

    def positions(self) -> Any:
        """(flat position, index tuple) of each position inside a window, in row-major order."""
        return enumerate(itertools.product(*map(range, self.window)))

    def at(self, index: tuple[int, ...]) -> np.ndarray:
        return self.view[(Ellipsis, *index)]

    def flat(self) -> np.ndarray:
        """The windows copied as [batch, *out, channels, window size]."""
        return self.view.reshape(*self.view.shape[: -len(self.window)], self.size)

    def valid_counts(self) -> np.ndarray:
        """How many positions of each window lie inside the input, shaped to broadcast
        against [batch, *out, channels]."""
        return _valid_counts((self.window, self.strides, self.pad_before, self.out), self.in_spatial)

    def corners(self, axis: int) -> np.ndarray:
        """Each output position's window start along spatial `axis`, shaped to broadcast."""
        o = self.out[axis]
        corner = np.arange(o) * self.strides[axis] - self.pad_before[axis]
        return corner.reshape((1,) * (axis + 1) + (o,) + (1,) * (len(self.out) - axis))


def _valid_counts(geometry: tuple[Sequence[int], ...], in_spatial: Sequence[int]) -> np.ndarray:
    """How many positions of each window (`geometry`: window, strides, pads before, out)
    lie inside an input of `in_spatial`, shaped to broadcast against [batch, *out, channels]."""
    window, strides, pad_before, out = geometry
    count = np.ones((1,) * (len(out) + 2))
    for axis, (o, s, p, f, n) in enumerate(zip(out, strides, pad_before, window, in_spatial, strict=True)):
        corner = np.arange(o) * s - p
        inside = np.clip(np.minimum(corner + f, n) - np.maximum(corner, 0), 0, None)
        count = count * inside.reshape((1,) * (axis + 1) + (o,) + (1,) * (len(out) - axis))
    return count


def _float32_pool(
    values: np.ndarray, geometry: tuple[tuple[int, ...], ...], mode: str, empty_is_nan: bool
) -> np.ndarray | None:
    """The pool of float32 `values` one window position (tap) at a time over the outputs
    it reaches, straight from the input (no padded copy; a tap in the padding is skipped,
    as TF.js's loop skips it): avg sums in doubles in TF.js's order; max keeps the largest
    number (fmax skips NaN, as `pixel > max` does) in float32, which is exact. None where
    this path does not give TF.js's numbers for sure: windows over _SEQUENTIAL_WINDOW, or
    a maximum of 0 where the input holds a -0 (TF.js keeps the first of 0 and -0)."""
    window, strides, pad_before, out = geometry
    in_spatial = values.shape[1:-1]
    if math.prod(window) > _SEQUENTIAL_WINDOW:
        whole = tuple(window) == in_spatial and all(o == 1 for o in out) and not any(pad_before)
        return _global_pool(values, mode) if whole else None
    taps = tap_windows(Geometry(window, (1,) * len(window), strides, pad_before, in_spatial, out))
    shape = (values.shape[0], *out, values.shape[-1])
    if mode == "max":
        best = np.full(shape, -np.inf, np.float32)
        for _, out_index, in_index in taps:
            region = best[out_index]
            np.fmax(region, values[in_index], out=region)
        if not best.all() and bool(np.any((values == 0) & np.signbit(values))):
            return None
        return best
    total = np.zeros(shape)
    for _, out_index, in_index in taps:
        region = total[out_index]
        np.add(region, values[in_index], out=region)
    count = _valid_counts(geometry, in_spatial)
    if not empty_is_nan:
        count = np.maximum(count, 1)
    with np.errstate(invalid="ignore"):
        return total / count


def _global_pool(values: np.ndarray, mode: str) -> np.ndarray | None:
    """The pool of float32 `values` over one window that is the whole input (a global
    pooling): one NumPy reduction over the spatial axes, no window copy (the sum in
    doubles, as the large-window path sums); None where a maximum of 0 meets a -0."""
    axes = tuple(range(1, values.ndim - 1))
    if mode == "max":
        best = np.fmax.reduce(values, axis=axes, keepdims=True)  # NaN skipped, as `pixel > max` does
        np.copyto(best, -np.inf, where=np.isnan(best))  # a window of NaNs: -Infinity, as TF.js
        if not best.all() and bool(np.any((values == 0) & np.signbit(values))):
            return None
        return best
    return values.sum(axis=axes, dtype=np.float64, keepdims=True) / math.prod(values.shape[1:-1])


def _window_means(windows: _Windows, empty_is_nan: bool) -> np.ndarray:
    if windows.size <= _SEQUENTIAL_WINDOW:
        total = np.zeros(windows.view.shape[: -len(windows.window)])
        for _, index in windows.positions():
            total += windows.at(index)
    else:
        total = windows.flat().sum(axis=-1)
    count = windows.valid_counts()
    if not empty_is_nan:
        count = np.maximum(count, 1)
    with np.errstate(invalid="ignore"):
        return total / count


def _window_maxima(windows: _Windows, positions: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    """The first maximum of each window (NaN replaced by -Infinity beforehand) and, with
    `positions`, its position inside the window (-1 where every value is -Infinity)."""
    if windows.size <= _SEQUENTIAL_WINDOW:
        best = np.full(windows.view.shape[: -len(windows.window)], -np.inf)
        where = np.full(best.shape, -1, dtype=np.int64) if positions else None
        for k, index in windows.positions():
            value = windows.at(index)
            greater = value > best
            best = np.where(greater, value, best)
            if where is not None:
                where = np.where(greater, k, where)
        return best, where
    flat = windows.flat()
    first = flat.argmax(axis=-1)
    best = np.take_along_axis(flat, first[..., None], axis=-1)[..., 0]
    return best, np.where(best == -np.inf, -1, first) if positions else None


def _stored(values: np.ndarray, dtype: str) -> np.ndarray:
    """`values` as a typed array of `dtype` stores them (-Infinity and NaN store 0 in an
    Int32Array or Uint8Array)."""
    if dtype == "int32":
        return to_int32(values)
    if dtype == "bool":
        return to_uint8_truth(values)
    return values.astype(np.float32, copy=False)


def _empty(shape: Sequence[int]) -> bool:
    return any(d == 0 for d in shape)


def _pool2d_geometry(info: Any) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]:
    return (
        (info.effective_filter_height, info.effective_filter_width),
        (info.stride_height, info.stride_width),
        (info.pad_info.top, info.pad_info.left),
        (info.out_height, info.out_width),
    )


def _pool3d_geometry(info: Any) -> tuple[tuple[int, ...], ...]:
    return (
        (info.effective_filter_depth, info.effective_filter_height, info.effective_filter_width),
        (info.stride_depth, info.stride_height, info.stride_width),
        (info.pad_info.front, info.pad_info.top, info.pad_info.left),
        (info.out_depth, info.out_height, info.out_width),
    )


def _pool(
    backend: CpuBackend, x: Any, info: Any, geometry: tuple[tuple[int, ...], ...], mode: str, dtype: str
) -> TensorInfo:
    """The avg or max pool of x's windows, stored into x's dtype's typed array and labelled
    `dtype`: x's dtype in 2-D, float32 in 3-D (TF.js's 3-D kernels fill a buffer of the
    input's dtype and label it float32, and divide an empty window's sum by 1, not 0)."""
    if _empty(info.out_shape):
        return backend.make_output(np.zeros(info.out_shape), dtype)
    values = backend.values(x)
    empty_is_nan = len(geometry[0]) == 2
    result = _float32_pool(values, geometry, mode, empty_is_nan) if x.dtype == "float32" else None
    if result is None:
        windows = _Windows(values, *geometry, mode)
        result = _window_means(windows, empty_is_nan) if mode == "avg" else _window_maxima(windows)[0]
    return backend.make_output(_stored(result, x.dtype), dtype)


def _pool_kernel(mode: str, dims: int) -> KernelFunc:
    """AvgPool or MaxPool (`dims` 2: x is [batch, height, width, channels]), AvgPool3D or
    MaxPool3D (`dims` 3: x is [batch, depth, height, width, channels]); `mode` 'avg' or 'max'."""

    def pool(
        backend: CpuBackend,
        x: Any,
        *,
        filter_size: Any,
        strides: Any,
        pad: Any,
        dim_rounding_mode: Any = None,
        data_format: str = "NDHWC",
    ) -> TensorInfo:
        if dims == 3:
            info = compute_pool3d_info(x.shape, filter_size, strides, 1, pad, dim_rounding_mode, data_format)
            return _pool(backend, x, info, _pool3d_geometry(info), mode, "float32")
        info = compute_pool2d_info(x.shape, filter_size, strides, 1, pad, dim_rounding_mode)
        one_by_one = (info.filter_height, info.filter_width) == (1, 1)
        if one_by_one and tuple(info.in_shape) == tuple(info.out_shape):
            return backend.forward(x, x.shape)  # TF.js's identity shortcut: NaN and -0 kept as they are
        return _pool(backend, x, info, _pool2d_geometry(info), mode, x.dtype)

    return pool


register_kernel(AVG_POOL, "cpu", _pool_kernel("avg", 2))
register_kernel(MAX_POOL, "cpu", _pool_kernel("max", 2))
register_kernel(AVG_POOL_3D, "cpu", _pool_kernel("avg", 3))
register_kernel(MAX_POOL_3D, "cpu", _pool_kernel("max", 3))


@kernel(MAX_POOL_WITH_ARGMAX, "cpu")
def max_pool_with_argmax(
    backend: CpuBackend, x: Any, *, filter_size: Any, strides: Any, pad: Any, include_batch_in_index: bool
) -> list[TensorInfo]:
    """The max pool and, for each output, the flat index of its maximum in the input:
    ((b * height + row) * width + col) * channels + channel, the batch term only with
    `include_batch_in_index`; -1 where the window holds no number."""
    info = compute_pool2d_info(x.shape, filter_size, strides, (1, 1), pad)
    if _empty(info.out_shape):
        zeros = np.zeros(info.out_shape)
        return [backend.make_output(zeros, x.dtype), backend.make_output(zeros, "int32")]
    window, strides_hw, pad_before, out = _pool2d_geometry(info)
    windows = _Windows(backend.values(x), window, strides_hw, pad_before, out, "max", "maxPoolWithArgmax")
    best, where = _window_maxima(windows, positions=True)
    height, width, channels = info.in_height, info.in_width, info.in_channels
    row = windows.corners(0) + where // window[1]
    col = windows.corners(1) + where % window[1]
    index = (row * width + col) * channels + np.arange(channels)
    if include_batch_in_index:
        index = index + np.arange(info.batch_size).reshape(-1, 1, 1, 1) * (height * width * channels)
    index = np.where(where < 0, -1, index)
    return [backend.make_output(_stored(best, x.dtype), x.dtype), backend.make_output(index, "int32")]


# ---- backward kernels -----------------------------------------------------------------


def _last_maxima(windows: _Windows) -> np.ndarray:
    """TF.js's 3-D maximum positions (maxPool3dPositions): the LAST position holding the
    window's maximum (`pixel >= max` from -Infinity over the positions inside the input:
    NaN never, -Infinity can), -1 where there is none."""
    flat = windows.flat()
    numbers = ~np.isnan(flat)
    values = np.where(numbers, flat, -np.inf)
    hits = numbers & (values == values.max(axis=-1, keepdims=True))
    last = flat.shape[-1] - 1 - np.argmax(hits[..., ::-1], axis=-1)
    return np.where(hits.any(axis=-1), last, -1)


def _scatter_taps(
    shape: Sequence[int],
    geometry: tuple[tuple[int, ...], ...],
    dy: np.ndarray,
    mask_of: Callable[[int], np.ndarray] | None = None,
) -> np.ndarray:
    """The float64 gradient of an input of `shape` from `dy` ([batch, *out, channels]):
    each window position (tap) adds dy, where `mask_of(tap)` says, to the input position
    it covers; pads drop theirs. Taps go last first: TF.js's backward loop sums, for each
    input position, the outputs whose windows cover it in increasing order, in doubles."""
    window, strides, pad_before, out = geometry
    padded, inner, picks = _padded(shape, window, strides, pad_before, out, 0.0, "the pool gradient")
    taps = list(enumerate(itertools.product(*map(range, window))))
    for k, index in reversed(taps):
        shifted = (slice(p.start + i, p.stop + i, p.step) for p, i in zip(picks, index, strict=True))
        target = padded[(slice(None), *shifted)]
        if mask_of is None:
            target += dy
        else:
            np.add(target, dy, out=target, where=mask_of(k))
    return padded[(slice(None), *inner)]


def _pool_grad_kernel(mode: str, dims: int) -> KernelFunc:
    """AvgPoolGrad/MaxPoolGrad (`dims` 2) or AvgPool3DGrad/MaxPool3DGrad (`dims` 3): the
    gradient of `input` from `dy`, TF.js's cpu semantics. avg: each output's dy spread
    over its window, divided by the FULL window size (TF.js's avgMultiplier, pads
    included, though the forward average leaves them out). max: each output's dy to the
    position of its window's maximum, found as the forward kernel finds it (2-D: the
    first; 3-D: the last, TF.js's `>=`); none where the window holds no number. TF.js's
    3-D kernel encodes that position with the window height where the width belongs
    (maxPool3dPositions), sending the gradient elsewhere when they differ; this uses the
    true position."""

    def pool_grad(
        backend: CpuBackend,
        dy: Any,
        input: Any,  # noqa: A002
        output: Any = None,
        *,
        filter_size: Any,
        strides: Any,
        pad: Any,
        dim_rounding_mode: Any = None,
    ) -> TensorInfo:
        if dims == 2:
            info = compute_pool2d_info(input.shape, filter_size, strides, 1, pad, dim_rounding_mode)
            geometry = _pool2d_geometry(info)
        else:
            info = compute_pool3d_info(input.shape, filter_size, strides, 1, pad, dim_rounding_mode)
            geometry = _pool3d_geometry(info)
        if _empty(info.out_shape) or _empty(input.shape):
            return backend.make_output(np.zeros(input.shape), "float32")
        # TF.js's 2-D gradients drop dim_rounding_mode: they read the outputs its truncated
        # output shape has.
        grads = backend.values(dy).astype(np.float64)[tuple(slice(0, o) for o in info.out_shape)]
        if mode == "avg":
            dx = _scatter_taps(input.shape, geometry, grads) * (1 / math.prod(geometry[0]))
        else:
            x = backend.values(input)
            if dims == 2:
                where = _window_maxima(_Windows(x, *geometry, "max"), positions=True)[1]
            else:
                where = _last_maxima(_Windows(x, *geometry, "last_max"))
            dx = _scatter_taps(input.shape, geometry, grads, lambda k: where == k)
        return backend.make_output(dx, "float32")

    return pool_grad


register_kernel(AVG_POOL_GRAD, "cpu", _pool_grad_kernel("avg", 2))
register_kernel(MAX_POOL_GRAD, "cpu", _pool_grad_kernel("max", 2))
register_kernel(AVG_POOL_3D_GRAD, "cpu", _pool_grad_kernel("avg", 3))
register_kernel(MAX_POOL_3D_GRAD, "cpu", _pool_grad_kernel("max", 3))
