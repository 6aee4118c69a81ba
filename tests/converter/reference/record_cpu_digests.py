"""Records the SHA-256 of every output of the 41 real graph models on `cpu`, so that speed
work on the executor (kernel programs, plans) can be shown not to change one output bit
(tests/converter/test_cpu_bit_identical.py). Run it on the commit before such work:

    git worktree add /tmp/before <commit> && cd /tmp/before && \
        OPENBLAS_CORETYPE=SkylakeX OPENBLAS_NUM_THREADS=2 python3 -c "import runpy, sys; \
        sys.argv[1:] = ['MODELS_DIR', 'OUT.json', '<commit>']; \
        runpy.run_path('tests/converter/reference/record_cpu_digests.py', run_name='__main__')"

(run from the worktree, so that its `tfjs` is the one imported, not an editable install's).
Large convolutions and matrix products on `cpu` are one float32 BLAS sum (TF.js's result
up to a few ulps), whose bits depend on OpenBLAS's kernels and thread count: the digests
are kept per kernel set (`OPENBLAS_CORETYPE`, required here) at 2 threads, and a run for
another kernel set adds its digests to OUT beside the others.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path

HARNESS = Path(__file__).resolve().parents[4] / "shared" / "conformance" / "graph-models"
BLAS_THREADS = 2


def harness():
    spec = importlib.util.spec_from_file_location("run_models", HARNESS / "run_models.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def output_digests(
    tf, models_dir: str, only: list[str] | None = None, runs: int = 1
) -> dict[str, list[list[str]]]:
    """{model: one list of output digests per run}, each run on the harness's inputs."""
    make_input = harness().make_input
    summary = json.loads((HARNESS / "ref" / "summary-cpu.json").read_text())
    digests: dict[str, list[list[str]]] = {}
    for name, record in summary.items():
        if only is not None and name not in only:
            continue
        model = tf.load_graph_model(f"file://{models_dir}/{name}.json")
        feeds = {
            spec["name"]: tf.tensor(make_input(spec["shape"], spec["dtype"], k), dtype=spec["dtype"])
            for k, spec in enumerate(record["inputs"])
        }
        for _ in range(runs):
            outputs = model.execute(feeds, record["outputNames"])
            outputs = outputs if isinstance(outputs, list) else [outputs]
            digests.setdefault(name, []).append(
                [hashlib.sha256(o.data_sync().tobytes()).hexdigest() for o in outputs]
            )
            tf.dispose(outputs)
        tf.dispose(list(feeds.values()))
        model.dispose()
    return digests


if __name__ == "__main__":
    import os

    import tfjs as tf

    core, threads = os.environ["OPENBLAS_CORETYPE"], os.environ.get("OPENBLAS_NUM_THREADS")
    assert threads == str(BLAS_THREADS), f"run with OPENBLAS_NUM_THREADS={BLAS_THREADS}"
    tf.set_backend("cpu")
    models_dir, out, commit = sys.argv[1:4]
    digests = {name: runs[0] for name, runs in output_digests(tf, models_dir).items()}
    path = Path(out)
    record = json.loads(path.read_text()) if path.is_file() else {"backend": "cpu", "sha256": {}}
    record["blas_threads"] = BLAS_THREADS
    record["sha256"][core] = {"commit": commit, "models": digests}
    path.write_text(json.dumps(record, indent=1) + "\n")
    print(f"wrote {out}: {len(digests)} models with OpenBLAS's {core} kernels")
