"""The cpu backend's heap policy (tfjs/backends/cpu/heap.py)."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import textwrap

PROBE = textwrap.dedent(
    """
    import ctypes, ctypes.util, numpy as np
    import tfjs as tf
    from tfjs.backends.cpu import heap
    tf.set_backend("cpu")
    tf.tidy(lambda: tf.ones([1000, 1000]).sum())
    print(heap._applied)
    """
)


def _probe(env: dict[str, str]) -> str:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], env={**os.environ, **env}, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_cpu_backend_keeps_freed_buffers_for_reuse_where_the_c_library_is_glibc():
    expected = "True" if platform.libc_ver()[0] == "glibc" else "False"
    assert _probe({"TFJS_CPU_RETURN_FREED_MEMORY": ""}) == expected


def test_the_environment_can_keep_the_c_librarys_default():
    assert _probe({"TFJS_CPU_RETURN_FREED_MEMORY": "1"}) == "False"
