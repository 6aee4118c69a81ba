"""Value checks of the torch backend's kernels (indices in range, ...) that never make the
device wait.

On the CPU device a check runs at once, in the kernel, before anything is computed. On a
GPU, asking whether an index is bad would wait for the device, so the kernel instead
hands over a device bool (any bad?) and a way to make the error; the check is pending
until the backend next downloads anything (`read_sync`, `read`), which raises the first
failed check's error, naming the op and the argument, before any value comes back. The
kernel meanwhile computes with its bad indices clamped into range, so there is never a
device-side assert, and no wrong value is ever read. The mode is an attribute of the
backend, so a test on the CPU device can run the checks deferred.
"""

from __future__ import annotations

from collections.abc import Callable

import torch

from tfjs.backends.torch.tracing import traced

# Past this many pending checks, the next check waits for the device once and settles
# them (their bools, and the tensors their errors read, are held until then).
MAX_PENDING = 256

ErrorMaker = Callable[[int], Exception]


class ValueChecks:
    """The checks of one backend: synchronous, or `deferred` to the next download."""

    def __init__(self, deferred: bool) -> None:
        self.deferred = deferred
        self._pending: list[tuple[torch.Tensor, torch.Tensor, ErrorMaker]] = []
        # While a whole plan is traced (plan_compiler.py): each check's "any bad?", which
        # the traced graph returns, so a run with a bad value can run its kernels again
        # one by one, and raise there.
        self.traced: list[torch.Tensor] | None = None

    def check(self, bad: torch.Tensor, make_error: ErrorMaker) -> bool:
        """`bad` marks the bad elements (a bool tensor); `make_error(position)` makes the
        error from the flat position of the first. Synchronous: raises it now if there
        is one. Returns True when the check is pending: the kernel must then keep its
        reads in range (clamp the bad elements) and compute on."""
        flat = bad.reshape(-1)
        if self.traced is not None:
            if flat.numel():
                self.traced.append(flat.any())
            return True
        if not self.deferred:
            if flat.numel() and bool(flat.any()):
                raise make_error(int(torch.argmax(flat.to(torch.uint8))))
            return False
        if flat.numel():
            if len(self._pending) >= MAX_PENDING:
                self.raise_pending()
            self._pending.append((flat.any(), torch.argmax(flat.to(torch.uint8)), make_error))
        return True

    def can_check(self) -> bool:
        """Whether a kernel may take a fast path and check its result after (`stands`):
        eagerly on the CPU device, or while a plan is traced (not while something else
        traces, where a value read would end the trace)."""
        return not self.deferred and (self.traced is not None or not traced())

    def stands(self, wrong: torch.Tensor) -> bool:
        """Whether a fast path's result may stand, `wrong` (a 0-d bool) saying it may not
        (the kernel then computes it the exact way). While a plan is traced, `wrong`
        becomes one of the plan's checks, whose failure runs that call's kernels one by
        one, and the result stands."""
        if self.traced is not None:
            self.traced.append(wrong)
            return True
        return not bool(wrong)

    def raise_pending(self) -> None:
        """Settles the pending checks (one wait for the device): raises the error of the
        first that failed. Either way none is pending afterwards."""
        if not self._pending:
            return
        pending, self._pending = self._pending, []
        failed = torch.stack([any_bad for any_bad, _, _ in pending]).cpu()
        for (_, position, make_error), is_bad in zip(pending, failed.tolist(), strict=True):
            if is_bad:
                raise make_error(int(position))

    def clear(self) -> None:
        """Drops the pending checks (the backend is disposed)."""
        self._pending.clear()


def checks_for(device: torch.device) -> ValueChecks:
    """Synchronous checks on the CPU device, deferred ones on a GPU."""
    return ValueChecks(deferred=device.type != "cpu")
