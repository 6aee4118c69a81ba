"""A depthwise convolution whose SAME padding is larger after than before (stride 2 on an
even size: none before, one after), run without copying its input into a padded one.

torch pads both ends alike. With the larger padding at both ends and the filter given
as many leading zero taps as the two paddings differ, each window starts where TF.js's
does and reads the same inputs with the same weights, plus one input before them with a
zero weight. On finite inputs that adds zeros, the same sums; an Infinity or NaN times
zero would make a NaN where TF.js's sum has none. Every input a zero tap reads is one
that TF.js's windows read too, with a real weight, so such an input leaves a non-finite
value in TF.js's output, and in this one: the output's sum is checked (eagerly, or as
a traced plan's check, whose failure runs the call's kernels one by one) and a
non-finite one gives the call to the padded copy.

For a depthwise convolution, memory-bound, the extra taps cost less than the copy
(about half the time on MobileNet's 64x256x256 and 192x128x128 layers).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import torch
import torch.nn.functional as F

from tfjs.backends.torch.deferred_checks import ValueChecks
from tfjs.backends.torch.kernels.conv_util import TorchWindow


class ShiftedWindow(NamedTuple):
    """Zero taps before the filter on each spatial axis, and torch's padding then."""

    lead: tuple[int, ...]
    padding: tuple[int, ...]


class ShiftedFilters(NamedTuple):
    """What a depthwise kernel lends `conv_values` for the shifted form: its filter with
    leading zero taps (`filter(lead)`, made once per buffer) and the backend's checks."""

    filter: Callable[[tuple[int, ...]], torch.Tensor]
    checks: ValueChecks


def shifted_window(window: TorchWindow) -> ShiftedWindow | None:
    """The shifted form of a window whose only copy is trailing padding (F.pad's list
    [0, after, 0, after, ...]); None where there is none, or a difference is not a
    whole number of dilated taps."""
    if window.pads is None or window.crop is not None:
        return None
    extra = list(reversed(window.pads[1::2]))  # outermost spatial axis first
    if any(window.pads[0::2]) or len(extra) != len(window.padding):
        return None
    if any(more % dilation for more, dilation in zip(extra, window.dilation, strict=True)):
        return None
    lead = tuple(more // dilation for more, dilation in zip(extra, window.dilation, strict=True))
    padding = tuple(before + more for before, more in zip(window.padding, extra, strict=True))
    return ShiftedWindow(lead, padding)


def check_total(y: torch.Tensor) -> torch.Tensor:
    """The shifted form's float32 output summed whole, in float32 (`stands_if_finite`'s
    total). Its traced spelling, `aten::sum(y, dtype=Float)`, is how oneDNN Graph's
    respelling finds the check (`onednn_graph._drop_checks_of_clamped_inputs`): no other
    kernel sums a whole tensor with a dtype."""
    return y.sum(dtype=torch.float32)


def with_leading_zero_taps(w: torch.Tensor, lead: tuple[int, ...]) -> torch.Tensor:
    """A torch-layout filter [out, in, *sizes] with `lead` zero taps before each size."""
    pads = [amount for taps in reversed(lead) for amount in (taps, 0)]
    return F.pad(w, pads).contiguous(memory_format=torch.channels_last)
