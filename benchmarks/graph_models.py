"""The 41 real graph models of ../shared/conformance/graph-models: this project's
backends (`cpu`, `torch`, ...) beside the official TF.js runtime's `wasm` backend
(XNNPACK), in one session.

    python3 benchmarks/graph_models.py [--backend cpu,torch] [--only blazeface,iris] [--runs 10]

`--backend` defaults to every registered backend that starts here (a named one that
does not start is an error).

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
    ap.add_argument("--backend", help="comma-separated backends (default: every one that starts)")
    args = ap.parse_args()
    backends = _backends(args.backend)

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

    ours: dict[str, dict[str, float]] = {}
    for backend in backends:
        tf.set_backend(backend)
        times = ours[backend] = {}
        for name in names:
            try:
                path, rec = models / f"{name}.json", summary[name]
                times[name] = _time_ours(path, rec, args.runs, harness.make_input)
            except Exception as e:  # one broken model must not hide the others' timings
                print(f"{backend} {name}: {type(e).__name__}: {str(e)[:200]}", file=sys.stderr)
            ms = times.get(name, math.nan)
            print(f"  {backend:<6}{name:<28}{ms:10.1f} ms", file=sys.stderr, flush=True)

    print("running the official runtime (wasm) ...", file=sys.stderr, flush=True)
    wasm, notes = _time_wasm(models, names, args.runs)
    _print_table(names, ours, wasm)
    for note in notes:
        print(f"note: {note}")
    print(
        f"cpu: {os.cpu_count()} cores; ours = median of {args.runs} after 1 warm-up call, "
        f"wasm = median of {args.runs} after {WASM_WARMUP} warm-up calls"
    )


def _backends(option: str | None) -> list[str]:
    """The backends named by `--backend`, or every registered one that starts."""
    registered = tf.engine().registered_backends()
    if option is None:
        return [b for b in registered if tf.engine().find_backend(b) is not None]
    wanted = [b.strip() for b in option.split(",") if b.strip()]
    for name in wanted:
        if name not in registered:
            sys.exit(f"--backend: unknown backend {name!r} (known: {', '.join(registered)})")
        if tf.engine().find_backend(name) is None:
            sys.exit(f"--backend: backend {name!r} did not start here")
    return wanted


def _print_table(names: list[str], ours: dict[str, dict[str, float]], wasm: dict[str, float]) -> None:
    """One row per model: each backend's ms, wasm's ms, then each backend's ratio to wasm;
    the last row, each ratio's geometric mean over the models both ran."""
    backends = list(ours)
    header = "".join(f"{b + ' ms':>12}" for b in [*backends, "wasm"])
    header += "".join(f"{b + '/wasm':>12}" for b in backends)
    print(f"{'model':<28}{header}")
    ratios: dict[str, list[float]] = {b: [] for b in backends}
    for name in names:
        b = wasm.get(name, math.nan)
        row = "".join(f"{ours[backend].get(name, math.nan):>12.1f}" for backend in backends) + f"{b:>12.1f}"
        for backend in backends:
            a = ours[backend].get(name, math.nan)
            ratio = a / b if a == a and b == b and b > 0 else math.nan
            if ratio == ratio:
                ratios[backend].append(ratio)
            row += f"{ratio:>12.2f}"
        print(f"{name:<28}{row}")
    means = [math.exp(sum(map(math.log, r)) / len(r)) if r else math.nan for r in ratios.values()]
    counts = ",".join(str(len(r)) for r in ratios.values())
    label = f"geomean ({counts} models)"
    print(f"{label:<28}{'':>{12 * (len(backends) + 1)}}" + "".join(f"{m:>12.2f}" for m in means))


if __name__ == "__main__":
    main()
