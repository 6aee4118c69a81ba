"""`twin`: a test-only backend that reuses the `cpu` kernels on its own storage, so that
tests see data move between two backends and every op run on a second backend."""

from __future__ import annotations

import tfjs as tf
from tfjs.backends.cpu import CpuBackend

TWIN = "twin"


class TwinBackend(CpuBackend):
    """The cpu backend under another name: same kernels, separate buffers."""


def register_test_backends() -> None:
    """The backends every op test runs on: those tfjs registers (`torch`, `cpu`) and
    `twin` (called by subprocess workers too, so they see the backends the tests see)."""
    register_twin()


def register_twin() -> None:
    if TWIN in tf.engine().registered_backends():
        return
    tf.register_backend(TWIN, TwinBackend, priority=0)
    for config in tf.get_kernels_for_backend("cpu"):
        tf.register_kernel(config.kernel_name, TWIN, config.kernel_func)
