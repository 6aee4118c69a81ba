"""Finding leaks: which tensors made in a block are still alive, and where they were made.

TF.js's guide leaves this to the reader (compare `tf.memory()` before and after); here
`with tf.track_leaks() as report:` records, for each tensor made in the block, the op
that made it and the line of user code that called that op.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tfjs.engine import ENGINE

if TYPE_CHECKING:
    from tfjs.tensor import Tensor

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


@dataclass(frozen=True)
class LeakedTensor:
    """A tensor made inside `track_leaks` and not disposed by its end."""

    id: int
    shape: tuple[int, ...]
    dtype: str
    op: str  # the op the user called, e.g. 'mean' (or 'tensor' for tf.tensor)
    kernel: str  # the kernel that made the buffer, e.g. 'Sum', or how it was made
    filename: str
    lineno: int
    is_variable: bool = False

    @property
    def location(self) -> str:
        return f"{self.filename}:{self.lineno}"

    def __str__(self) -> str:
        kind = "Variable" if self.is_variable else "Tensor"
        return (
            f"{kind} {self.id} ({self.dtype} {list(self.shape)}) made by '{self.op}' "
            f"({self.kernel}) at {self.location}"
        )


class LeakReport:
    """What `track_leaks` found: `leaks` lists the tensors still alive at the block's end."""

    def __init__(self) -> None:
        self._made: dict[int, tuple[Tensor, LeakedTensor]] = {}
        self.leaks: list[LeakedTensor] = []
        self.finished = False

    def record(self, tensor: Tensor, origin: str, op_name: str | None) -> None:
        from tfjs.tensor import Variable

        filename, lineno = _user_frame()
        self._made[tensor.id] = (
            tensor,
            LeakedTensor(
                id=tensor.id,
                shape=tensor.shape,
                dtype=tensor.dtype,
                op=op_name or origin,
                kernel=origin,
                filename=filename,
                lineno=lineno,
                is_variable=isinstance(tensor, Variable),
            ),
        )

    def finish(self) -> None:
        self.leaks = [info for tensor, info in self._made.values() if not tensor.is_disposed]
        self._made = {}
        self.finished = True

    def __bool__(self) -> bool:
        return bool(self.leaks)

    def __str__(self) -> str:
        if not self.leaks:
            return "No leaked tensors"
        lines = [f"{len(self.leaks)} tensor(s) made in the block are still alive:"]
        lines += [f"  {leak}" for leak in self.leaks]
        return "\n".join(lines)


def _user_frame() -> tuple[str, int]:
    """The file and line of the innermost caller outside this package."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
        frame = frame.f_back
    if frame is None:
        return "<unknown>", 0
    return frame.f_code.co_filename, frame.f_lineno


@contextmanager
def track_leaks() -> Iterator[LeakReport]:
    """Records every tensor made inside the block; at its end, `report.leaks` lists those
    still alive, each with the op that made it and the user's file and line.

    >>> with tf.track_leaks() as report:
    ...     kept = tf.tensor([1, 2])
    ...     squared = tf.tidy(lambda: tf.square(tf.tensor([3])))
    >>> [(leak.op, leak.shape) for leak in report.leaks]
    [('tensor', (2,)), ('square', (1,))]
    >>> tf.dispose([kept, squared])
    """
    engine = ENGINE
    report = LeakReport()
    engine.leak_reports.append(report)
    try:
        yield report
    finally:
        engine.leak_reports.remove(report)
        report.finish()
