"""What `tf.memory()` adds on the torch backend: TF.js's WebGL keys in snake_case where
the device is a GPU, and `unreliable` with its reason where PyTorch's caching allocator
holds more than the tensors' buffers. On the CPU device the counts are exact and no GPU
key applies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

# (bytes in live torch tensors, bytes the caching allocator holds) on a device.
AllocatorBytes = Callable[[torch.device], tuple[int, int]]


def cuda_allocator_bytes(device: torch.device) -> tuple[int, int]:
    """PyTorch's CUDA allocator on `device`: bytes allocated to tensors, bytes reserved."""
    return torch.cuda.memory_allocated(device), torch.cuda.memory_reserved(device)


def allocator_bytes_for(device: torch.device) -> AllocatorBytes | None:
    """How to ask `device`'s caching allocator (None on the CPU: nothing is cached)."""
    return cuda_allocator_bytes if device.type == "cuda" else None


def device_memory_info(tensor_bytes: int, allocator: tuple[int, int] | None) -> dict[str, Any]:
    """TF.js's WebGL memory keys from the tensors' bytes and the allocator's
    `(allocated, reserved)` bytes (None on the CPU device: exact, no GPU keys).

    >>> device_memory_info(64, (1024, 4096))["num_bytes_in_gpu_free"]
    3072
    """
    if allocator is None:
        return {"unreliable": False, "reasons": []}
    allocated, reserved = allocator
    info: dict[str, Any] = {
        "num_bytes_in_gpu": tensor_bytes,
        "num_bytes_in_gpu_allocated": reserved,
        "num_bytes_in_gpu_free": reserved - allocated,
        "unreliable": reserved > tensor_bytes,
        "reasons": [],
    }
    if info["unreliable"]:
        info["reasons"].append(
            f"PyTorch's CUDA caching allocator holds {reserved} bytes, {reserved - tensor_bytes} "
            f"more than the tensors' {tensor_bytes} (freed blocks kept for reuse, converted "
            "filters and kernel workspaces)"
        )
    return info
