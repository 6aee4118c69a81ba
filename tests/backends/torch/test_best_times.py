"""best_times (backends/torch/best_times.py): alternatives timed in turns, each one's best."""

from __future__ import annotations

from tfjs.backends.torch import best_times as module


def test_alternatives_take_turns_and_keep_their_best_time(monkeypatch):
    clock, calls = [0.0], []
    costs = {"a": iter([5.0, 2.0, 4.0]), "b": iter([1.0, 3.0, 0.5])}

    def alternative(name):
        def run():
            calls.append(name)
            clock[0] += next(costs[name])

        return run

    monkeypatch.setattr(module.time, "perf_counter", lambda: clock[0])
    assert module.best_times([alternative("a"), alternative("b")], 3) == [2.0, 0.5]
    assert calls == ["a", "b"] * 3
