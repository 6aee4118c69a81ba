"""The kernels not ported to torch yet: each runs cpu's NumPy kernel on the host (its
inputs downloaded, its outputs uploaded). Imported last, it registers every cpu kernel
name that has no native torch kernel and is not forwarded to `cpu`."""

from __future__ import annotations

from tfjs.backends.torch.backend_torch import FORWARDED_KERNELS
from tfjs.backends.torch.registry import TORCH, register_host_kernel
from tfjs.kernel_registry import get_kernel, get_kernels_for_backend

for _config in get_kernels_for_backend("cpu"):
    _name = _config.kernel_name
    if _name not in FORWARDED_KERNELS and get_kernel(_name, TORCH) is None:
        register_host_kernel(_name)
