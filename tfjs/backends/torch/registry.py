"""How the `torch` kernels are registered: under TF.js's kernel names, each function
remembering its name (for errors, and for running cpu's kernel where an input is a
string)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tfjs.kernel_registry import get_kernel, register_kernel

TORCH = "torch"
KernelFunc = Callable[..., Any]

# The kernel name of each registered torch kernel function (one name per function).
KERNEL_NAMES: dict[KernelFunc, str] = {}


def register_torch_kernel(kernel_name: str, kernel_func: KernelFunc) -> None:
    """Registers a torch kernel."""
    if KERNEL_NAMES.setdefault(kernel_func, kernel_name) != kernel_name:
        raise ValueError(
            f"register_torch_kernel: {kernel_func!r} is the kernel of {KERNEL_NAMES[kernel_func]}"
        )
    register_kernel(kernel_name, TORCH, kernel_func)


def torch_kernel(kernel_name: str) -> Callable[[KernelFunc], KernelFunc]:
    """Decorator form of `register_torch_kernel`."""

    def register(kernel_func: KernelFunc) -> KernelFunc:
        register_torch_kernel(kernel_name, kernel_func)
        return kernel_func

    return register


def cpu_kernel_func(kernel_name: str) -> KernelFunc:
    """`cpu`'s kernel for `kernel_name` (the reference the host path runs)."""
    config = get_kernel(kernel_name, "cpu")
    if config is None:
        raise NotImplementedError(f"Kernel '{kernel_name}' has no cpu kernel to run on the host")
    return config.kernel_func
