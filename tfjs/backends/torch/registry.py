"""How the `torch` kernels are registered: native kernels under TF.js's kernel names,
and the named set of kernels that still run `cpu`'s NumPy code on the host."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tfjs.kernel_registry import get_kernel, register_kernel

TORCH = "torch"
KernelFunc = Callable[..., Any]

# The kernel name of each registered torch kernel function (a function may serve several).
KERNEL_NAMES: dict[KernelFunc, str] = {}
# Kernel names computed on the host by cpu's kernel (inputs downloaded, outputs uploaded):
# the ones not ported yet. A test lists them, so the set only shrinks.
HOST_KERNELS: set[str] = set()


def register_torch_kernel(kernel_name: str, kernel_func: KernelFunc) -> None:
    """Registers a native torch kernel."""
    KERNEL_NAMES.setdefault(kernel_func, kernel_name)
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


def register_host_kernel(kernel_name: str) -> None:
    """Registers `kernel_name` on torch as cpu's kernel run on the host."""
    cpu_func = cpu_kernel_func(kernel_name)

    def run_on_host(backend: Any, **inputs_and_attrs: Any) -> Any:
        return backend.run_on_host(cpu_func, inputs_and_attrs)

    HOST_KERNELS.add(kernel_name)
    register_torch_kernel(kernel_name, run_on_host)
