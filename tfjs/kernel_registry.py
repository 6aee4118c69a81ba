"""The kernel and gradient registries, keyed by TF.js's kernel names."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, NamedTuple

_log = logging.getLogger("tfjs")

KernelFunc = Callable[..., Any]


class KernelConfig(NamedTuple):
    kernel_name: str
    backend_name: str
    kernel_func: KernelFunc


class GradConfig(NamedTuple):
    kernel_name: str
    grad_func: Callable[..., Any]
    save_inputs: tuple[str, ...]
    save_outputs: bool


_kernels: dict[tuple[str, str], KernelConfig] = {}
_gradients: dict[str, GradConfig] = {}


def register_kernel(kernel_name: str, backend_name: str, kernel_func: KernelFunc) -> None:
    """Registers `kernel_func(backend, **inputs, **attrs)` as `kernel_name` on a backend."""
    key = (kernel_name, backend_name)
    if key in _kernels:
        _log.warning("The kernel '%s' for backend '%s' is already registered", *key)
    _kernels[key] = KernelConfig(kernel_name, backend_name, kernel_func)


def kernel(kernel_name: str, backend_name: str) -> Callable[[KernelFunc], KernelFunc]:
    """Decorator form of `register_kernel`."""

    def register(kernel_func: KernelFunc) -> KernelFunc:
        register_kernel(kernel_name, backend_name, kernel_func)
        return kernel_func

    return register


def unregister_kernel(kernel_name: str, backend_name: str) -> None:
    key = (kernel_name, backend_name)
    if key not in _kernels:
        raise ValueError(f"The kernel '{kernel_name}' for backend '{backend_name}' is not registered")
    del _kernels[key]


def get_kernel(kernel_name: str, backend_name: str) -> KernelConfig | None:
    return _kernels.get((kernel_name, backend_name))


def get_kernels_for_backend(backend_name: str) -> list[KernelConfig]:
    return [config for (_, backend), config in _kernels.items() if backend == backend_name]


def register_gradient(
    kernel_name: str, save_inputs: tuple[str, ...] = (), save_outputs: bool = False
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Registers the decorated function as the gradient of `kernel_name`.

    It receives `dy` then the saved inputs (by name) and, with `save_outputs`, the
    kernel's outputs, and returns a dict of gradients keyed by input name.
    """

    def register(grad_func: Callable[..., Any]) -> Callable[..., Any]:
        if kernel_name in _gradients:
            _log.warning("Overriding the gradient for '%s'", kernel_name)
        _gradients[kernel_name] = GradConfig(kernel_name, grad_func, tuple(save_inputs), save_outputs)
        return grad_func

    return register


def get_gradient(kernel_name: str) -> GradConfig | None:
    return _gradients.get(kernel_name)
