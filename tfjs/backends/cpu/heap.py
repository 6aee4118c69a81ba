"""The process heap's policy for the `cpu` backend's buffers.

A model's kernels allocate and free arrays of the same few sizes call after call. glibc
serves an array over its mmap threshold (128 KiB to start) with fresh pages from the
kernel and gives them back when it is freed, so every such array is paid for again in
page faults as it is first written: a 1 MB im2col matrix costs more to fault in than to
fill. TF.js's wasm backend keeps one heap that only grows; `keep_freed_memory` gives this
process the same policy: freed arrays stay in the heap for the next kernel to reuse
(arrays over 256 MiB still come from, and go back to, the kernel). The cost is memory:
the heap keeps its peak size. Set the environment variable TFJS_CPU_RETURN_FREED_MEMORY=1
to keep glibc's default.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os

# mallopt's parameters (malloc.h)
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
_MMAP_THRESHOLD = 256 << 20
_TRIM_THRESHOLD = 1 << 30

_applied = False


def keep_freed_memory() -> bool:
    """Asks glibc to keep freed arrays for reuse (once per process); False where the C
    library is not glibc or the environment opts out."""
    global _applied
    if _applied:
        return True
    if os.environ.get("TFJS_CPU_RETURN_FREED_MEMORY", "") not in ("", "0"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc (macOS, Windows, musl without mallopt)
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    kept = mallopt(_M_MMAP_THRESHOLD, _MMAP_THRESHOLD) == 1
    _applied = kept and mallopt(_M_TRIM_THRESHOLD, _TRIM_THRESHOLD) == 1
    return _applied
