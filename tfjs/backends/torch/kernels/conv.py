"""2-D convolutions: Conv2D, DepthwiseConv2dNative and their input and filter gradients,
as torch convolutions in float32 (no TF32) on channels-last data held channels-last;
the N-d bodies serve conv3d.py too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import torch
import torch.nn.functional as F
from torch.nn import grad as nn_grad

from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import NO_NEGATIVE_ZERO, TorchBackend
from tfjs.backends.torch.kernels.conv_algorithms import (
    ConvCall,
    PackedWeight,
    pack_weight,
    run_conv,
    transposed_conv,
    zero_bias,
)
from tfjs.backends.torch.kernels.conv_shifted import (
    ShiftedFilters,
    ShiftedWindow,
    check_total,
    shifted_window,
    with_leading_zero_taps,
)
from tfjs.backends.torch.kernels.conv_util import (
    TorchWindow,
    channels_first,
    conv2d_info,
    empty_output,
    from_channels_first,
    once_per_info,
    padded_sizes,
    padded_to_output,
    padding_to_output,
    torch_window,
    unpadded,
    window,
)
from tfjs.backends.torch.kernels.pad import border_padded
from tfjs.backends.torch.registry import register_torch_kernel
from tfjs.backends.torch.tracing import laid_out, traced
from tfjs.kernel_names import (
    CONV2D,
    CONV2D_BACKPROP_FILTER,
    CONV2D_BACKPROP_INPUT,
    DEPTHWISE_CONV2D_NATIVE,
    DEPTHWISE_CONV2D_NATIVE_BACKPROP_FILTER,
    DEPTHWISE_CONV2D_NATIVE_BACKPROP_INPUT,
)

_MEMORY_FORMATS = {4: torch.channels_last, 5: torch.channels_last_3d}


def torch_filter(w: torch.Tensor, depthwise: bool) -> torch.Tensor:
    """A TF.js filter ([*sizes, in, out] or depthwise [fh, fw, in, multiplier]) as torch's
    [out, in / groups, *sizes], channels-last: depthwise output channel c * multiplier + q
    is input channel c through w[..., c, q]."""
    if depthwise:
        fh, fw, channels, multiplier = w.shape
        w = w.reshape(fh, fw, 1, channels * multiplier)
    spatial = w.dim() - 2
    return w.permute(spatial + 1, spatial, *range(spatial)).contiguous(memory_format=_MEMORY_FORMATS[w.dim()])


def _geometry(info: Any) -> dict[str, Any]:
    w = window(info)
    return {"stride": w.strides, "dilation": w.dilations}


def _groups(info: Any, depthwise: bool) -> int:
    return info.in_channels if depthwise else 1


def work_dtype(dtype: str) -> torch.dtype:
    """A convolution's arithmetic: float32, float64 for other dtypes (whose sums TF.js
    stores as integers)."""
    return torch.float32 if dtype == "float32" else torch.float64


def filter_of(backend: TorchBackend, filter: Any, depthwise: bool, work: torch.dtype) -> torch.Tensor:  # noqa: A002
    """A kernel's TF.js filter in torch's layout, converted once per buffer."""
    return backend.derived(filter, ("filter", depthwise, work), lambda w: torch_filter(w.to(work), depthwise))


def conv_values(
    x: torch.Tensor,
    w: torch.Tensor,
    info: Any,
    depthwise: bool = False,
    bias: torch.Tensor | None = None,
    packed: PackedWeight | None = None,
    measured: bool = True,
    shifted: ShiftedFilters | None = None,
) -> torch.Tensor:
    """The convolution of `x` (in info's data format) with `w` (a filter in torch's
    layout, `filter_of`), plus `bias` (one value per output channel, in `w`'s dtype, with
    no -0: `conv_bias`; default zeros), shaped info.out_shape, in `w`'s dtype. A fresh
    tensor with no -0: TF.js's sums start from +0, and torch adds the bias (at least +0)
    to each sum as it stores it, which turns a sum of -0 terms into +0. A 2-D one runs
    by the algorithm that measured fastest for its shapes (conv_algorithms.py; `packed`
    gives `w` in oneDNN's blocked layout; not `measured`: torch's own; `shifted`: a
    depthwise one padded more after than before runs as conv_shifted.py's form)."""
    work = w.dtype
    plan = _conv_plan(info, depthwise, x.dim())
    if plan is None:
        values = torch.zeros(info.out_shape, dtype=work, device=x.device)
        return values if bias is None else values.add_(_per_channel(bias, info))
    tw = plan.window
    xs = x if x.dtype == work else x.to(work)
    if plan.channels_last:
        xs = xs.permute(plan.to_channels_first)
    bias = zero_bias(w.shape[0], work, w.device) if bias is None else bias
    y = None
    if (
        plan.shifted is not None
        and work == torch.float32
        and shifted is not None
        and shifted.checks.can_check()
    ):
        call = ConvCall(
            laid_out(xs, plan.memory_format),
            shifted.filter(plan.shifted.lead),
            bias,
            tw.stride,
            plan.shifted.padding,
            tw.dilation,
            plan.groups,
        )
        y = run_conv(call, packed, measured)
        y = y if shifted.checks.stands_if_finite(check_total(y)) else None  # see conv_shifted.py
    if y is None:
        if tw.crop is not None:
            xs = xs[tw.crop]
        if tw.pads is not None:
            xs = border_padded(xs, tw.pads)
        call = ConvCall(
            laid_out(xs, plan.memory_format),
            w,
            bias,
            tw.stride,
            tw.padding,
            tw.dilation,
            plan.groups,
        )
        y = run_conv(call, packed, measured) if x.dim() == 4 else F.conv3d(*call)
    return laid_out(y.permute(plan.from_channels_first) if plan.channels_last else y, torch.contiguous_format)


class _ConvPlan(NamedTuple):
    """How `conv_values` runs one conv info, worked out once per info."""

    window: TorchWindow
    memory_format: torch.memory_format
    groups: int
    channels_last: bool
    to_channels_first: tuple[int, ...]
    from_channels_first: tuple[int, ...]
    shifted: ShiftedWindow | None  # a depthwise 2-D one's form without a padded copy


# {id(info): (info, its plan or None: an empty output)}, for depthwise False and True.
_CONV_PLANS: dict[bool, dict[int, tuple[Any, _ConvPlan | None]]] = {False: {}, True: {}}


def _conv_plan(info: Any, depthwise: bool, dims: int) -> _ConvPlan | None:
    def make(info: Any) -> _ConvPlan | None:
        if empty_output(info):
            return None
        kernel_name = "DepthwiseConv2dNative" if depthwise else ("Conv2D" if dims == 4 else "Conv3D")
        tw = torch_window(info, kernel_name)
        return _ConvPlan(
            tw,
            _MEMORY_FORMATS[dims],
            _groups(info, depthwise),
            info.data_format != "channelsFirst",
            (0, dims - 1, *range(1, dims - 1)),
            (0, *range(2, dims), 1),
            shifted_window(tw) if depthwise and dims == 4 else None,
        )

    return once_per_info(_CONV_PLANS[depthwise], info, make)


def _per_channel(bias: torch.Tensor, info: Any) -> torch.Tensor:
    """A [channels] bias lined up with an output in info's data format."""
    if info.data_format == "channelsFirst":
        return bias.reshape(-1, *([1] * (len(info.out_shape) - 2)))
    return bias


def conv_bias(backend: TorchBackend, bias: Any, out_channels: int, work: torch.dtype) -> torch.Tensor:
    """A fused kernel's bias (one value, or one per output channel) as `conv_values`
    takes it: [out_channels] in `work`'s dtype, -0 as +0 (either gives TF.js's sum,
    which is +0 where the convolution's is), made once per buffer."""

    def make(values: torch.Tensor) -> torch.Tensor:
        return values.reshape(-1).to(work).expand(out_channels) + 0.0

    return backend.derived(bias, ("conv bias", out_channels, work), make)


def backprop_input_values(
    dy: torch.Tensor, w: torch.Tensor, info: Any, depthwise: bool = False
) -> torch.Tensor:
    """The gradient of a convolution with respect to its input, float32 in info's format."""
    if empty_output(info):
        return torch.zeros(info.in_shape, device=dy.device)
    dys = channels_first(dy.to(torch.float32), info)
    sizes = padded_sizes(window(info).in_sizes, padding_to_output(info))
    filters = torch_filter(w.to(torch.float32), depthwise)
    groups = _groups(info, depthwise)
    if traced():  # torch's tracer cannot record convolution_backward
        padded = transposed_conv(dys, filters, sizes, groups=groups, **_geometry(info))
    else:
        grad = nn_grad.conv2d_input if dys.dim() == 4 else nn_grad.conv3d_input
        in_shape = (dys.shape[0], info.in_channels, *sizes)
        padded = grad(in_shape, filters, dys, groups=groups, **_geometry(info))
    return laid_out(from_channels_first(unpadded(padded, info), info), torch.contiguous_format)


def backprop_filter_values(
    x: torch.Tensor, dy: torch.Tensor, info: Any, depthwise: bool = False
) -> torch.Tensor:
    """The gradient of a convolution with respect to its TF.js filter, float32."""
    *sizes, channels, last = info.filter_shape
    if empty_output(info):
        return torch.zeros(info.filter_shape, device=x.device)
    out_channels = channels * last if depthwise else last
    grad = nn_grad.conv2d_weight if len(sizes) == 2 else nn_grad.conv3d_weight
    dw = grad(
        padded_to_output(channels_first(x.to(torch.float32), info), info, kernel_name="Conv2DBackpropFilter"),
        (out_channels, 1 if depthwise else channels, *sizes),
        channels_first(dy.to(torch.float32), info),
        groups=_groups(info, depthwise),
        **_geometry(info),
    )
    if depthwise:
        return dw.reshape(channels, last, *sizes).permute(2, 3, 0, 1).contiguous()
    spatial = len(sizes)
    return dw.permute(*range(2, 2 + spatial), 1, 0).contiguous()


def forward_values(
    depthwise: bool,
    backend: TorchBackend,
    x: Any,
    filter: Any,  # noqa: A002 (TF.js's input name)
    *,
    strides: Any,
    pad: Any,
    data_format: str,
    dilations: Any,
    dim_rounding_mode: str | None,
    bias: Any = None,
) -> torch.Tensor:
    """A Conv2D-like kernel's result (also what the fused kernels start from), plus
    `bias` (a kernel input that `conv_bias` takes) when given."""
    # The kernel runs after its op checked these attributes, so equal values give the
    # same geometry: a tuple key costs a fraction of conv2d_info's own (repr) key. While
    # traced, sizes are tensors, which hash by identity and print slowly: ints.
    x_shape = tuple(int(size) for size in x.shape) if traced() else x.shape
    key = (depthwise, x_shape, filter.shape, _flat(strides), _flat(pad), data_format, _flat(dilations))
    try:
        info = _FORWARD_INFOS.get((key, dim_rounding_mode))
    except TypeError:  # an explicit padding: lists in a list
        frozen = (_frozen(strides), _frozen(pad), data_format, _frozen(dilations))
        key = (depthwise, x_shape, filter.shape, *frozen)
        info = _FORWARD_INFOS.get((key, dim_rounding_mode))
    if info is None:
        info = conv2d_info(
            x_shape, filter.shape, strides, pad, data_format, dilations, dim_rounding_mode, depthwise
        )
        if len(_FORWARD_INFOS) >= 4096:
            _FORWARD_INFOS.clear()
        _FORWARD_INFOS[(key, dim_rounding_mode)] = info
    work = work_dtype(x.dtype)
    w = filter_of(backend, filter, depthwise, work)
    if bias is not None:
        bias = conv_bias(backend, bias, info.out_channels, work)
    if work != torch.float32 or not backend.measure_convolutions:
        return conv_values(backend.tensor(x), w, info, depthwise, bias, measured=False)

    def packed(call: ConvCall) -> torch.Tensor:
        key = ("packed filter", depthwise, tuple(call.x.shape), call.stride, call.padding, call.dilation)
        return backend.derived(filter, key, lambda _: pack_weight(call))

    def shifted_filter(lead: tuple[int, ...]) -> torch.Tensor:
        return backend.derived(filter, ("shifted filter", lead), lambda _: with_leading_zero_taps(w, lead))

    shifted = ShiftedFilters(shifted_filter, backend.checks) if depthwise else None
    return conv_values(backend.tensor(x), w, info, depthwise, bias, packed, shifted=shifted)


_FORWARD_INFOS: dict[tuple[Any, ...], Any] = {}


def _flat(value: Any) -> Any:
    """A list attribute as a tuple (lists in it stay lists)."""
    return tuple(value) if type(value) is list else value


def _frozen(value: Any) -> Any:
    """A list attribute (and lists in it) as tuples, to key a dict."""
    if not isinstance(value, (list, tuple)):
        return value
    return tuple(_frozen(item) if isinstance(item, (list, tuple)) else item for item in value)


def _forward_kernel(depthwise: bool) -> Callable[..., TensorInfo]:
    def run(backend: TorchBackend, x: Any, filter: Any, **attrs: Any) -> TensorInfo:  # noqa: A002
        output = backend.make_output(forward_values(depthwise, backend, x, filter, **attrs), x.dtype)
        return backend.mark(output, NO_NEGATIVE_ZERO) if x.dtype == "float32" else output

    return run


def _backprop_input_kernel(depthwise: bool) -> Callable[..., TensorInfo]:
    def run(
        backend: TorchBackend,
        dy: Any,
        filter: Any,  # noqa: A002 (TF.js's input name)
        *,
        input_shape: Any,
        strides: Any,
        pad: Any,
        dim_rounding_mode: str | None,
        data_format: str = "NHWC",
        dilations: Any = 1,
    ) -> TensorInfo:
        info = conv2d_info(
            input_shape, filter.shape, strides, pad, data_format, dilations, dim_rounding_mode, depthwise
        )
        values = backprop_input_values(backend.tensor(dy), backend.tensor(filter), info, depthwise)
        return backend.make_output(values, "float32")

    return run


def _backprop_filter_kernel(depthwise: bool) -> Callable[..., TensorInfo]:
    def run(
        backend: TorchBackend,
        x: Any,
        dy: Any,
        *,
        filter_shape: Any,
        strides: Any,
        pad: Any,
        dim_rounding_mode: str | None,
        data_format: str = "NHWC",
        dilations: Any = 1,
    ) -> TensorInfo:
        info = conv2d_info(
            x.shape, filter_shape, strides, pad, data_format, dilations, dim_rounding_mode, depthwise
        )
        values = backprop_filter_values(backend.tensor(x), backend.tensor(dy), info, depthwise)
        return backend.make_output(values, "float32")

    return run


register_torch_kernel(CONV2D, _forward_kernel(False))
register_torch_kernel(DEPTHWISE_CONV2D_NATIVE, _forward_kernel(True))
register_torch_kernel(CONV2D_BACKPROP_INPUT, _backprop_input_kernel(False))
register_torch_kernel(DEPTHWISE_CONV2D_NATIVE_BACKPROP_INPUT, _backprop_input_kernel(True))
register_torch_kernel(CONV2D_BACKPROP_FILTER, _backprop_filter_kernel(False))
register_torch_kernel(DEPTHWISE_CONV2D_NATIVE_BACKPROP_FILTER, _backprop_filter_kernel(True))
