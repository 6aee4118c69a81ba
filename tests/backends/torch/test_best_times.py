"""best_times and best_block_times (backends/torch/best_times.py): alternatives timed in
turns, by call or by block of calls, each one's best."""

from __future__ import annotations

from tfjs.backends.torch import best_times as module


def _costed(monkeypatch, costs: dict[str, list[float]]) -> tuple[list, list[str]]:
    """Alternatives named by `costs`' keys, each call advancing a fake clock by its next
    cost; and the names of the calls made, in order."""
    clock, calls, left = [0.0], [], {name: iter(values) for name, values in costs.items()}

    def alternative(name):
        def run():
            calls.append(name)
            clock[0] += next(left[name])

        return run

    monkeypatch.setattr(module.time, "perf_counter", lambda: clock[0])
    return [alternative(name) for name in costs], calls


def test_alternatives_take_turns_and_keep_their_best_time(monkeypatch):
    alternatives, calls = _costed(monkeypatch, {"a": [5.0, 2.0, 4.0], "b": [1.0, 3.0, 0.5]})
    assert module.best_times(alternatives, 3) == [2.0, 0.5]
    assert calls == ["a", "b"] * 3


def test_blocks_take_turns_and_keep_their_best_median(monkeypatch):
    """Each block: one untimed call, then `runs` timed; the best of the blocks' medians."""
    costs = {
        "a": [9.0, 5.0, 1.0, 6.0, 9.0, 2.0, 4.0, 3.0],  # blocks' medians 5, then 3
        "b": [9.0, 1.0, 2.0, 9.0, 9.0, 7.0, 8.0, 9.0],  # 2, then 8
    }
    alternatives, calls = _costed(monkeypatch, costs)
    assert module.best_block_times(alternatives, 2, 3) == [3.0, 2.0]
    assert calls == ["a"] * 4 + ["b"] * 4 + ["a"] * 4 + ["b"] * 4
