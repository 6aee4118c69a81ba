"""Timing alternatives against each other on the host (the convolution algorithms, a plan
graph with and without oneDNN Graph): each one's best wall time over a few calls, the
alternatives taking turns, so a busy moment of the machine falls on all of them alike
(by call, or by block of calls: `best_block_times`)."""

from __future__ import annotations

import statistics
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


def best_block_times(alternatives: Sequence[Callable[[], object]], rounds: int, runs: int) -> list[float]:
    """Each of `alternatives`' best over `rounds` of the median time in seconds of a block
    of `runs` consecutive calls (after one untimed), the alternatives taking turns by
    block: each is timed as it runs alone, its own data warm in the caches, where calls
    taking turns one by one evict each other's (two forms of a model's graph measured
    alike that way, and 7-10% apart run alone).

    >>> [t >= 0 for t in best_block_times([lambda: None, lambda: sum(range(100))], 2, 3)]
    [True, True]
    """
    best = [float("inf")] * len(alternatives)
    for _ in range(rounds):
        for index, alternative in enumerate(alternatives):
            alternative()
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                alternative()
                times.append(time.perf_counter() - start)
            best[index] = min(best[index], statistics.median(times))
    return best
