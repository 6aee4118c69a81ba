"""The real graph models the converter's test runs on `cpu` (tests/converter/
test_real_models.py), run on `torch` through the shared conformance harness and checked
against the official TF.js runtime's outputs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.converter.test_real_models import HARNESS, ROOT, SMALL_MODELS, _models_dir

pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")

WRAPPER = Path(__file__).with_name("run_models.py")


def test_small_real_models_match_the_official_runtime_on_torch():
    arguments = [_models_dir(), str(HARNESS / "ref"), "--only", SMALL_MODELS, "--backend", "torch"]
    done = subprocess.run(
        [sys.executable, str(WRAPPER), *arguments, "--runs", "1"],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=ROOT,
        env={
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "TFJS_GRAPH_MODEL_HARNESS": str(HARNESS / "run_models.py"),
        },
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    count = len(SMALL_MODELS.split(","))
    assert done.stdout.strip().splitlines()[-1] == f"{count} passed, 0 failed"
