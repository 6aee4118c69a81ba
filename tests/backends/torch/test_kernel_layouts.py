"""The torch kernels and the memory layout their inputs come in: a compiled plan's
oneDNN Graph chains hand NHWC tensors on held channels-first, which some of torch's
kernels run several times slower on."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch")

import torch.nn.functional as F  # noqa: E402

from tfjs.backends.torch.kernels import bilinear  # noqa: E402


def test_torch_upsampling_reads_a_channels_first_held_input_channels_last(monkeypatch):
    """torch's channels-first bilinear kernel is 4 times slower than its channels-last
    one: an input held channels-first is copied channels-last first, same values."""
    held_nchw = torch.randn(1, 3, 4, 5).permute(0, 2, 3, 1)  # NHWC, channels-first in memory
    layouts = []
    interpolate = F.interpolate

    def recording(values, **kwargs):
        layouts.append(values.is_contiguous(memory_format=torch.channels_last))
        return interpolate(values, **kwargs)

    monkeypatch.setattr(F, "interpolate", recording)
    got = bilinear.torch_upsampled(held_nchw, (8, 10))
    monkeypatch.undo()
    want = bilinear.torch_upsampled(held_nchw.contiguous(), (8, 10))
    assert layouts == [True]
    assert got.shape == (1, 8, 10, 3) and got.is_contiguous()
    assert torch.equal(got, want)
