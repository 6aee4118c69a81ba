"""What the cpu convolution kernels share (Conv2D, Conv3D, their input gradients, the fused
convolutions, DepthwiseConv2dNative, Dilation2D, and the filter and depthwise gradients):
a window's geometry along each spatial axis, the filter taps in TF.js's loop order, and
the forward, input-gradient and filter-gradient sums.

Numerics of the forward sum. TF.js's Conv2D and Conv3D add each product into the result's
typed array (`y += x * w`): the product and the sum are doubles, stored (rounded to
float32, or truncated and wrapped by an Int32Array/Uint8Array) after every term, in the
order filter taps (outermost axis first), then input channels. `conv_values` follows
that order of stores exactly, one filter tap and input channel at a time over every
output position (a tap in the padding is skipped, as TF.js's loops skip it: no 0 * Inf),
where it matters or is cheap:

- a partial sum could leave float32's range, or an input is NaN or infinite;
- an int32 or bool result (its typed array wraps or truncates at every store), unless
  every partial sum is an integer below 2**53 (then one wrap at the end is the same);
- a small problem (`_CONV_STEPWISE_WORK`, `_STEPWISE_STEPS`): the per-term loop costs
  at most about 0.05 ms there, so small convolutions are TF.js's to the bit.

Otherwise the sum is one BLAS product of an im2col matrix with the filter: float32
(SGEMM) for a float32 convolution, within a few ulps of the largest partial sum of
TF.js's result (its per-term float32 stores round as often); float64, rounded once, for
int32 and bool results, which it then gives exactly. A 1x1 convolution at stride 1 is
that product on the input itself, with no im2col copy. The depthwise kernel (conv.py)
asks `sums_once` the same question, with its own steps (the taps).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from tfjs import dtypes
from tfjs.backends.cpu.kernels.buffer_memo import remembered

# (output positions, input positions) of one filter tap along one axis
Window = tuple[slice, slice]
# A tap's index into the filter's spatial axes, and the [batch, *spatial] index of the
# outputs it reaches and of the inputs they read (channels left whole).
Tap = tuple[tuple[int, ...], tuple[slice, ...], tuple[slice, ...]]

_FLOAT32_MAX = float(np.finfo(np.float32).max)
# Integer sums below this are exact in float64.
_EXACT = float(2**53)
# About how many float64 values one block of the im2col matrix may hold (32 MB): it
# bounds the memory of large problems (every benchmark shape is one block, as before;
# smaller blocks were not reliably faster when measured).
_CHUNK = 1 << 22
# The exact per-term sum is the default below this many multiply-adds (outputs x taps x
# input channels) and steps (taps x input channels): each step is two NumPy calls over
# the outputs (a few us, plus about 2 ns a multiply-add), where the SGEMM path costs a
# few tens of us whatever the size. Conv2D and Conv3D stop at 4 096 multiply-adds (the
# per-term sum then costs at most about 0.05 ms: past that, real models' small layers
# spent a tenth of their time there); the depthwise kernel, whose per-tap sum costs
# what its fast path costs, at 32 768.
_STEPWISE_WORK = 1 << 15
_CONV_STEPWISE_WORK = 1 << 12
_STEPWISE_STEPS = 64
_WHOLE = slice(None)


@dataclass(frozen=True)
class Geometry:
    """A convolution's window along each spatial axis (outermost first)."""

    filter_sizes: tuple[int, ...]
    dilations: tuple[int, ...]
    strides: tuple[int, ...]
    pads_before: tuple[int, ...]
    in_sizes: tuple[int, ...]
    out_sizes: tuple[int, ...]

    @property
    def extents(self) -> tuple[int, ...]:
        """The dilated filter's size along each axis."""
        return tuple((f - 1) * d + 1 for f, d in zip(self.filter_sizes, self.dilations, strict=True))

    def spans(self) -> list[tuple[int, int]]:
        """The input span the windows read, [first, end) per axis (TF.js's 3-D 'same'
        pads may be negative: then first > 0)."""
        axes = zip(self.out_sizes, self.strides, self.pads_before, self.extents, strict=True)
        return [(-pad, (n_out - 1) * stride - pad + extent) for n_out, stride, pad, extent in axes]


def geometry(info: Any) -> Geometry:
    """The Geometry of a Conv2DInfo or Conv3DInfo (TF.js's convInfo)."""
    i, pad = info, info.pad_info
    if hasattr(i, "in_depth"):
        return Geometry(
            (i.filter_depth, i.filter_height, i.filter_width),
            (i.dilation_depth, i.dilation_height, i.dilation_width),
            (i.stride_depth, i.stride_height, i.stride_width),
            (pad.front, pad.top, pad.left),
            (i.in_depth, i.in_height, i.in_width),
            (i.out_depth, i.out_height, i.out_width),
        )
    return Geometry(
        (i.filter_height, i.filter_width),
        (i.dilation_height, i.dilation_width),
        (i.stride_height, i.stride_width),
        (pad.top, pad.left),
        (i.in_height, i.in_width),
        (i.out_height, i.out_width),
    )


# ---------------------------------------------------------------------------------------
# taps
# ---------------------------------------------------------------------------------------


def tap_window(out_size: int, stride: int, pad_before: int, offset: int, in_size: int) -> Window | None:
    """The output positions o (a slice) whose input index o * stride - pad_before + offset
    lies in [0, in_size), and those input indices (a strided slice); None when there are none."""
    first = max(0, -((offset - pad_before) // stride))  # ceil((pad_before - offset) / stride)
    last = min(out_size, (in_size - 1 + pad_before - offset) // stride + 1)
    if last <= first:
        return None
    start = first * stride - pad_before + offset
    return slice(first, last), slice(start, start + (last - first - 1) * stride + 1, stride)


@functools.lru_cache(maxsize=1024)
def tap_windows(g: Geometry) -> tuple[Tap, ...]:
    """Every filter tap that reaches the input, in TF.js's loop order (outermost axis
    first): its index, and the output and input slices ([batch, *spatial]) it pairs
    (remembered: a model asks for the same geometries call after call)."""
    per_axis = []
    for size, dilation, stride, pad, n_in, n_out in zip(
        g.filter_sizes, g.dilations, g.strides, g.pads_before, g.in_sizes, g.out_sizes, strict=True
    ):
        windows = ((k, tap_window(n_out, stride, pad, k * dilation, n_in)) for k in range(size))
        per_axis.append([(k, window) for k, window in windows if window is not None])
    return tuple(
        (tuple(k for k, _ in combo), (_WHOLE, *(w[0] for _, w in combo)), (_WHOLE, *(w[1] for _, w in combo)))
        for combo in itertools.product(*per_axis)
    )


# ---------------------------------------------------------------------------------------
# forward sum (Conv2D, Conv3D)
# ---------------------------------------------------------------------------------------


def conv_values(
    x: np.ndarray, w: np.ndarray, g: Geometry, dtype: str = "float32", positive_zeros: bool = True
) -> np.ndarray:
    """The convolution of channels-last `x` ([batch, *in_sizes, in_channels]) with `w`
    ([*filter_sizes, in_channels, out_channels]), shaped [batch, *out_sizes,
    out_channels], as TF.js's typed array of `dtype` (x's) holds it: ready for
    make_output (bool: the truth of each stored byte). `positive_zeros=False` may leave
    a BLAS sum of -0 as -0 (for a caller that adds a bias next, which makes it +0)."""
    out_shape = (x.shape[0], *g.out_sizes, w.shape[-1])
    if math.prod(out_shape) == 0 or x.size == 0:
        values = np.zeros(out_shape)
    elif sums_once(x, w, dtype, math.prod(out_shape), w.size // w.shape[-1], _CONV_STEPWISE_WORK):
        values = _conv_im2col(x, w, g)
        if positive_zeros:
            values += 0.0  # a sum that starts at +0 (TF.js's) is never -0 (in place: one pass)
    else:
        with np.errstate(all="ignore"):
            values = _conv_stepwise(x, w, g, dtype)
    return dtypes.to_uint8_truth(values) if dtype == "bool" else values


def sums_once(
    x: np.ndarray, w: np.ndarray, dtype: str, outputs: int, terms: int, stepwise_work: int | None = None
) -> bool:
    """Whether a sum not stored after every term (Conv2D's and Conv3D's one BLAS sum,
    depthwise's float32 products) gives TF.js's result up to a few ulps, and the problem
    (`outputs` sums of at most `terms` products of `x` and `w`: the steps of TF.js's
    loop) is too large for the exact per-term loop to be cheap (`stepwise_work`
    multiply-adds or more, default _STEPWISE_WORK; or more than _STEPWISE_STEPS steps)."""
    if stepwise_work is None:
        stepwise_work = _STEPWISE_WORK
    if outputs * terms < stepwise_work and terms <= _STEPWISE_STEPS:
        return False
    with np.errstate(all="ignore"):
        if x.dtype == w.dtype == np.float32:
            # Any partial sum is at most sum |x_i * w_i| over distinct inputs and weights,
            # so at most |x| * |w| (2-norms, Cauchy-Schwarz): one BLAS dot product each,
            # NaN or infinite for a NaN or infinite input (or one past about 1e19)
            flat = x.ravel(order="K")
            bound = math.sqrt(float(np.dot(flat, flat)) * _filter_sum_of_squares(w))
            return dtype == "float32" and bound < _FLOAT32_MAX / 4  # (float32 dots are rounded)
        # |v| <= |max| + |min|: an upper bound that stays NaN for a NaN input
        bound = (abs(float(x.max())) + abs(float(x.min()))) * (abs(float(w.max())) + abs(float(w.min())))
        bound *= terms
    if dtype == "float32":
        return bound < _FLOAT32_MAX / 2
    # x has the result's dtype (int32 or bool); a float filter may make fractional sums
    return bound < _EXACT and (w.dtype.kind in "iub" or bool(np.all(np.trunc(w) == w)))


def _filter_sum_of_squares(values: np.ndarray) -> float:
    """The sum of float32 `values`' squares (one BLAS dot product; NaN or infinite for a
    NaN or infinite value), remembered for a filter's buffer."""

    def total() -> float:
        flat = values.ravel(order="K")
        return float(np.dot(flat, flat))

    return remembered(values, "sum of squares", total)


def _conv_im2col(x: np.ndarray, w: np.ndarray, g: Geometry) -> np.ndarray:
    """The sums through BLAS (float32 for float32 `x` and `w`, else float64): an im2col
    matrix (a strided window view copied a block of output rows at a time) times the
    filter as a [taps * in, out] matrix, written into a new [batch, *out_sizes, out] array."""
    n, out_c = x.shape[0], w.shape[-1]
    work = np.float32 if x.dtype == w.dtype == np.float32 else np.float64
    matrix = w.reshape(-1, out_c).astype(work, copy=False)
    out = np.empty((n, *g.out_sizes, out_c), work)
    source = _span_source(x, g)
    rank = len(g.out_sizes)
    pointwise = all(f == 1 for f in g.filter_sizes)
    if pointwise and all(s == 1 for s in g.strides) and source.dtype == work and source.flags.c_contiguous:
        np.matmul(source.reshape(-1, matrix.shape[0]), matrix, out=out.reshape(-1, out_c))
        return out
    # every output position's window: [N, *out, *filter, in]
    corners = [slice(0, (o - 1) * s + 1, s) for o, s in zip(g.out_sizes, g.strides, strict=True)]
    if pointwise:
        view = source[(_WHOLE, *corners)]
    else:
        view = sliding_window_view(source, g.extents, axis=tuple(range(1, rank + 1)))
        view = view[(_WHOLE, *corners, _WHOLE, *(slice(None, None, d) for d in g.dilations))]
        view = view.transpose(0, *range(1, rank + 1), *range(rank + 2, 2 * rank + 2), rank + 1)
    step = max(1, _CHUNK // max(1, n * math.prod(g.out_sizes[1:]) * matrix.shape[0]))
    for start in range(0, g.out_sizes[0], step):
        target = out[:, start : start + step]
        columns = _columns(view[:, start : start + step], matrix)
        if target.flags.c_contiguous:
            np.matmul(columns, matrix, out=target.reshape(-1, out_c))
        else:
            target[...] = (columns @ matrix).reshape(target.shape)
    return out


def _columns(part: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """A block of the im2col view as a C-ordered matrix of `matrix`'s dtype with as many
    columns as `matrix` has rows (one pass)."""
    columns = np.empty(part.shape, matrix.dtype)
    np.copyto(columns, part, casting="unsafe")
    return columns.reshape(-1, matrix.shape[0])


# How each result dtype's typed array stores a number, and the array that holds them.
def _to_uint8(values: np.ndarray) -> np.ndarray:
    """What a Uint8Array stores: truncation, modulo 256, 0 for NaN and ±Infinity."""
    finite = np.isfinite(values)
    return np.mod(np.trunc(np.where(finite, values, 0.0)), 256.0)


_STORES: dict[str, tuple[type, Callable[[np.ndarray], np.ndarray] | None]] = {
    "float32": (np.float32, None),  # assignment rounds
    "int32": (np.int32, dtypes.to_int32),
    "bool": (np.uint8, _to_uint8),
}


def _conv_stepwise(x: np.ndarray, w: np.ndarray, g: Geometry, dtype: str) -> np.ndarray:
    """TF.js's loop: the typed array stores the running sum after every product, in
    TF.js's order (taps, then input channels), each step over every output the tap reaches."""
    holder, store = _STORES[dtype]
    out = np.zeros((x.shape[0], *g.out_sizes, w.shape[-1]), holder)
    channels = np.moveaxis(x, -1, 0).astype(np.float64)  # [in, N, *in_sizes]
    filters = w.astype(np.float64)
    for index, out_idx, in_idx in tap_windows(g):
        region = out[out_idx]
        term = np.empty(region.shape)
        for d1, weights in enumerate(filters[index]):
            np.multiply(channels[d1][in_idx][..., None], weights, out=term)
            if store is None:  # float32: the double sum rounded as it is stored, in one call
                np.add(region, term, out=region, casting="unsafe")
            else:
                term += region
                region[...] = store(term)
    return out


# ---------------------------------------------------------------------------------------
# input gradient (Conv2DBackpropInput, Conv3DBackpropInputV2)
# ---------------------------------------------------------------------------------------


def backprop_input_values(dy: np.ndarray, w: np.ndarray, g: Geometry) -> np.ndarray:
    """The gradient of the convolution with respect to its channels-last input, as float32
    (TF.js sums each input position's gradient in a double and stores it once): one BLAS
    product dy @ filter^T gives every tap's contribution (a block of output rows at a
    time), added back over the span the windows read; the span outside x is dropped.
    `dy` is [batch, *out_sizes, out_channels], `w` [*filter_sizes, in_channels, out_channels]."""
    in_c, out_c = w.shape[-2], w.shape[-1]
    dx = np.zeros((dy.shape[0], *g.in_sizes, in_c), np.float32)
    if dx.size == 0 or dy.size == 0:
        return dx
    spans = g.spans()
    source = np.zeros((dx.shape[0], *(end - first for first, end in spans), in_c))
    matrix = w.reshape(-1, out_c).astype(np.float64)
    step = max(1, _CHUNK // max(1, dy.shape[0] * math.prod(g.out_sizes[1:]) * matrix.shape[0]))
    with np.errstate(all="ignore"):
        for start in range(0, g.out_sizes[0], step):
            rows = dy[:, start : start + step]
            flat = np.ascontiguousarray(rows, dtype=np.float64).reshape(-1, out_c)
            cols = (flat @ matrix.T).reshape(*rows.shape[:-1], *g.filter_sizes, in_c)
            for index in itertools.product(*(range(f) for f in g.filter_sizes)):
                source[_tap_targets(g, index, start, rows.shape[1:-1])] += cols[(..., *index, _WHOLE)]
        span_idx, x_idx = _overlap(spans, g.in_sizes)
        dx[x_idx] = source[span_idx]
    return dx


def backprop_filter_values(
    x: np.ndarray, dy: np.ndarray, g: Geometry, filter_shape: tuple[int, ...]
) -> np.ndarray:
    """The gradient of the convolution with respect to its filter (`filter_shape`:
    [*filter_sizes, in_channels, out_channels]), as float32: TF.js sums each weight's
    gradient in a double and stores it once. One BLAS product per filter tap, of the
    inputs the tap reads with the outputs it reaches (a tap in the padding reads nothing,
    as TF.js's loops skip it). `x` is channels-last, `dy` [batch, *out_sizes, out_channels]."""
    in_c, out_c = filter_shape[-2], filter_shape[-1]
    dw = np.zeros((*g.filter_sizes, in_c, out_c))
    if x.size and dy.size:
        with np.errstate(all="ignore"):
            for index, out_idx, in_idx in tap_windows(g):
                inputs = np.asarray(x[in_idx], np.float64).reshape(-1, in_c)
                grads = np.asarray(dy[out_idx], np.float64).reshape(-1, out_c)
                dw[index] = inputs.T @ grads
    return dw.astype(np.float32)


def depthwise_backprop_input_values(dy: np.ndarray, w: np.ndarray, g: Geometry) -> np.ndarray:
    """The gradient of a depthwise convolution with respect to its channels-last input
    (float32; TF.js sums in a double and stores once): each filter tap adds its outputs'
    gradients through w[tap] (summed over the channel multiplier) onto the inputs it read.
    `dy` is [batch, *out_sizes, in_channels * multiplier], `w` [*filter_sizes, in, multiplier]."""
    in_c, multiplier = w.shape[-2], w.shape[-1]
    dx = np.zeros((dy.shape[0], *g.in_sizes, in_c))
    if dx.size and dy.size:
        grads = dy.astype(np.float64).reshape(*dy.shape[:-1], in_c, multiplier)
        weights = w.astype(np.float64)
        with np.errstate(all="ignore"):
            for index, out_idx, in_idx in tap_windows(g):
                dx[in_idx] += np.einsum("...cm,cm->...c", grads[out_idx], weights[index])
    return dx.astype(np.float32)


def depthwise_backprop_filter_values(
    x: np.ndarray, dy: np.ndarray, g: Geometry, filter_shape: tuple[int, ...]
) -> np.ndarray:
    """The gradient of a depthwise convolution with respect to its filter
    ([*filter_sizes, in_channels, multiplier]), float32 (summed in a double, stored once)."""
    in_c, multiplier = filter_shape[-2], filter_shape[-1]
    dw = np.zeros((*g.filter_sizes, in_c, multiplier))
    if x.size and dy.size:
        grads = dy.reshape(*dy.shape[:-1], in_c, multiplier)
        with np.errstate(all="ignore"):
            for index, out_idx, in_idx in tap_windows(g):
                inputs = np.asarray(x[in_idx], np.float64).reshape(-1, in_c)
                tap_grads = np.asarray(grads[out_idx], np.float64).reshape(-1, in_c, multiplier)
                dw[index] = np.einsum("nc,ncm->cm", inputs, tap_grads)
    return dw.astype(np.float32)


def _tap_targets(
    g: Geometry, index: tuple[int, ...], first_row: int, counts: tuple[int, ...]
) -> tuple[slice, ...]:
    """The positions of a span buffer that filter tap `index` reads for `counts` outputs
    per axis, starting at output row `first_row` ([batch, *spatial])."""
    firsts = [k * d for k, d in zip(index, g.dilations, strict=True)]
    firsts[0] += first_row * g.strides[0]
    axes = zip(firsts, counts, g.strides, strict=True)
    return (
        _WHOLE,
        *(slice(first, first + (count - 1) * stride + 1, stride) for first, count, stride in axes),
    )


# ---------------------------------------------------------------------------------------
# internals
# ---------------------------------------------------------------------------------------


def _overlap(spans: list[tuple[int, int]], sizes: tuple[int, ...]) -> tuple[tuple[slice, ...], ...]:
    """Where the spans and the input overlap: (index into a span buffer, index into x)."""
    span_idx, x_idx = [_WHOLE], [_WHOLE]
    for (first, end), size in zip(spans, sizes, strict=True):
        lo = max(first, 0)
        hi = max(min(end, size), lo)
        span_idx.append(slice(lo - first, hi - first))
        x_idx.append(slice(lo, hi))
    return tuple(span_idx), tuple(x_idx)


def _span_source(x: np.ndarray, g: Geometry) -> np.ndarray:
    """`x` over exactly the span its windows read (zeros outside it): a view where the
    span lies inside x, else a zero-filled copy in x's dtype."""
    spans = g.spans()
    if all(first >= 0 and end <= size for (first, end), size in zip(spans, g.in_sizes, strict=True)):
        return x[(_WHOLE, *(slice(first, end) for first, end in spans))]
    source = np.zeros((x.shape[0], *(end - first for first, end in spans), x.shape[-1]), x.dtype)
    span_idx, x_idx = _overlap(spans, g.in_sizes)
    source[span_idx] = x[x_idx]
    return source
