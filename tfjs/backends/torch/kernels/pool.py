"""Pooling kernels: AvgPool, MaxPool, AvgPool3D, MaxPool3D, MaxPoolWithArgmax, and the
backward kernels AvgPoolGrad, MaxPoolGrad, AvgPool3DGrad and MaxPool3DGrad (whose TF.js
kernel picks a window's last maximum), with TF.js's semantics: max skips NaN
(a window of NaNs gives -Infinity) and reads no padding; avg divides by the count of the
window's positions inside the input (an empty window gives 0/0 = NaN in 2-D, 0 in 3-D),
its gradient by the whole window size (TF.js's avgMultiplier)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any, NamedTuple

import torch
import torch.nn.functional as F
from torch.nn import grad as nn_grad

from tfjs.backend_util.conv_info import compute_pool2d_info, compute_pool3d_info
from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend, to_storage
from tfjs.backends.torch.deferred_checks import ValueChecks
from tfjs.backends.torch.kernels.conv_util import (
    channels_first,
    empty_output,
    from_channels_first,
    once_per_info,
    padded_sizes,
    padded_to_output,
    padding_to_output,
    unpadded,
    window,
)
from tfjs.backends.torch.registry import register_torch_kernel, torch_kernel
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

_MAX: dict[int, Any] = {4: F.max_pool2d, 5: F.max_pool3d}
_LEAST_FLOAT32 = float(torch.finfo(torch.float32).min)
_AVG: dict[int, Any] = {4: F.avg_pool2d, 5: F.avg_pool3d}


def _numbers(values: torch.Tensor) -> torch.Tensor:
    """Float values with NaN as -Infinity (NaN never wins a max); others in float64."""
    if values.is_floating_point():  # one pass; ±Infinity stay as they are
        return torch.nan_to_num(values, nan=-math.inf, posinf=math.inf, neginf=-math.inf)
    return values.double()


class PoolWindow(NamedTuple):
    """torch's own pool geometry giving exactly a pool info's windows."""

    sizes: tuple[int, ...]
    strides: tuple[int, ...]
    padding: tuple[int, ...]
    ceil_mode: bool


# {id(info): (info, its PoolWindow or None)}
_POOL_WINDOWS: dict[int, tuple[Any, PoolWindow | None]] = {}


def torch_pool_window(info: Any) -> PoolWindow | None:
    """The PoolWindow whose windows start where TF.js's do (torch's symmetric padding
    is TF.js's leading one, at most half a window, as torch allows) and whose output
    count is info's, with or without ceil mode (windows past the end read only what is
    inside, as TF.js's); None when there is none. Worked out once per info."""
    return once_per_info(_POOL_WINDOWS, info, _pool_window)


def _pool_window(info: Any) -> PoolWindow | None:
    w = window(info)
    if all(d == 1 for d in w.dilations) and all(
        b >= 0 and 2 * b <= f for b, f in zip(w.before, w.filter_sizes, strict=True)
    ):
        # along one output, a stride past the padded input gives the one window
        strides = tuple(
            s if o > 1 else max(1, n + 2 * b)
            for s, o, n, b in zip(w.strides, w.out_sizes, w.in_sizes, w.before, strict=True)
        )
        for ceil_mode in (False, True):
            outs = (
                _torch_pool_count(n, f, s, b, ceil_mode)
                for n, f, s, b in zip(w.in_sizes, w.filter_sizes, strides, w.before, strict=True)
            )
            if tuple(outs) == w.out_sizes:
                return PoolWindow(w.filter_sizes, strides, w.before, ceil_mode)
    return None


def _torch_pool_count(size: int, window_size: int, stride: int, pad: int, ceil_mode: bool) -> int:
    """torch's output count along one dimension (its pooling_output_shape); -1 for an
    input smaller than the window, which torch's 3-D pools refuse whatever the padding."""
    if size < window_size:
        return -1
    span = size + 2 * pad - window_size
    count = (span + (stride - 1 if ceil_mode else 0)) // stride + 1
    if ceil_mode and (count - 1) * stride >= size + pad:
        count -= 1
    return count


def _kernel_name(name: str, values: torch.Tensor) -> str:
    """TF.js's kernel name for a pool of channels-first `values` (2-D or 3-D)."""
    return name if values.dim() == 4 else f"{name}3D"


def max_pool_values(
    x: torch.Tensor, info: Any, indices: bool = False, checks: ValueChecks | None = None
) -> Any:
    """The max of each window, channels-first (with `indices`: and the flat position of
    the first maximum in the padded input's spatial dimensions). With `checks`, a float32
    input is pooled as it is, with no pass first that turns NaN into -Infinity, and the
    result stands where its least value is above -FLT_MAX: torch's pool gives NaN where a
    window holds one (TF.js's skips it), oneDNN Graph's skips NaN but gives -FLT_MAX for a
    window of NaN and -Infinity only (TF.js's: -Infinity)."""
    own = None if indices else torch_pool_window(info)
    if own is not None and checks is not None and x.dtype == torch.float32 and checks.can_check():
        pool = _MAX[x.dim()]
        pooled = pool(channels_first(x, info), own.sizes, own.strides, own.padding, ceil_mode=own.ceil_mode)
        if checks.stands_if_above(pooled.amin(), _LEAST_FLOAT32):
            return pooled
    values = _numbers(channels_first(x, info))
    if own is not None:  # torch's padding is never read: same windows, no padded copy
        return _MAX[values.dim()](values, own.sizes, own.strides, own.padding, ceil_mode=own.ceil_mode)
    values = padded_to_output(values, info, float("-inf"), _kernel_name("maxPool", values))
    w = window(info)
    return _MAX[values.dim()](values, w.filter_sizes, w.strides, return_indices=indices)


def avg_pool_values(x: torch.Tensor, info: Any, empty_is_nan: bool) -> torch.Tensor:
    """The mean of each window's positions inside the input, channels-first."""
    values = channels_first(x, info)
    values = values if values.is_floating_point() else values.double()
    w = window(info)
    pool = _AVG[values.dim()]
    own = torch_pool_window(info)
    if own is not None:  # dividing by the positions inside the input: TF.js's count
        return pool(values, own.sizes, own.strides, own.padding, own.ceil_mode, count_include_pad=False)
    padded = padded_to_output(values, info, kernel_name=_kernel_name("avgPool", values))
    sums = pool(padded, w.filter_sizes, w.strides, divisor_override=1)
    inside = torch.ones((1, 1, *w.in_sizes), dtype=values.dtype, device=values.device)
    counts = pool(padded_to_output(inside, info), w.filter_sizes, w.strides, divisor_override=1)
    return sums / (counts if empty_is_nan else torch.clamp(counts, min=1))


# {attributes: pool info}: a model's pools meet the same few.
_POOL_INFOS: dict[tuple[Any, ...], Any] = {}


def _pool_info(
    dims: int, shape: Any, filter_size: Any, strides: Any, pad: Any, rounding: Any, data_format: str
) -> Any:
    """The pool info of a pool kernel's attributes (checked by its op), made once per
    shape and attributes (so `torch_pool_window` is worked out once too)."""
    key = (dims, tuple(shape), *(tuple(a) if type(a) is list else a for a in (filter_size, strides, pad)))
    key = (*key, rounding, data_format)
    try:
        info = _POOL_INFOS.get(key)
    except TypeError:  # lists in a list: made each time
        key, info = None, None
    if info is None:
        if dims == 3:
            info = compute_pool3d_info(shape, filter_size, strides, 1, pad, rounding, data_format)
        else:
            info = compute_pool2d_info(shape, filter_size, strides, 1, pad, rounding)
        if key is not None:
            if len(_POOL_INFOS) >= 4096:
                _POOL_INFOS.clear()
            _POOL_INFOS[key] = info
    return info


def _pool_kernel(mode: str, dims: int) -> Callable[..., TensorInfo]:
    """AvgPool/MaxPool (`dims` 2) or AvgPool3D/MaxPool3D (`dims` 3: stored into the
    input dtype's typed array and labelled float32, as TF.js's 3-D kernels do)."""

    def pool(
        backend: TorchBackend,
        x: Any,
        *,
        filter_size: Any,
        strides: Any,
        pad: Any,
        dim_rounding_mode: Any = None,
        data_format: str = "NDHWC",
    ) -> TensorInfo:
        info = _pool_info(dims, x.shape, filter_size, strides, pad, dim_rounding_mode, data_format)
        if dims == 3:
            dtype = "float32"
        else:
            if window(info).filter_sizes == (1, 1) and tuple(info.in_shape) == tuple(info.out_shape):
                return backend.forward(x, x.shape)  # TF.js's identity shortcut: NaN and -0 kept
            dtype = x.dtype
        if empty_output(info):
            return backend.make_output(torch.zeros(info.out_shape, device=backend.device), dtype)
        values = backend.tensor(x)
        if mode == "max":
            result = max_pool_values(values, info, checks=backend.checks)
        else:
            result = avg_pool_values(values, info, dims == 2)
        stored = to_storage(from_channels_first(result, info), x.dtype)
        return backend.make_output(stored, dtype)

    return pool


register_torch_kernel(AVG_POOL, _pool_kernel("avg", 2))
register_torch_kernel(MAX_POOL, _pool_kernel("max", 2))
register_torch_kernel(AVG_POOL_3D, _pool_kernel("avg", 3))
register_torch_kernel(MAX_POOL_3D, _pool_kernel("max", 3))


@torch_kernel(MAX_POOL_WITH_ARGMAX)
def max_pool_with_argmax(
    backend: TorchBackend, x: Any, *, filter_size: Any, strides: Any, pad: Any, include_batch_in_index: bool
) -> list[TensorInfo]:
    """The max pool and, for each output, the flat index of its maximum in the input:
    ((b * height + row) * width + col) * channels + channel, the batch term only with
    `include_batch_in_index`; -1 where the window holds no number."""
    info = compute_pool2d_info(x.shape, filter_size, strides, (1, 1), pad)
    device = backend.device
    if empty_output(info):
        zeros = torch.zeros(info.out_shape, device=device)
        return [backend.make_output(zeros, x.dtype), backend.make_output(zeros, "int32")]
    best, where = max_pool_values(backend.tensor(x), info, indices=True)
    left, right, top, _ = padding_to_output(info)
    padded_width = info.in_width + left + right
    row, col = where // padded_width - top, where % padded_width - left
    channels = info.in_channels
    index = (row * info.in_width + col) * channels + torch.arange(channels, device=device)[:, None, None]
    if include_batch_in_index:
        batch = torch.arange(info.batch_size, device=device)[:, None, None, None]
        index = index + batch * (info.in_height * info.in_width * channels)
    index = torch.where(best == float("-inf"), -1, index)
    return [
        backend.make_output(to_storage(from_channels_first(best, info), x.dtype), x.dtype),
        backend.make_output(from_channels_first(index, info), "int32"),
    ]


def _pool_grad_kernel(mode: str, dims: int) -> Callable[..., TensorInfo]:
    """AvgPoolGrad/MaxPoolGrad (`dims` 2) or AvgPool3DGrad: the gradient of `input` from
    `dy`. avg: each output's dy spread over its window, divided by the full window size;
    max: each output's dy to its window's first maximum (2-D)."""

    def pool_grad(
        backend: TorchBackend,
        dy: Any,
        input: Any,  # noqa: A002
        output: Any = None,
        *,
        filter_size: Any,
        strides: Any,
        pad: Any,
        dim_rounding_mode: Any = None,
    ) -> TensorInfo:
        info: Any
        if dims == 2:
            info = compute_pool2d_info(input.shape, filter_size, strides, 1, pad, dim_rounding_mode)
        else:
            info = compute_pool3d_info(input.shape, filter_size, strides, 1, pad, dim_rounding_mode)
        if empty_output(info):
            return backend.make_output(torch.zeros(input.shape, device=backend.device), "float32")
        # TF.js's gradients read the outputs its truncated output shape has
        grads = backend.tensor(dy)[tuple(slice(0, o) for o in info.out_shape)].to(torch.float32)
        grads = channels_first(grads, info)
        w = window(info)
        sizes = padded_sizes(w.in_sizes, padding_to_output(info))
        if mode == "avg":
            ones = torch.full((info.in_channels, 1, *w.filter_sizes), 1 / math.prod(w.filter_sizes))
            grad = nn_grad.conv2d_input if dims == 2 else nn_grad.conv3d_input
            size = (grads.shape[0], info.in_channels, *sizes)
            dx = grad(size, ones.to(grads.device), grads, stride=w.strides, groups=info.in_channels)
        else:
            best, where = max_pool_values(backend.tensor(input), info, indices=True)
            grads = torch.where(best == float("-inf"), 0.0, grads)  # no number in the window: none
            flat = torch.zeros((*grads.shape[:2], math.prod(sizes)), device=grads.device)
            dx = flat.scatter_add_(2, where.flatten(2), grads.flatten(2)).reshape(*grads.shape[:2], *sizes)
        return backend.make_output(from_channels_first(unpadded(dx, info), info), "float32")

    return pool_grad


def _tap_slices(w: Any) -> list[tuple[slice, ...]]:
    """For each window position (row-major), the strided slices of the padded input it
    reads at every output."""
    taps = itertools.product(*(range(f) for f in w.filter_sizes))
    return [
        tuple(slice(i, i + (o - 1) * s + 1, s) for i, o, s in zip(tap, w.out_sizes, w.strides, strict=True))
        for tap in taps
    ]


@torch_kernel(MAX_POOL_3D_GRAD)
def max_pool3d_grad(
    backend: TorchBackend,
    dy: Any,
    input: Any,  # noqa: A002
    output: Any = None,
    *,
    filter_size: Any,
    strides: Any,
    pad: Any,
    dim_rounding_mode: Any = None,
) -> TensorInfo:
    """Each output's dy to the LAST position holding its window's maximum (TF.js's 3-D
    `pixel >= max` from -Infinity: NaN never, -Infinity can; pads are never read)."""
    info = compute_pool3d_info(input.shape, filter_size, strides, 1, pad, dim_rounding_mode)
    if empty_output(info):
        return backend.make_output(torch.zeros(input.shape, device=backend.device), "float32")
    values = padded_to_output(channels_first(backend.tensor(input), info).double(), info, float("nan"))
    grads = channels_first(backend.tensor(dy)[tuple(slice(0, o) for o in info.out_shape)], info).double()
    taps = _tap_slices(window(info))
    best = torch.full(grads.shape, float("-inf"), dtype=torch.float64, device=grads.device)
    where = torch.full(grads.shape, -1, dtype=torch.long, device=grads.device)
    for k, tap in enumerate(taps):
        value = values[(slice(None), slice(None), *tap)]
        taken = value >= best  # NaN never
        best, where = torch.where(taken, value, best), torch.where(taken, k, where)
    dx = torch.zeros(values.shape, dtype=torch.float64, device=grads.device)
    for k, tap in enumerate(taps):
        dx[(slice(None), slice(None), *tap)] += torch.where(where == k, grads, 0.0)
    return backend.make_output(from_channels_first(unpadded(dx, info), info), "float32")


register_torch_kernel(AVG_POOL_GRAD, _pool_grad_kernel("avg", 2))
register_torch_kernel(MAX_POOL_GRAD, _pool_grad_kernel("max", 2))
register_torch_kernel(AVG_POOL_3D_GRAD, _pool_grad_kernel("avg", 3))
