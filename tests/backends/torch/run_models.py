"""Runs the graph-model conformance harness with the `torch` backend registered first
(until the backend is registered by `import tfjs`).

usage: python3 tests/backends/torch/run_models.py MODELS_DIR REF_DIR --backend torch [...]
(the harness's own arguments; by default it is ../shared/conformance/graph-models/run_models.py,
TFJS_GRAPH_MODEL_HARNESS names another).
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

from tfjs.backends.torch import register_torch_backend

HARNESS = (
    Path(__file__).resolve().parents[3] / ".." / "shared" / "conformance" / "graph-models" / "run_models.py"
)

if __name__ == "__main__":
    register_torch_backend()
    harness = os.environ.get("TFJS_GRAPH_MODEL_HARNESS", str(HARNESS))
    sys.argv[0] = harness
    runpy.run_path(harness, run_name="__main__")
