"""Models built and trained here and saved (tests/layers/python_saves.py) are committed as
fixtures, which the official runtime loaded strictly (test_tfjs_recorded.py compares its
predictions): today's build, training and `save` must still write the same model.json
structure and the same weight bytes, so that what TF.js checked is what users get."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.layers.python_saves import BUILDERS, FOLDER, save


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_save_still_writes_what_tfjs_loaded(name: str, tmp_path: Path):
    assert (FOLDER / name / "tfjs_outputs.json").is_file(), "re-run the TF.js check (see python_saves.py)"
    save(name, tmp_path)
    written, committed = (json.loads((d / "model.json").read_text()) for d in (tmp_path, FOLDER / name))
    assert written["format"] == committed["format"] == "layers-model"
    assert written["modelTopology"] == committed["modelTopology"]
    assert written["weightsManifest"] == committed["weightsManifest"]
    assert (tmp_path / "weights.bin").read_bytes() == (FOLDER / name / "weights.bin").read_bytes()
