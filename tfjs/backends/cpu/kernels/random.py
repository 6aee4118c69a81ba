"""Kernels that draw random numbers: Multinomial (the other random ops are written in the
ops, on the seeded streams of tfjs/backend_util/random_streams.py, as TF.js writes them)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs.backend_util.random_streams import Alea, seed_string
from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.kernel_names import MULTINOMIAL
from tfjs.kernel_registry import kernel


@kernel(MULTINOMIAL, "cpu")
def multinomial(
    backend: CpuBackend, logits: Any, *, num_samples: int, seed: float | str, normalized: bool
) -> TensorInfo:
    """TF.js's cpu Multinomial: each row's float32 running sum of probabilities (softmax of
    the logits unless `normalized`) is searched for the first entry above each draw; every
    row draws the same stream, Alea seeded with `String(seed)`."""
    values = backend.values(logits)
    probabilities = values.astype(np.float32) if normalized else _softmax(values)
    # The last event is not in the running sum: it is what no other event took.
    cdf = np.cumsum(probabilities[:, :-1], axis=1, dtype=np.float32).astype(np.float64)
    draws = Alea(seed_string(seed, zero_is_random=False)).uniforms(num_samples)
    return backend.make_output(_first_above(cdf, draws), "int32")


def _first_above(cdf: np.ndarray, draws: np.ndarray) -> np.ndarray:
    """For each row of `cdf` and each draw r: the first event whose cdf entry is above r,
    else the event after the last entry."""
    batch, entries = cdf.shape
    out = np.empty((batch, draws.size), np.int64)
    # A non-decreasing row: the event is the number of entries at most r, counted for all
    # draws at once from where each entry falls among the sorted draws.
    monotone = np.all(np.diff(cdf, axis=1) >= 0, axis=1) & ~np.isnan(cdf).any(axis=1)
    rows = cdf[monotone]
    order = np.argsort(draws, kind="stable")
    falls = np.searchsorted(draws[order], rows, side="left")
    width = draws.size + 1
    flat = (np.arange(rows.shape[0])[:, None] * width + falls).reshape(-1)
    counts = np.bincount(flat, minlength=rows.shape[0] * width).reshape(rows.shape[0], width)
    out_rows = np.empty((rows.shape[0], draws.size), np.int64)
    out_rows[:, order] = np.cumsum(counts[:, :-1], axis=1)
    out[monotone] = out_rows
    if not monotone.all():  # negative or NaN probabilities: compare with every entry
        taken = draws[None, :, None] < cdf[~monotone][:, None, :]
        out[~monotone] = np.where(taken.any(axis=2), taken.argmax(axis=2), entries)
    return out


def _softmax(logits: np.ndarray) -> np.ndarray:
    """The cpu Softmax kernel's steps: max, subtract, exp (rounded to float32), a sum in
    double taken in order, divide."""
    x = logits.astype(np.float64)
    shifted = (x - x.max(axis=1, keepdims=True)).astype(np.float32)
    exps = np.exp(shifted.astype(np.float64)).astype(np.float32)
    total = np.cumsum(exps, axis=1, dtype=np.float64)[:, -1:].astype(np.float32)
    return exps / total
