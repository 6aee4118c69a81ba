"""The 41 real graph models give, on `cpu`, the same output bits as before the executor's
speed work (kernel programs, host values): every output of a first run (ops recorded) and
of a second run (kernels replayed) against the digests recorded on the commit before it
(reference/record_cpu_digests.py). `cpu` is the exact reference: no speed work may reorder
its float arithmetic.

Its large convolutions and matrix products are one float32 BLAS sum each, whose bits
depend on OpenBLAS's kernels for the CPU and on its thread count: the models run in a
fresh process pinned to a kernel set whose digests are recorded (SkylakeX where the CPU has
AVX-512, else Haswell) at the recorded thread count."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.converter.test_real_models import _models_dir

REFERENCE = Path(__file__).parent / "reference"
REPOSITORY = Path(__file__).resolve().parents[2]

# Run in the pinned process: `mode` "replay" runs each model twice (ops recorded, then
# kernels replayed), "warm" once after a warm-up at load (test_load_warm_up.py).
_DIGESTS = """
import json, sys
import tfjs as tf
from tests.converter.test_cpu_bit_identical import _recorder
from tests.converter.test_load_warm_up import _WarmLoading
mode, models = sys.argv[1:3]
recorder = _recorder()
tf.set_backend("cpu")
if mode == "warm":
    summary = json.loads((recorder.HARNESS / "ref" / "summary-cpu.json").read_text())
    print(json.dumps(recorder.output_digests(_WarmLoading(summary), models, runs=1)))
else:
    print(json.dumps(recorder.output_digests(tf, models, runs=2)))
"""


def _recorder():
    spec = importlib.util.spec_from_file_location("record_cpu_digests", REFERENCE / "record_cpu_digests.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _blas_core() -> str:
    """The recorded OpenBLAS kernel set this CPU can run."""
    cpuinfo = Path("/proc/cpuinfo")
    flags = set(cpuinfo.read_text().split()) if cpuinfo.is_file() else set()
    if "avx512f" in flags:
        return "SkylakeX"
    if {"avx2", "fma"} <= flags:
        return "Haswell"
    pytest.skip("no cpu digests recorded for the OpenBLAS kernels this CPU runs (they need x86 AVX2)")


def pinned_digests(mode: str) -> tuple[dict[str, list[list[str]]], dict[str, list[str]]]:
    """(got, expected): each model's output digests per run, from a fresh process whose
    OpenBLAS runs the recorded kernel set at the recorded thread count; and the digests
    recorded for that kernel set."""
    models = _models_dir()
    record = json.loads((REFERENCE / "cpu_digests.json").read_text())
    core = _blas_core()
    env = {**os.environ, "OPENBLAS_CORETYPE": core, "OPENBLAS_NUM_THREADS": str(record["blas_threads"])}
    done = subprocess.run(
        [sys.executable, "-c", _DIGESTS, mode, models],
        cwd=REPOSITORY,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1]), record["sha256"][core]["models"]


def test_the_41_models_give_the_recorded_bits_on_cpu_run_after_run():
    got, expected = pinned_digests("replay")
    assert len(expected) == 41 and set(got) == set(expected)
    changed = [
        f"{name} (run {run + 1})"
        for name, runs in got.items()
        for run, digests in enumerate(runs)
        if digests != expected[name]
    ]
    assert changed == []
