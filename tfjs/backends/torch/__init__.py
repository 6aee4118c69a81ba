"""The `torch` backend: tensor data held as PyTorch tensors on a device (a GPU when
there is one, the CPU otherwise), kernels computed by PyTorch with TF.js's semantics.

It is registered when tfjs is imported, above `cpu`, so it is the default wherever
PyTorch starts (`TFJS_BACKEND=cpu` in the environment picks `cpu` instead); where it
does not, `set_backend('torch')` returns False, the reason is logged and `cpu` stays.
Registering imports nothing heavy: the factory imports `torch` and the kernel modules
when the backend is first started, so `import tfjs` stays torch-free.
"""

from __future__ import annotations

from tfjs.backends.backend import KernelBackend
from tfjs.engine import ENGINE

TORCH = "torch"
TORCH_PRIORITY = 2


def _make_torch_backend() -> KernelBackend:
    """Starts the backend: fails (and the engine logs why) when PyTorch is missing."""
    from tfjs.backends.torch import kernels
    from tfjs.backends.torch.backend_torch import TorchBackend

    return TorchBackend()


def register_torch_backend() -> bool:
    """Registers the `torch` backend's factory (priority 2, above `cpu`); False when it
    is registered already."""
    if TORCH in ENGINE.registered_backends():
        return False
    return ENGINE.register_backend(TORCH, _make_torch_backend, priority=TORCH_PRIORITY)


register_torch_backend()
