"""The 41 real graph models give, on `cpu`, the same output bits as before the executor's
speed work (kernel programs, host values): every output of a first run (ops recorded) and
of a second run (kernels replayed) against the digests recorded on the commit before it
(reference/record_cpu_digests.py). `cpu` is the exact reference: no speed work may reorder
its float arithmetic."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import tfjs as tf
from tests.converter.test_real_models import _models_dir

REFERENCE = Path(__file__).parent / "reference"


def _recorder():
    spec = importlib.util.spec_from_file_location("record_cpu_digests", REFERENCE / "record_cpu_digests.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_41_models_give_the_recorded_bits_on_cpu_run_after_run():
    expected = json.loads((REFERENCE / "cpu_digests.json").read_text())["sha256"]
    tf.set_backend("cpu")
    got = _recorder().output_digests(tf, _models_dir(), runs=2)
    assert len(expected) == 41 and set(got) == set(expected)
    changed = [
        f"{name} (run {run + 1})"
        for name, runs in got.items()
        for run, digests in enumerate(runs)
        if digests != expected[name]
    ]
    assert changed == []
