"""Max and Min along a short axis on torch's CPU device: torch's maximum (minimum) of one
slice after another, whose result stands unless a zero result has a -0 among its values
(torch's maximum picks the sign of equal zeros by its code path; TF.js keeps the first);
otherwise the exact path runs, eagerly or after a compiled plan's failed check. Every
result must be cpu's, -0's sign and NaN included."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")

import tfjs as tf  # noqa: E402
from tests.helpers import assert_same_as_cpu, compiled_calls_match_cpu, results_of  # noqa: E402
from tfjs.backends.torch.kernels import reduction  # noqa: E402

RNG = np.random.default_rng(0)  # reseeded per test by conftest
NAN, INF = float("nan"), float("inf")


def _values(negative_zeros: bool) -> np.ndarray:
    """[5, 6, 7]: +0 ties, NaN, ±Infinity and negatives along axis 1; with
    `negative_zeros`, a -0 in a column whose max (min) is zero, where the fast result
    may not stand."""
    pool = np.array([0.0, 0.0, NAN, INF, -INF, -1.5, 2.5, 1e-39], np.float32)
    x = RNG.choice(pool, size=(5, 6, 7)).astype(np.float32)
    x[0, :, 0] = 0.0  # max and min +0 (+0 ties)
    x[1, :, 1] = [-3.0, 0.0, -1.0, 0.0, -2.0, -4.0]  # max +0
    x[2, :, 2] = [-3.0, -0.0, 1.0, 2.0, 4.0, 5.0]  # a -0, but no zero result: it stands
    if negative_zeros:  # (in every column of the last row: torch's vectorised loop and its tail)
        patterns = [
            [-1.0, -0.0, 0.0, -2.0, -3.0, -4.0],  # max: the first zero, -0
            [-1.0, 0.0, -0.0, -2.0, -3.0, -4.0],  # max: +0
            [1.0, -0.0, 0.0, 2.0, 3.0, 4.0],  # min: -0
            [1.0, 0.0, -0.0, 2.0, 3.0, 4.0],  # min: +0
        ]
        for column in range(7):
            x[4, :, column] = patterns[column % 4]
    return x


@pytest.mark.parametrize("op", ["max", "min"])
@pytest.mark.parametrize("negative_zeros", [False, True])
def test_a_short_axis_max_or_min_gives_cpus_bits_by_the_right_path(monkeypatch, op, negative_zeros):
    x = _values(negative_zeros)
    paths = results_of(monkeypatch, reduction, "_slice_by_slice")
    assert_same_as_cpu(lambda: getattr(tf, op)(tf.tensor(x), 1))
    assert [result is None for result in paths] == [negative_zeros]


def _max_model() -> tf.GraphModel:
    """x [-1, 6, 7] -> Max over axis 1."""
    from tests.converter.test_plan_programs import F32, I32, int_const, load, node
    from tests.graph_fixtures import placeholder

    nodes = [
        placeholder("x", [-1, 6, 7]),
        int_const("axis", [1], []),
        node("out", "Max", ["x", "axis"], **F32, Tidx=I32, keep_dims={"b": False}),
    ]
    return load(nodes, [], b"")


def test_a_compiled_max_runs_its_kernels_where_a_zero_result_has_a_negative_zero(monkeypatch, on_torch_cpu):
    model = _max_model()
    feeds = [_values(False) for _ in range(4)] + [_values(True), _values(False)]
    compiled_calls_match_cpu(monkeypatch, model, feeds, reruns={4})
    model.dispose()


@pytest.mark.parametrize("op", ["max", "min"])
def test_a_short_axis_max_or_min_of_nothing_else_is_empty(op):
    """[0, 6]: no value left once the axis is reduced (the check has nothing to read)."""
    assert_same_as_cpu(lambda: getattr(tf, op)(tf.zeros([0, 6]), 1))
