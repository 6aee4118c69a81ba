"""The kernels not ported to torch yet: each runs cpu's NumPy kernel on the host (its
inputs downloaded, its outputs uploaded)."""

from __future__ import annotations

from tfjs.backends.torch.backend_torch import FORWARDED_KERNELS
from tfjs.backends.torch.registry import TORCH, register_host_kernel
from tfjs.kernel_registry import get_kernel, get_kernels_for_backend


def register_host_kernels() -> None:
    """Registers every cpu kernel name that has no torch kernel and is not forwarded to
    `cpu` (run after the native kernel modules are imported)."""
    for config in get_kernels_for_backend("cpu"):
        name = config.kernel_name
        if name not in FORWARDED_KERNELS and get_kernel(name, TORCH) is None:
            register_host_kernel(name)
