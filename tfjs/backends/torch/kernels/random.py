"""Multinomial: TF.js's seeded stream (Alea seeded with `String(seed)`) is drawn on the
host and uploaded once; the probabilities, their running sums and the search run on the
device."""

from __future__ import annotations

from typing import Any

import torch

from tfjs.backend_util.random_streams import Alea, seed_string
from tfjs.backends.backend import TensorInfo
from tfjs.backends.torch.backend_torch import TorchBackend
from tfjs.backends.torch.registry import torch_kernel
from tfjs.kernel_names import MULTINOMIAL


def softmax_rows(logits: torch.Tensor) -> torch.Tensor:
    """The cpu Softmax kernel's steps: max, subtract (float32), exp (rounded to float32),
    a sum in double, divide."""
    x = logits.double()
    shifted = (x - x.amax(1, keepdim=True)).to(torch.float32)
    exps = torch.exp(shifted.double()).to(torch.float32)
    return exps / exps.sum(1, keepdim=True, dtype=torch.float64).to(torch.float32)


@torch_kernel(MULTINOMIAL)
def multinomial(
    backend: TorchBackend, logits: Any, *, num_samples: int, seed: float | str, normalized: bool
) -> TensorInfo:
    """TF.js's cpu Multinomial: each row's float32 running sum of probabilities (softmax of
    the logits unless `normalized`) is searched for the first entry above each draw (the
    event after the last entry when none is); every row draws the same stream."""
    values = backend.tensor(logits)
    probabilities = values.to(torch.float32) if normalized else softmax_rows(values)
    # The last event is not in the running sum: it is what no other event took.
    cdf = torch.cumsum(probabilities[:, :-1], 1, dtype=torch.float32).double()
    draws = Alea(seed_string(seed, zero_is_random=False)).uniforms(num_samples)
    draws_on_device = torch.as_tensor(draws, device=values.device)
    if cdf.shape[1] == 0:  # one event: every draw takes it
        events = torch.zeros((cdf.shape[0], num_samples), dtype=torch.int32, device=values.device)
        return backend.make_output(events, "int32")
    taken = draws_on_device[None, :, None] < cdf[:, None, :]  # [batch, samples, entries]
    first = taken.to(torch.uint8).argmax(2)
    events = torch.where(taken.any(2), first, cdf.shape[1])
    return backend.make_output(events, "int32")
