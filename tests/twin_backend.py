"""`twin`: a test-only backend that reuses the `cpu` kernels on its own storage, so that
tests see data move between two backends and every op run on a second backend."""

from __future__ import annotations

import os

import tfjs as tf
from tfjs.backends.cpu import CpuBackend

TWIN = "twin"


class TwinBackend(CpuBackend):
    """The cpu backend under another name: same kernels, separate buffers."""


def register_test_backends() -> None:
    """The backends every op test runs on: `cpu`, `twin`, and `torch` when the environment
    sets TFJS_TEST_TORCH=1 (so subprocess workers see the backends the tests see)."""
    register_twin()
    if os.environ.get("TFJS_TEST_TORCH") == "1":
        from tfjs.backends.torch import register_torch_backend

        register_torch_backend()


def register_twin() -> None:
    if TWIN in tf.engine().registered_backends():
        return
    tf.register_backend(TWIN, TwinBackend, priority=0)
    for config in tf.get_kernels_for_backend("cpu"):
        tf.register_kernel(config.kernel_name, TWIN, config.kernel_func)
