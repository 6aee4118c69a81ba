"""How a float32 2-D convolution runs on PyTorch's CPU device: of the algorithms below,
the one that measured fastest for its geometry and input shape, timed once per process
on the first call that meets them (the timing runs compute the same result).

- "onednn": torch's own convolution (oneDNN; its im2col path on some small inputs).
  oneDNN sets each call up anew, about 30 µs here however small the convolution.
- "gemm" (groups 1, no dilation): the channels-last input's windows as one matrix (a 1x1
  filter's is the input itself: no copy), times the filter as a matrix, plus the bias:
  one sgemm with none of oneDNN's set-up.
- "packed": oneDNN with the filter reordered once (per weight buffer and input shape)
  into its blocked layout. Not while a plan is traced: a TorchScript graph cannot hold
  oneDNN's layout, so a traced plan takes the faster of the other two.

They sum the same products in different orders: results differ in float32's last bits,
as between oneDNN's own algorithms. On a GPU, and for other dtypes, torch's convolution.

A traced plan's transposed convolution whose filter is as large as its stride is one
matrix product too (`tiled_transposed_conv`), and one whose filter is a whole number of
strides one convolution (`phased_transposed_conv`; `transposed_conv` picks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple

import torch
import torch.nn.functional as F

from tfjs.backends.torch.best_times import best_times
from tfjs.backends.torch.tracing import laid_out, one_op_convolutions, traced


class ConvCall(NamedTuple):
    """One convolution as torch's takes it: `x` channels-first in channels-last memory
    (already cropped and padded past torch's symmetric `padding`), `w` [out, in / groups,
    fh, fw] channels-last, `bias` [out]."""

    x: torch.Tensor
    w: torch.Tensor
    bias: torch.Tensor
    stride: tuple[int, ...]
    padding: tuple[int, ...]
    dilation: tuple[int, ...]
    groups: int


# A weight in oneDNN's blocked layout for a call's geometry, made once per weight buffer.
PackedWeight = Callable[[ConvCall], torch.Tensor]

_GEMM_MATRIX_BYTES = 16 << 20  # the largest window matrix the gemm algorithm copies
_TIMED_RUNS = 2


def _onednn(call: ConvCall, packed: PackedWeight | None) -> torch.Tensor:
    return F.conv2d(call.x, call.w, call.bias, call.stride, call.padding, call.dilation, call.groups)


def _gemm(call: ConvCall, packed: PackedWeight | None) -> torch.Tensor:
    x = call.x.permute(0, 2, 3, 1)  # NHWC, contiguous
    pad_h, pad_w = call.padding
    if pad_h or pad_w:
        x = F.pad(x, (0, 0, pad_w, pad_w, pad_h, pad_h))
    batch, height, width, channels = x.shape
    out_channels, _, filter_h, filter_w = call.w.shape
    stride_h, stride_w = call.stride
    out_h, out_w = (height - filter_h) // stride_h + 1, (width - filter_w) // stride_w + 1
    if filter_h == filter_w == 1:
        windows = x[:, ::stride_h, ::stride_w].reshape(-1, channels)
    else:
        s = x.stride()
        shape = (batch, out_h, out_w, filter_h, filter_w, channels)
        strides = (s[0], s[1] * stride_h, s[2] * stride_w, s[1], s[2], s[3])
        windows = x.as_strided(shape, strides).reshape(-1, filter_h * filter_w * channels)
    # [out, fh, fw, in] in memory: its transpose is the [fh * fw * in, out] matrix (a view)
    matrix = call.w.permute(2, 3, 1, 0).reshape(-1, out_channels)
    # linear (addmm underneath): oneDNN Graph maps it in a compiled plan, not addmm (onednn_graph.py)
    output = F.linear(windows, matrix.t(), call.bias)
    return output.view(batch, out_h, out_w, out_channels).permute(0, 3, 1, 2)


def _packed(call: ConvCall, packed: PackedWeight | None) -> torch.Tensor:
    assert packed is not None
    return torch.ops.mkldnn._convolution_pointwise(
        call.x, packed(call), call.bias, call.padding, call.stride, call.dilation, call.groups, "none", [], ""
    )


# {(channels, dtype, device): zeros}: the bias of a convolution that has none.
_ZERO_BIASES: dict[tuple[int, torch.dtype, torch.device], torch.Tensor] = {}


def zero_bias(channels: int, dtype: torch.dtype, device: torch.device) -> torch.Tensor:
    """Zeros, one per output channel, made once per channel count, dtype and device. The
    count as an int: while a plan is traced, a filter's size is a tensor, which as a key
    never matched and kept every traced plan's biases (handdetect: 82 more each load)."""
    key = (int(channels), dtype, device)
    zeros = _ZERO_BIASES.get(key)
    if zeros is None:
        zeros = _ZERO_BIASES[key] = torch.zeros(key[0], dtype=dtype, device=device)
    return zeros


def transposed_conv(
    dys: torch.Tensor,
    filters: torch.Tensor,
    sizes: Sequence[int],
    stride: tuple[int, ...],
    dilation: tuple[int, ...],
    groups: int,
) -> torch.Tensor:
    """The transposed convolution of channels-first `dys` with torch's `filters` [in, out
    / groups, ...] to the spatial `sizes`, as a traced plan runs it: tiled or phased where
    it can be (below), else torch's."""
    kernel = filters.shape[2:]
    reach = zip(dys.shape[2:], stride, dilation, kernel, strict=True)
    extra = [size - ((n - 1) * s + d * (k - 1) + 1) for size, (n, s, d, k) in zip(sizes, reach, strict=True)]
    plain = dys.dim() == 4 and set(dilation) == {1} and groups == 1 and not any(extra)
    if plain and tuple(kernel) == tuple(stride):
        return tiled_transposed_conv(dys, filters)
    if plain and all(k % s == 0 for k, s in zip(kernel, stride, strict=True)):
        return phased_transposed_conv(dys, filters, stride)
    transposed = F.conv_transpose2d if dys.dim() == 4 else F.conv_transpose3d
    return transposed(dys, filters, stride=stride, output_padding=extra, groups=groups, dilation=dilation)


def tiled_transposed_conv(dys: torch.Tensor, filters: torch.Tensor) -> torch.Tensor:
    """A 2-D transposed convolution whose filter is as large as its stride (torch's
    `filters` [in, out, fh, fw], no dilation, groups or output padding): each input pixel
    writes its own fh x fw tile of the output, one product per value. So it is one matrix
    product, the channels-last pixels times the filter as [in, fh * fw * out], and the
    tiles put in place: in a traced plan oneDNN Graph runs it as a matmul (handdetect's
    256 -> 256 channels on 8x8: 95 against 460 µs as a transposed convolution)."""
    batch, _, height, width = dys.shape
    in_channels, out_channels, filter_h, filter_w = filters.shape
    pixels = dys.permute(0, 2, 3, 1).reshape(-1, in_channels)
    matrix = filters.permute(2, 3, 1, 0).reshape(-1, in_channels)  # [fh * fw * out, in]
    tiles = F.linear(pixels, matrix).view(batch, height, width, filter_h, filter_w, out_channels)
    nhwc = tiles.permute(0, 1, 3, 2, 4, 5).reshape(batch, height * filter_h, width * filter_w, out_channels)
    return nhwc.permute(0, 3, 1, 2)


def phased_transposed_conv(
    dys: torch.Tensor, filters: torch.Tensor, strides: tuple[int, ...]
) -> torch.Tensor:
    """A 2-D transposed convolution whose filter is a whole number of `strides` on each
    axis (torch's `filters` [in, out, fh, fw], no dilation, groups or output padding) as
    one convolution: output pixel (s * m + p, ...) takes the taps p + s * a from input
    pixel m - a, so each of the s x s phases is a (fh / s) x (fw / s) correlation of the
    input padded by one less than that on both sides, with those taps reversed; the
    phases are one convolution's output channels, put in place as the tiles are. torch's
    transposed convolution sets oneDNN up on every call (efficientpose's 16 -> 16
    channels, 4x4 filter, stride 2, on 46x46: 0.73 ms, against 0.09 ms as one
    convolution; on 92x92 and 184x184 about the same time) and oneDNN Graph does not
    take it: the model 4% faster."""
    batch, _, height, width = dys.shape
    in_channels, out_channels, filter_h, filter_w = filters.shape
    stride_h, stride_w = strides
    taps_h, taps_w = filter_h // stride_h, filter_w // stride_w
    taps = filters.reshape(in_channels, out_channels, taps_h, stride_h, taps_w, stride_w).flip(2, 4)
    w = taps.permute(3, 5, 1, 0, 2, 4).reshape(-1, in_channels, taps_h, taps_w)  # [(p_h, p_w, out), in, ...]
    w = w.contiguous(memory_format=torch.channels_last)
    bias = zero_bias(w.shape[0], w.dtype, w.device)
    x = laid_out(dys, torch.channels_last)
    phases = run_conv(ConvCall(x, w, bias, (1, 1), (taps_h - 1, taps_w - 1), (1, 1), 1))
    rows, cols = height + taps_h - 1, width + taps_w - 1
    tiles = phases.permute(0, 2, 3, 1).reshape(batch, rows, cols, stride_h, stride_w, out_channels)
    nhwc = tiles.permute(0, 1, 3, 2, 4, 5).reshape(batch, rows * stride_h, cols * stride_w, out_channels)
    return nhwc.permute(0, 3, 1, 2)


def pack_weight(call: ConvCall) -> torch.Tensor:
    """`call.w` in oneDNN's blocked layout for the call's geometry."""
    return torch.ops.mkldnn._reorder_convolution_weight(
        call.w, list(call.padding), list(call.stride), list(call.dilation), call.groups, list(call.x.shape)
    )


_ALGORITHMS: dict[str, Callable[[ConvCall, PackedWeight | None], torch.Tensor]] = {
    "onednn": _onednn,
    "gemm": _gemm,
    "packed": _packed,
}

# {geometry key: {algorithm: seconds of its timed call}}
_TIMES: dict[tuple[object, ...], dict[str, float]] = {}


def run_conv(call: ConvCall, packed: PackedWeight | None = None, measured: bool = True) -> torch.Tensor:
    """The convolution of `call` (channels-first, in channels-last memory), by the
    algorithm that measured fastest for its geometry; `packed` gives the filter in
    oneDNN's blocked layout (None: that algorithm is not tried); not `measured` (the
    flag TORCH_MEASURE_CONVOLUTIONS off) or under `as_one_op_convolutions`: torch's own."""
    x = call.x
    if not measured or one_op_convolutions():
        return _onednn(call, packed)
    if x.device.type != "cpu" or x.dtype != torch.float32 or x.dim() != 4:
        return _onednn(call, packed)
    # ints: while traced, sizes are tensors (which hash by identity)
    key = (_sizes(x), _sizes(call.w), call.stride, call.padding, call.dilation, call.groups)
    times = _TIMES.get(key)
    if times is None:
        times = _measure(call, packed, _candidates(call, packed))
        if len(_TIMES) >= 4096:
            _TIMES.clear()
        _TIMES[key] = times
    tracing = traced()
    usable = {name: t for name, t in times.items() if not (tracing and name == "packed")}
    if packed is None:
        usable.pop("packed", None)
    best = min(usable, key=usable.__getitem__) if usable else "onednn"
    return _ALGORITHMS[best](call, packed)


def _sizes(tensor: torch.Tensor) -> tuple[int, ...]:
    return tuple(int(size) for size in tensor.shape)


def _candidates(call: ConvCall, packed: PackedWeight | None) -> list[str]:
    names = ["onednn"]
    if call.groups == 1 and all(d == 1 for d in call.dilation):
        out_h, out_w = _out_sizes(call)
        rows = call.x.shape[0] * out_h * out_w
        if rows * call.w[0].numel() * 4 <= _GEMM_MATRIX_BYTES or call.w.shape[2:] == (1, 1):
            names.append("gemm")
    if packed is not None and torch.backends.mkldnn.is_available():
        names.append("packed")
    return names


def _out_sizes(call: ConvCall) -> tuple[int, int]:
    sizes = []
    geometry = zip(call.x.shape[2:], call.padding, call.w.shape[2:], call.stride, call.dilation, strict=True)
    for size, pad, k, s, d in geometry:
        sizes.append((size + 2 * pad - d * (k - 1) - 1) // s + 1)
    return sizes[0], sizes[1]


def _measure(call: ConvCall, packed: PackedWeight | None, names: list[str]) -> dict[str, float]:
    """Each algorithm's best time for `call` over _TIMED_RUNS runs, taking turns, after one
    run each that sets up (and packs), outside any trace being recorded and any Python
    torch-function mode (the plan compiler's guard would add its cost per op: an algorithm
    of several ops would measure slower than it runs). An alternative that fails there (a
    build without oneDNN's ops) is not kept; torch's own is."""
    if len(names) == 1:
        return {names[0]: 0.0}
    state = torch._C._get_tracing_state()
    torch._C._set_tracing_state(None)
    try:
        with torch._C.DisableTorchFunction(), torch.no_grad():
            working = [name for name in names if _runs(name, call, packed) or name == "onednn"]
            runs = [partial(_ALGORITHMS[name], call, packed) for name in working]
            return dict(zip(working, best_times(runs, _TIMED_RUNS), strict=True))
    finally:
        torch._C._set_tracing_state(state)


def _runs(name: str, call: ConvCall, packed: PackedWeight | None) -> bool:
    try:
        _ALGORITHMS[name](call, packed)
    except Exception:
        return False
    return True
