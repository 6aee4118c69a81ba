"""Models built and trained here and saved (tests/layers/python_saves.py) are committed as
fixtures, which the official runtime loaded strictly (test_tfjs_recorded.py compares its
predictions): today's build, training and `save` must still write the same model.json
structure and the same weight bytes, so that what TF.js checked is what users get."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.layers.python_saves import BUILDERS, FOLDER

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def saved_today(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every model saved again, in a fresh process (names come from process-wide counters)."""
    out = tmp_path_factory.mktemp("python_saves")
    done = subprocess.run(
        [sys.executable, "-m", "tests.layers.python_saves", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_save_still_writes_what_tfjs_loaded(name: str, saved_today: Path):
    assert (FOLDER / name / "tfjs_outputs.json").is_file(), "re-run the TF.js check (see python_saves.py)"
    written, committed = (json.loads((d / name / "model.json").read_text()) for d in (saved_today, FOLDER))
    assert written["format"] == committed["format"] == "layers-model"
    assert written["modelTopology"] == committed["modelTopology"]
    assert written["weightsManifest"] == committed["weightsManifest"]
    assert (saved_today / name / "weights.bin").read_bytes() == (FOLDER / name / "weights.bin").read_bytes()
