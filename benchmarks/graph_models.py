"""The 41 real graph models of ../shared/conformance/graph-models: this project's `cpu`
backend beside the official TF.js runtime's `wasm` backend (XNNPACK), in one session.

    python3 benchmarks/graph_models.py [--only blazeface,iris] [--runs 10]

Ours: the median of `--runs` timed `execute` calls (outputs read back) after one warm-up
call. wasm: `tfjs_reference.js ... wasm RUNS ONLY 8`, i.e. 8 untimed warm-up calls, then
`--runs` timed ones (wasm warms up slowly). Both get the same deterministic inputs: ours
are built by the conformance harness's own `make_input`. The official runtime is
installed with npm into ~/.cache/tfjs-conformance/wasm on first use; without `node` and
`npm` the wasm column is skipped with a note. Prints each model's times, the ratio
ours/wasm and the geometric mean of the ratios. Nothing here is asserted in tests.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

import tfjs as tf

CONFORMANCE = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "graph-models"
CACHE = Path.home() / ".cache" / "tfjs-conformance"
WASM_DIR = CACHE / "wasm"
WASM_PACKAGES = ("@tensorflow/tfjs@4.22.0", "@tensorflow/tfjs-backend-wasm@4.22.0")
WASM_WARMUP = 8


def _harness() -> ModuleType:
    """The conformance harness, imported for its `make_input`, so inputs match exactly."""
    spec = importlib.util.spec_from_file_location("run_models", CONFORMANCE / "run_models.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _models_dir() -> Path:
    out = subprocess.run(
        ["bash", str(CONFORMANCE / "get_models.sh")], check=True, capture_output=True, text=True
    )
    return Path(out.stdout.strip().splitlines()[-1])


def _time_ours(path: Path, rec: dict, runs: int, make_input) -> float:
    """Median ms of `runs` calls after one warm-up call, outputs read back as NumPy."""
    model = tf.load_graph_model(str(path))
    feeds = {
        i["name"]: tf.tensor(make_input(i["shape"], i["dtype"], i["k"]), i["shape"], i["dtype"])
        for i in rec["inputs"]
    }
    times = []
    try:
        for r in range(runs + 1):
            t0 = time.perf_counter()
            outs = model.execute(feeds)
            outs = outs if isinstance(outs, (list, tuple)) else [outs]
            for o in outs:
                o.data_sync()
            if r:
                times.append((time.perf_counter() - t0) * 1e3)
            tf.dispose(list(outs))
    finally:
        tf.dispose(list(feeds.values()))
        model.dispose()
    return statistics.median(times)


def _install_wasm() -> str | None:
    """Installs the official runtime with npm once; returns why not, or None when ready."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "node/npm not found: wasm column skipped"
    if (WASM_DIR / "node_modules" / "@tensorflow" / "tfjs-backend-wasm").is_dir():
        return None
    print(f"installing {' '.join(WASM_PACKAGES)} into {WASM_DIR} (once) ...", file=sys.stderr)
    WASM_DIR.mkdir(parents=True, exist_ok=True)
    cmd = ["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(WASM_DIR)]
    res = subprocess.run([*cmd, *WASM_PACKAGES], capture_output=True, text=True)
    if res.returncode:
        return f"npm install failed ({res.stderr.strip()[-200:]}): wasm column skipped"
    return None


def _time_wasm(models: Path, names: list[str], runs: int) -> tuple[dict[str, float], list[str]]:
    """Median ms per model on the official `wasm` backend, and notes (why not, errors)."""
    why = _install_wasm()
    if why:
        return {}, [why]
    # node resolves `require` from the script's folder, so run a copy inside WASM_DIR.
    script = WASM_DIR / "tfjs_reference.js"
    shutil.copyfile(CONFORMANCE / "tfjs_reference.js", script)
    with tempfile.TemporaryDirectory() as out:
        cmd = ["node", str(script), str(models), out, "wasm", str(runs), ",".join(names)]
        res = subprocess.run([*cmd, str(WASM_WARMUP)], capture_output=True, text=True)
        summary = Path(out) / "summary-wasm.json"
        if res.returncode or not summary.exists():
            return {}, [f"tfjs_reference.js failed ({res.stderr.strip()[-300:]}): wasm column skipped"]
        recs = json.loads(summary.read_text())
    notes = [f"wasm {k}: {v.get('error')}" for k, v in recs.items() if not v.get("ok")]
    return {k: v["medianMs"] for k, v in recs.items() if v.get("ok")}, notes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="comma-separated model names (default: all 41)")
    ap.add_argument("--runs", type=int, default=10, help="timed runs per model (default 10)")
    args = ap.parse_args()

    harness = _harness()
    models = _models_dir()
    summary = json.loads((CONFORMANCE / "ref" / "summary-cpu.json").read_text())
    names = sorted(k for k, v in summary.items() if v.get("ok"))
    if args.only:
        wanted = args.only.split(",")
        unknown = sorted(set(wanted) - set(names))
        if unknown:
            sys.exit(f"unknown models: {', '.join(unknown)}")
        names = [n for n in names if n in wanted]

    tf.set_backend("cpu")
    ours: dict[str, float] = {}
    for name in names:
        try:
            ours[name] = _time_ours(models / f"{name}.json", summary[name], args.runs, harness.make_input)
        except Exception as e:  # one broken model must not hide the others' timings
            print(f"{name}: {type(e).__name__}: {str(e)[:200]}", file=sys.stderr)
        print(f"  cpu  {name:<28}{ours.get(name, math.nan):10.1f} ms", file=sys.stderr, flush=True)

    print("running the official runtime (wasm) ...", file=sys.stderr, flush=True)
    wasm, notes = _time_wasm(models, names, args.runs)

    print(f"{'model':<28}{'ours ms':>10}{'wasm ms':>10}{'ours/wasm':>11}")
    ratios = []
    for name in names:
        a, b = ours.get(name, math.nan), wasm.get(name, math.nan)
        ratio = a / b if a == a and b == b and b > 0 else math.nan
        if ratio == ratio:
            ratios.append(ratio)
        print(f"{name:<28}{a:>10.1f}{b:>10.1f}{ratio:>11.2f}")
    if ratios:
        geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"{'geomean (' + str(len(ratios)) + ' models)':<48}{geomean:>11.2f}")
    for note in notes:
        print(f"note: {note}")
    print(
        f"cpu: {os.cpu_count()} cores; ours = median of {args.runs} after 1 warm-up call, "
        f"wasm = median of {args.runs} after {WASM_WARMUP} warm-up calls"
    )


if __name__ == "__main__":
    main()
