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

import math
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
        # the traced graph returns as one flag (`traced_failure`), so a run with a bad
        # value can run its kernels again one by one, and raise there; and the fast
        # paths' results, finished into that flag once for all (`stands_if_finite`,
        # `stands_if_above`).
        self.traced: list[torch.Tensor] | None = None
        self._traced_totals: list[torch.Tensor] = []
        self._traced_least: dict[float, list[torch.Tensor]] = {}

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
        """Whether a kernel may take a fast path and check its result after
        (`stands_if_finite`, `stands_if_above`; the kernel computes it the exact way
        where it may not stand): eagerly on the CPU device, or while a plan is traced
        (not while something else traces, where a value read would end the trace)."""
        return not self.deferred and (self.traced is not None or not traced())

    def stands_if_finite(self, total: torch.Tensor) -> bool:
        """Whether a fast path's result may stand, `total` (a 0-d float: the sum of the
        result) saying by being finite that it may. While a plan is traced, the plan's
        finite totals are summed and checked once (`traced_failure`): a sum of finite
        totals that overflows runs that call's kernels one by one, slower, never wrong."""
        if self.traced is not None:
            self._traced_totals.append(total)
            return True
        return math.isfinite(float(total))

    def stands_if_above(self, least: torch.Tensor, bound: float) -> bool:
        """Whether a fast path's result may stand, `least` (a 0-d float: the result's
        least value) saying by being above `bound` (not NaN) that it may. While a plan is
        traced, the least of a bound's values is checked once (`traced_failure`)."""
        if self.traced is not None:
            self._traced_least.setdefault(bound, []).append(least)
            return True
        return bool(least > bound)

    def start_tracing(self) -> None:
        """Checks report from now on instead of raising (a plan is traced)."""
        self.traced, self._traced_totals, self._traced_least = [], [], {}

    def traced_failure(self) -> torch.Tensor:
        """A 0-d bool: whether any check traced since `start_tracing` failed (few ops
        however many checks: each fast path adds only its reduction)."""
        assert self.traced is not None
        failed = [torch.stack(self.traced).any()] if self.traced else []
        if self._traced_totals:
            total = torch.stack(self._traced_totals).sum()
            failed.append(total * 0 != 0)  # NaN for a non-finite total
        failed.extend(~(torch.stack(least).amin() > bound) for bound, least in self._traced_least.items())
        return torch.stack(failed).any() if failed else torch.zeros((), dtype=torch.bool)

    def stop_tracing(self) -> None:
        """Checks raise again (eagerly) and the traced ones are dropped."""
        self.traced, self._traced_totals, self._traced_least = None, [], {}

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
