"""Per-op cost of tfjs beside the bare NumPy call, measured in one run as ratios.

    python3 benchmarks/op_overhead.py

Small tensors show the per-op Python overhead (scope, dispatch, bookkeeping); large
ones show whether the kernels run at NumPy's speed. Nothing here is asserted in tests.
"""

from __future__ import annotations

import timeit
from collections.abc import Callable

import numpy as np

import tfjs as tf


def _per_call_us(fn: Callable[[], object], seconds: float = 0.2) -> float:
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    best = min(timer.repeat(repeat=5, number=max(1, int(number * seconds / 0.2))))
    return best / max(1, int(number * seconds / 0.2)) * 1e6


def _cases(a: tf.Tensor, b: tf.Tensor, x: np.ndarray, y: np.ndarray) -> dict[str, tuple[Callable, Callable]]:
    """Each op: (the tfjs call, the bare NumPy call it should be as fast as)."""
    return {
        "add": (lambda: tf.add(a, b).dispose(), lambda: np.add(x, y)),
        "mul": (lambda: tf.mul(a, b).dispose(), lambda: np.multiply(x, y)),
        "relu": (lambda: tf.relu(a).dispose(), lambda: np.maximum(x, 0)),
        "square": (lambda: tf.square(a).dispose(), lambda: np.square(x)),
        "exp": (lambda: tf.exp(a).dispose(), lambda: np.exp(x)),
        "sum": (lambda: tf.sum(a).dispose(), lambda: np.sum(x)),
        "mean": (lambda: tf.mean(a).dispose(), lambda: np.mean(x)),
        "reshape": (lambda: tf.reshape(a, [-1, 4]).dispose(), lambda: x.reshape(-1, 4)),
    }


def main() -> None:
    rng = np.random.default_rng(0)
    rows = []
    for size in (16, 1_000_000):
        x = rng.standard_normal(size).astype(np.float32)
        y = rng.standard_normal(size).astype(np.float32)
        a, b = tf.tensor(x), tf.tensor(y)
        cases = _cases(a, b, x, y)
        for name, (ours, numpy_call) in cases.items():
            ours_us, numpy_us = _per_call_us(ours), _per_call_us(numpy_call)
            rows.append((name, size, ours_us, numpy_us, ours_us / numpy_us))
        tf.dispose([a, b])
    print(f"{'op':<10}{'size':>10}{'tfjs µs':>12}{'numpy µs':>12}{'ratio':>8}")
    for name, size, ours_us, numpy_us, ratio in rows:
        print(f"{name:<10}{size:>10}{ours_us:>12.2f}{numpy_us:>12.2f}{ratio:>8.2f}")


if __name__ == "__main__":
    main()
