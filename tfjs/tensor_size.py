"""How large a tensor may be: the size check every op that makes a tensor runs first.

A tensor is too large when it has more elements than a shape can hold
(`MAX_TENSOR_ELEMENTS`, 2**53 - 1: TF.js's shapes and sizes are JavaScript numbers,
exact integers only up to there), or more bytes than the process can still allocate:
the smaller of the memory the system has available (`MemAvailable` of
`/proc/meminfo`) and what `RLIMIT_AS` leaves the process, lowered further by the flag
`TENSOR_MAX_BYTES` when it is set above 0. Either way the op raises one
`TensorTooLargeError` (a `ValueError`) naming the op, the shape and the bytes, before any
work is done, instead of looping for minutes or surfacing NumPy's `MemoryError`.

Both backends of today (`cpu` and the test-only `twin`) hold their buffers in the
process's memory; a device backend would pass its own `available_bytes`.

>>> check_tensor_size([2**40, 2**40], "float32", "zeros")
Traceback (most recent call last):
...
tfjs.tensor_size.TensorTooLargeError: zeros: a tensor of shape [1099511627776,1099511627776] \
has 1208925819614629174706176 elements, more than a tensor can hold (9007199254740991)
"""

from __future__ import annotations

import math
import os
import resource
from collections.abc import Callable, Iterable

from tfjs.dtypes import BYTES_PER_ELEMENT
from tfjs.environment import ENV

MAX_TENSOR_ELEMENTS = 2**53 - 1
# A string element is at least a Python object reference.
STRING_BYTES_PER_ELEMENT = 8
# A tensor's bookkeeping: its Python object, the engine's record, the backend's entry
# and an empty array (about 500 bytes measured; rounded up).
TENSOR_RECORD_BYTES = 1024
# Below this many bytes no op asks the system how much memory is left: it costs more
# than the op.
_ALWAYS_AFFORDABLE_BYTES = 64 * 2**20
_ALWAYS_AFFORDABLE_ELEMENTS = _ALWAYS_AFFORDABLE_BYTES // 8


class TensorTooLargeError(ValueError):
    """A tensor an op would make has more elements or bytes than can be held."""


def bytes_per_element(dtype: str) -> int:
    """A TF.js dtype's bytes per element (a string's reference; "float64" for a
    kernel's double-precision scratch array)."""
    return BYTES_PER_ELEMENT.get(dtype, STRING_BYTES_PER_ELEMENT)


def check_tensor_size(
    shape: Iterable[int],
    dtype: str,
    op_name: str,
    available_bytes: Callable[[], int | None] | None = None,
) -> int:
    """Raises `TensorTooLargeError` when a `dtype` tensor of `shape` cannot be made;
    returns its number of elements. `shape` holds non-negative ints.

    >>> check_tensor_size([2, 3], "int32", "fill")
    6
    """
    size = math.prod(shape)
    if 0 < size <= _ALWAYS_AFFORDABLE_ELEMENTS and not ENV.get("TENSOR_MAX_BYTES"):
        return size  # the common case, quickly
    dims = tuple(int(dim) for dim in shape)
    if size > MAX_TENSOR_ELEMENTS or (size == 0 and max(dims, default=0) > MAX_TENSOR_ELEMENTS):
        count = f"{size} elements" if size else f"a dimension of {max(dims)}"
        raise TensorTooLargeError(
            f"{op_name}: a tensor of shape {_shape_text(dims)} has {count}, more than a tensor "
            f"can hold ({MAX_TENSOR_ELEMENTS})"
        )
    num_bytes = size * bytes_per_element(dtype)
    if num_bytes <= _ALWAYS_AFFORDABLE_BYTES and not ENV.get("TENSOR_MAX_BYTES"):
        return size
    limit, source = affordable_bytes(available_bytes or process_available_bytes)
    if num_bytes > limit:
        raise TensorTooLargeError(
            f"{op_name}: a tensor of shape {_shape_text(dims)} and dtype {dtype} needs "
            f"{num_bytes} bytes ({_human(num_bytes)}), more than {source} ({limit} bytes, "
            f"{_human(limit)})"
        )
    return size


def check_tensor_count(count: int, op_name: str) -> None:
    """The check for an op that makes `count` tensors (split, unstack): each costs
    `TENSOR_RECORD_BYTES` of bookkeeping, even when it holds no element."""
    check_tensor_bytes(count * TENSOR_RECORD_BYTES, f"making {count} tensors", op_name)


def check_tensor_bytes(num_bytes: int, what: str, op_name: str) -> None:
    """The same check for what an op makes besides its result (`what` says what)."""
    if num_bytes <= _ALWAYS_AFFORDABLE_BYTES and not ENV.get("TENSOR_MAX_BYTES"):
        return
    limit, source = affordable_bytes(process_available_bytes)
    if num_bytes > limit:
        raise TensorTooLargeError(
            f"{op_name}: {what} needs {num_bytes} bytes ({_human(num_bytes)}), more than "
            f"{source} ({limit} bytes, {_human(limit)})"
        )


def affordable_bytes(available_bytes: Callable[[], int | None]) -> tuple[int, str]:
    """The most bytes one tensor may take, and what sets that limit."""
    limit, source = available_bytes(), "the memory available to the process"
    cap = int(ENV.get("TENSOR_MAX_BYTES"))
    if cap > 0 and (limit is None or cap < limit):
        limit, source = cap, "the flag TENSOR_MAX_BYTES allows"
    if limit is None:
        return MAX_TENSOR_ELEMENTS * 8, "a tensor can hold"
    return limit, source


def process_available_bytes() -> int | None:
    """What this process can still allocate: the smaller of the system's available
    memory and the room `RLIMIT_AS` leaves; None where neither can be read."""
    candidates = [_system_available_bytes(), _address_space_headroom()]
    known = [value for value in candidates if value is not None]
    return min(known) if known else None


def _system_available_bytes() -> int | None:
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError):
        return None


def _address_space_headroom() -> int | None:
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return None
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            in_use = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        in_use = 0
    return max(0, soft - in_use)


def _shape_text(dims: list[int]) -> str:
    return "[" + ",".join(str(dim) for dim in dims) + "]"


def _human(num_bytes: int) -> str:
    for unit, scale in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if num_bytes >= scale:
            return f"{num_bytes / scale:.1f} {unit}"
    return f"{num_bytes} B"
