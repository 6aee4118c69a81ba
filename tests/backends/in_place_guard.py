"""A check that no kernel of the `torch` backend writes into a buffer it was given.

The `cpu` backend needs no such check: it stores every buffer as a read-only NumPy array,
so a kernel writing into an input raises at once. A torch tensor cannot be made
read-only; instead, every in-place torch operation bumps the version counter that a
tensor shares with all its views (`Tensor._version`). `guard_torch_kernels` snapshots
the counters of each kernel's stored inputs (and of the values derived from them, such
as a filter in torch's layout) and fails the kernel that changed one, naming it.

Turn it on for a whole sweep as a pytest plugin:

    python3 -m pytest -p tests.backends.in_place_guard tests/ops -n 2
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import Any

import pytest


class InPlaceWriteError(AssertionError):
    """A kernel wrote into one of its inputs' buffers (shared by reshapes and clones)."""


def _input_tensors(inputs: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    for name, value in inputs.items():
        items = value if isinstance(value, (list, tuple)) else [value]
        for item in items:
            if hasattr(item, "data_id"):
                yield name, item


def _stored_versions(backend: Any, inputs: Mapping[str, Any]) -> list[tuple[str, Any, int]]:
    """(input name, stored torch tensor, its version) of every input held on the device,
    and of the values derived from it."""
    import torch

    snapshot = []
    for name, info in _input_tensors(inputs):
        stored = backend.data.get(info.data_id)
        held = [stored, *backend._derived.get(info.data_id, {}).values()]
        snapshot += [(name, tensor, tensor._version) for tensor in held if isinstance(tensor, torch.Tensor)]
    return snapshot


@contextlib.contextmanager
def guard_torch_kernels() -> Iterator[None]:
    """While open, a torch kernel that writes into an input's buffer raises
    InPlaceWriteError (after it ran: the check is for tests, not a recovery)."""
    from tfjs.backends.torch.backend_torch import TorchBackend
    from tfjs.backends.torch.registry import KERNEL_NAMES

    unguarded = TorchBackend.execute

    def execute(self: Any, kernel_func: Any, inputs: Mapping[str, Any], attrs: Mapping[str, Any]) -> Any:
        before = _stored_versions(self, inputs)
        result = unguarded(self, kernel_func, inputs, attrs)
        for name, tensor, version in before:
            if tensor._version != version:
                kernel = KERNEL_NAMES.get(kernel_func, getattr(kernel_func, "__qualname__", "a kernel"))
                raise InPlaceWriteError(f"torch kernel {kernel} wrote into the buffer of its input '{name}'")
        return result

    TorchBackend.execute = execute  # type: ignore[method-assign]
    try:
        yield
    finally:
        TorchBackend.execute = unguarded  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def _torch_kernels_guarded() -> Iterator[None]:
    """(as a plugin, `-p tests.backends.in_place_guard`) every test runs guarded."""
    try:
        import torch  # noqa: F401
    except ModuleNotFoundError:  # PyTorch, an optional dependency, is not installed
        yield
        return
    with guard_torch_kernels():
        yield
