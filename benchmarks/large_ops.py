"""Reductions, arithmetic and gathers on 10**6-element float32 tensors, each beside the
bare NumPy call, measured in one run as ratios.

    python3 benchmarks/large_ops.py

Where TF.js's numbers need wider arithmetic than the plain NumPy call (sums and
products accumulated in double precision, exp computed in double and rounded), the bar
is the NumPy call that computes those numbers; the plain call's ratio is shown too.
Prints a table and exits with status 1 if any op takes more than 1.3 times its bar (the
kernels must run at NumPy's speed). An op not implemented yet is listed as skipped.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import NamedTuple

import numpy as np
from op_overhead import _per_call_us

import tfjs as tf

SIZE = 1_000_000
ROWS = COLS = 1_000
MAX_RATIO = 1.3

Call = Callable[[], object]


class Case(NamedTuple):
    name: str
    op: str  # the tfjs op it needs
    ours: Call
    plain: Call  # the bare NumPy call
    same: Call | None = None  # the NumPy call giving TF.js's numbers, where it differs


def _wide_sum(v: np.ndarray, axis: int | None = None) -> np.ndarray:
    return np.sum(v, axis=axis, dtype=np.float64).astype(np.float32)


def _wide_mean(v: np.ndarray, axis: int | None = None) -> np.ndarray:
    count = v.size if axis is None else v.shape[axis]
    return np.sum(v / np.float32(count), axis=axis, dtype=np.float64).astype(np.float32)


def _wide_prod(v: np.ndarray, axis: int | None = None) -> np.ndarray:
    return np.prod(v, axis=axis, dtype=np.float64).astype(np.float32)


REDUCTIONS = (
    ("sum", np.sum, _wide_sum),
    ("mean", np.mean, _wide_mean),
    ("max", np.max, None),
    ("min", np.min, None),
    ("prod", np.prod, _wide_prod),
    ("arg_max", np.argmax, None),
)
BINARY = (("add", np.add), ("mul", np.multiply), ("sub", np.subtract), ("div", np.true_divide))
BINARY += (("maximum", np.maximum),)


def _cases(x: np.ndarray, y: np.ndarray, positive: np.ndarray) -> tuple[list[Case], list[tf.Tensor]]:
    """The cases, and the input tensors they share."""
    m = x.reshape(ROWS, COLS)
    rng = np.random.default_rng(1)
    rows = rng.integers(0, ROWS, size=ROWS).astype(np.int32)
    cols = rng.integers(0, COLS, size=COLS).astype(np.int32)
    pairs = np.stack([rng.integers(0, ROWS, size=SIZE), rng.integers(0, COLS, size=SIZE)], 1).astype(np.int32)
    a, b, p, t = tf.tensor(x), tf.tensor(y), tf.tensor(positive), tf.tensor(m)
    rows_t, cols_t, pairs_t = tf.tensor(rows), tf.tensor(cols), tf.tensor(pairs)

    def run(op: str, *args: object) -> Call:
        return lambda: getattr(tf, op)(*args).dispose()

    cases: list[Case] = []
    for op, plain, same in REDUCTIONS:
        cases.append(
            Case(f"{op} (all)", op, run(op, a), lambda f=plain: f(x), same and (lambda f=same: f(x)))
        )
        for k in (0, 1):
            cases.append(
                Case(
                    f"{op} (axis {k})",
                    op,
                    run(op, t, k),
                    lambda f=plain, k=k: f(m, axis=k),
                    same and (lambda f=same, k=k: f(m, axis=k)),
                )
            )
    cases += [Case(op, op, run(op, a, b), lambda f=fn: f(x, y)) for op, fn in BINARY]
    cases += [
        Case(
            "exp",
            "exp",
            run("exp", a),
            lambda: np.exp(x),
            lambda: np.exp(x.astype(np.float64)).astype(np.float32),
        ),
        Case("sqrt", "sqrt", run("sqrt", p), lambda: np.sqrt(positive)),
        Case("abs", "abs", run("abs", a), lambda: np.abs(x)),
        Case("gather (axis 0)", "gather", run("gather", t, rows_t, 0), lambda: np.take(m, rows, axis=0)),
        Case("gather (axis 1)", "gather", run("gather", t, cols_t, 1), lambda: np.take(m, cols, axis=1)),
        Case("gather_nd", "gather_nd", run("gather_nd", t, pairs_t), lambda: m[pairs[:, 0], pairs[:, 1]]),
    ]
    return cases, [a, b, p, t, rows_t, cols_t, pairs_t]


def main() -> int:
    rng = np.random.default_rng(0)
    x = rng.standard_normal(SIZE).astype(np.float32)
    y = rng.standard_normal(SIZE).astype(np.float32) + 3.0
    positive = np.abs(x)
    cases, inputs = _cases(x, y, positive)
    print(f"{'op':<17}{'tfjs µs':>10}{'numpy µs':>10}{'ratio':>7}{'same-numbers µs':>17}{'ratio':>7}")
    skipped, slow = [], []
    with np.errstate(all="ignore"):
        for case in cases:
            if not hasattr(tf, case.op):
                skipped.append(f"{case.name}: tf.{case.op} does not exist yet")
                continue
            try:
                case.ours()
            except Exception as error:  # a half-written op is reported, not fatal
                skipped.append(f"{case.name}: {type(error).__name__}: {error}")
                continue
            ours_us, plain_us = _per_call_us(case.ours), _per_call_us(case.plain)
            line = f"{case.name:<17}{ours_us:>10.1f}{plain_us:>10.1f}{ours_us / plain_us:>7.2f}"
            bar_us = plain_us
            if case.same is not None:
                bar_us = _per_call_us(case.same)
                line += f"{bar_us:>17.1f}{ours_us / bar_us:>7.2f}"
            if ours_us / bar_us > MAX_RATIO:
                slow.append(case.name)
                line += f"  > {MAX_RATIO}"
            print(line, flush=True)
    tf.dispose(inputs)
    for note in skipped:
        print(f"skipped  {note}")
    if slow:
        print(f"more than {MAX_RATIO} x NumPy's time: {', '.join(slow)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
