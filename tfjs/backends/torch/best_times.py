"""Timing alternatives against each other on the host (the convolution algorithms, a plan
graph with and without oneDNN Graph): each one's best wall time over a few calls, the
alternatives taking turns, so a busy moment of the machine falls on all of them alike."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence


def best_times(alternatives: Sequence[Callable[[], object]], runs: int) -> list[float]:
    """Each of `alternatives`' best time in seconds over `runs` calls, taking turns.

    >>> [t >= 0 for t in best_times([lambda: None, lambda: sum(range(100))], 2)]
    [True, True]
    """
    best = [float("inf")] * len(alternatives)
    for _ in range(runs):
        for index, alternative in enumerate(alternatives):
            start = time.perf_counter()
            alternative()
            best[index] = min(best[index], time.perf_counter() - start)
    return best
