"""benchmarks/soak.py: a short soak prints its figures and finds tensors and bytes flat;
its slope and verdict catch a leak of one tensor an iteration."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import tfjs as tf

SOAK = Path(__file__).resolve().parents[1] / "benchmarks" / "soak.py"
SELFIE = Path(__file__).resolve().parents[1] / "examples" / "assets" / "selfie" / "model.json"


@pytest.fixture(scope="module")
def soak() -> Iterator[ModuleType]:
    # Registered under its name before it runs: its dataclasses look their module up.
    spec = importlib.util.spec_from_file_location("benchmarks_soak", SOAK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


def test_slope_is_least_squares_per_1000_iterations(soak):
    # y = 3 + 0.002·x exactly: 2 per 1000; a constant series has slope 0.
    assert soak.slope_per_1000([100, 200, 300, 400], [3.2, 3.4, 3.6, 3.8]) == pytest.approx(2.0)
    assert soak.slope_per_1000([100, 200, 300], [7, 7, 7]) == 0.0
    # Points (0, 0), (1000, 1), (2000, 5): slope = sxy / sxx = 5000 / 2e6 per iteration.
    assert soak.slope_per_1000([0, 1000, 2000], [0, 1, 5]) == pytest.approx(2.5)


def test_verdicts_follow_the_stated_tolerances(soak):
    # One tensor over a 10^5-iteration window is 0.01 per 1000: not flat; half of it is.
    assert not soak.is_flat("num_tensors", 0.01, 100_000)
    assert soak.is_flat("num_tensors", 0.005, 100_000)
    assert not soak.is_flat("num_bytes", 0.5, 2000)
    # RSS: under 1 MiB over the window, or under 16 KiB per 1000 iterations.
    assert soak.is_flat("rss_bytes", 500_000, 2000)
    assert soak.is_flat("rss_bytes", 16_000, 100_000)
    assert not soak.is_flat("rss_bytes", 20_000, 100_000)


def test_a_leak_of_one_tensor_an_iteration_grows(soak, capsys):
    leaked: list[tf.Tensor] = []
    work = soak.Workload("leak", lambda: leaked.append(tf.scalar(1.0)), lambda: None)
    try:
        result = soak.run_workloads("cpu", [work], 200, 10, 0.2)
    finally:
        tf.dispose(leaked)
    assert result.slopes["num_tensors"] == pytest.approx(1000.0)
    assert result.slopes["num_bytes"] == pytest.approx(4000.0)
    assert not result.flat["num_tensors"] and not result.flat["num_bytes"]
    assert "GROWS" in capsys.readouterr().out


def test_a_short_soak_prints_its_figures_and_stays_flat(soak, capsys):
    argv = ["--iterations", "300", "--samples", "10", "--backend", "cpu", "--model", f"{SELFIE}@100"]
    soak.main(argv)
    out = capsys.readouterr().out
    rows = re.findall(r"^\s+(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+[\d.]+$", out, re.MULTILINE)
    assert [int(r[0]) for r in rows] == list(range(30, 301, 30))
    assert all(float(r[3]) > 0 for r in rows), "RSS printed in MiB"
    slopes = dict(re.findall(r"^\s+(num_tensors|num_bytes|rss_bytes): ([-+][\d.]+)", out, re.MULTILINE))
    assert set(slopes) == {"num_tensors", "num_bytes", "rss_bytes"}
    # The RSS slope is printed but not asserted: the allocator makes it noisy on short runs.
    assert float(slopes["num_tensors"]) == 0 and float(slopes["num_bytes"]) == 0
    assert "graph model selfie (every 100)" in out and "training (adam minimize)" in out
