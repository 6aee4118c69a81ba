"""A float32 max pool on the CPU device pools its input as it is and keeps the result
where its least value is above -FLT_MAX (torch's pool gives NaN where a window holds one,
TF.js's skips NaN; oneDNN Graph's gives -FLT_MAX for a window of NaN only, TF.js's
-Infinity): otherwise the exact path runs, eagerly or after a compiled plan's failed
check."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch")

import tfjs as tf  # noqa: E402
from tests.helpers import compiled_calls_match_cpu  # noqa: E402

RNG = np.random.default_rng(0)  # reseeded per test by conftest


def _input(nan: bool) -> np.ndarray:
    x = RNG.standard_normal((1, 8, 8, 3)).astype(np.float32)
    if nan:
        x[0, 2, 3, 1] = np.nan  # TF.js: the window's max of the others
        x[0, 6:8, 6:8, 2] = np.nan  # a window of NaN only: -Infinity
    return x


def _max_pool_model() -> tf.GraphModel:
    """x [-1, 8, 8, 3] -> MaxPool (2x2, stride 2, VALID)."""
    from tests.converter.test_plan_programs import F32, load, node
    from tests.graph_fixtures import b64, placeholder

    twos = {"list": {"i": ["1", "2", "2", "1"]}}
    attrs = {"padding": {"s": b64("VALID")}, "data_format": {"s": b64("NHWC")}}
    attrs |= {"ksize": twos, "strides": twos}
    nodes = [placeholder("x", [-1, 8, 8, 3]), node("out", "MaxPool", ["x"], **F32, **attrs)]
    return load(nodes, [], b"")


def test_a_compiled_max_pool_runs_its_kernels_where_a_window_holds_nan(monkeypatch, on_torch_cpu):
    model = _max_pool_model()
    feeds = [_input(False) for _ in range(4)] + [_input(True), _input(False)]
    want = compiled_calls_match_cpu(monkeypatch, model, feeds, reruns={4})
    assert np.isneginf(want[4]).any() and not np.isnan(want[4]).any()
    model.dispose()
