"""Reductions, arithmetic and gathers on 10**6-element float32 tensors, each beside the
bare NumPy call that computes the same thing, measured in one run as ratios.

    python3 benchmarks/large_ops.py

Prints a table and exits with status 1 if any op takes more than 1.3 times NumPy's time
(the kernels must run at NumPy's speed). An op not implemented yet is listed as skipped.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import numpy as np
from op_overhead import _per_call_us

import tfjs as tf

SIZE = 1_000_000
ROWS = COLS = 1_000
MAX_RATIO = 1.3

Case = tuple[str, str, Callable[[], object], Callable[[], object]]


def _cases(x: np.ndarray, y: np.ndarray, positive: np.ndarray) -> tuple[list[Case], list[tf.Tensor]]:
    """(name, the tfjs op it needs, the tfjs call, the bare NumPy call) for each case,
    and the input tensors they share."""
    m = x.reshape(ROWS, COLS)
    rng = np.random.default_rng(1)
    rows = rng.integers(0, ROWS, size=ROWS).astype(np.int32)
    cols = rng.integers(0, COLS, size=COLS).astype(np.int32)
    pairs = np.stack([rng.integers(0, ROWS, size=SIZE), rng.integers(0, COLS, size=SIZE)], 1).astype(np.int32)
    a, b, p, t = tf.tensor(x), tf.tensor(y), tf.tensor(positive), tf.tensor(m)
    rows_t, cols_t, pairs_t = tf.tensor(rows), tf.tensor(cols), tf.tensor(pairs)

    def run(op: str, *args: object) -> Callable[[], object]:
        return lambda: getattr(tf, op)(*args).dispose()

    cases: list[Case] = []
    for op, np_fn in (
        ("sum", np.sum),
        ("mean", np.mean),
        ("max", np.max),
        ("min", np.min),
        ("prod", np.prod),
        ("arg_max", np.argmax),
    ):
        cases.append((f"{op} (all)", op, run(op, a), lambda f=np_fn: f(x)))
        for axis in (0, 1):
            cases.append((f"{op} (axis {axis})", op, run(op, t, axis), lambda f=np_fn, k=axis: f(m, axis=k)))
    for op, np_fn in (
        ("add", np.add),
        ("mul", np.multiply),
        ("sub", np.subtract),
        ("div", np.true_divide),
        ("maximum", np.maximum),
    ):
        cases.append((op, op, run(op, a, b), lambda f=np_fn: f(x, y)))
    for op, np_fn, arg, values in (
        ("exp", np.exp, a, x),
        ("sqrt", np.sqrt, p, positive),
        ("abs", np.abs, a, x),
    ):
        cases.append((op, op, run(op, arg), lambda f=np_fn, v=values: f(v)))
    cases += [
        ("gather (axis 0)", "gather", run("gather", t, rows_t, 0), lambda: np.take(m, rows, axis=0)),
        ("gather (axis 1)", "gather", run("gather", t, cols_t, 1), lambda: np.take(m, cols, axis=1)),
        ("gather_nd", "gather_nd", run("gather_nd", t, pairs_t), lambda: m[pairs[:, 0], pairs[:, 1]]),
    ]
    return cases, [a, b, p, t, rows_t, cols_t, pairs_t]


def main() -> int:
    rng = np.random.default_rng(0)
    x = rng.standard_normal(SIZE).astype(np.float32)
    y = rng.standard_normal(SIZE).astype(np.float32) + 3.0
    positive = np.abs(x)
    rows, skipped, slow = [], [], []
    cases, inputs = _cases(x, y, positive)
    with np.errstate(all="ignore"):
        for name, op, ours, numpy_call in cases:
            if not hasattr(tf, op):
                skipped.append(f"{name}: tf.{op} does not exist yet")
                continue
            try:
                ours()
            except Exception as error:  # a half-written op is reported, not fatal
                skipped.append(f"{name}: {type(error).__name__}: {error}")
                continue
            ours_us, numpy_us = _per_call_us(ours), _per_call_us(numpy_call)
            ratio = ours_us / numpy_us
            rows.append((name, ours_us, numpy_us, ratio))
            if ratio > MAX_RATIO:
                slow.append(name)
    tf.dispose(inputs)
    print(f"{'op':<18}{'tfjs µs':>12}{'numpy µs':>12}{'ratio':>8}")
    for name, ours_us, numpy_us, ratio in rows:
        flag = f"  > {MAX_RATIO}" if ratio > MAX_RATIO else ""
        print(f"{name:<18}{ours_us:>12.1f}{numpy_us:>12.1f}{ratio:>8.2f}{flag}")
    for note in skipped:
        print(f"skipped  {note}")
    if slow:
        print(f"slower than {MAX_RATIO} x NumPy: {', '.join(slow)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
