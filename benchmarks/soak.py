"""Soak: real work repeated many times, to show that nothing grows — not the engine's
tensor count, not the backend's bytes, not the process's memory.

    python3 benchmarks/soak.py                      # 10^5 iterations
    python3 benchmarks/soak.py --iterations 2000    # a quick smoke run
    python3 benchmarks/soak.py --model examples/assets/selfie/model.json@100

Each iteration runs one step of every workload: each graph model (`execute`, outputs
disposed) every EVERY iterations (`--model PATH@EVERY`, repeatable), one training step
(variables and `tf.train.adam`'s `minimize` on a small regression) and, once `tf.layers`
has models that `fit`, one `fit` epoch of a small dense model. Without `--model`, the models are the published
tfjs-examples `prefetch` graph model of ../shared/conformance/zoo-open (when present)
every iteration and the selfie segmentation model in examples/assets every 100 (it takes
about 0.2 s a call). The soak repeats on every registered backend, and on `torch` (the
device backend: a GPU when there is one) when PyTorch is installed; `--backend` picks.

At `--samples` points it prints `num_tensors`, `tf.memory()['num_bytes']` and the RSS;
at the end, the least-squares slope of each per 1000 iterations, fitted after the first
`--warmup` part of the run (caches, optimizer slots and allocator pools fill there), and a
verdict. Tolerances: tensors and bytes are flat when the fitted line moves by less than one
tensor (one byte) over the whole measured part, so a single leaked tensor in the run fails.
The RSS is flat when it moves by less than 1 MiB over the measured part or by less than
16 KiB per 1000 iterations: CPython's small-object allocator takes memory from the system
in 1 MiB arenas and glibc in similar steps, so one step more or less says nothing, while
16 bytes an iteration is less than any leaked tensor costs (its Python object alone is
larger). Exit status 0 when everything is flat.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib.util
import inspect
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import tfjs as tf

REPO = Path(__file__).resolve().parents[1]
PREFETCH = REPO.parent / "shared" / "conformance" / "zoo-open" / "models" / "tfjs-examples-prefetch"
SELFIE = REPO / "examples" / "assets" / "selfie" / "model.json"
METRICS = ("num_tensors", "num_bytes", "rss_bytes")
RSS_STEP_TOLERANCE = 1 << 20
RSS_SLOPE_TOLERANCE = 16 << 10


@dataclass
class Workload:
    """One kind of work: `step()` runs it once; `dispose()` frees what `step` kept."""

    name: str
    step: Callable[[], None]
    dispose: Callable[[], None]
    every: int = 1


@dataclass
class SoakResult:
    """The samples of one backend's run and the slopes fitted to them."""

    backend: str
    iterations: list[int] = field(default_factory=list)
    samples: dict[str, list[float]] = field(default_factory=lambda: {m: [] for m in METRICS})
    slopes: dict[str, float] = field(default_factory=dict)
    flat: dict[str, bool] = field(default_factory=dict)


def rss_bytes() -> int | None:
    """The process's resident set size (Linux /proc), or None where it cannot be read."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def slope_per_1000(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The least-squares slope of ys over xs, per 1000 of x (0 for fewer than 2 points)."""
    if len(xs) < 2:
        return 0.0
    x_mean, y_mean = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - x_mean) ** 2 for x in xs)
    sxy = sum((x - x_mean) * (y - y_mean) for x, y in zip(xs, ys, strict=True))
    return 1000 * sxy / sxx if sxx else 0.0


def is_flat(metric: str, slope: float, window: int) -> bool:
    """The verdict for one metric's slope (per 1000 iterations) over `window` iterations."""
    drift = abs(slope) * window / 1000
    if metric == "rss_bytes":
        return drift < RSS_STEP_TOLERANCE or abs(slope) < RSS_SLOPE_TOLERANCE
    return drift < 1


def graph_model_workload(spec: str) -> Workload:
    """`PATH[@EVERY]`: the graph model at PATH, executed every EVERY iterations on inputs of
    its signature (unknown sizes 8; floats uniform in [0, 1), integers 0)."""
    path, _, every = spec.partition("@")
    model = tf.load_graph_model(path)
    feeds: dict[str, tf.Tensor] = {}
    for info in model.inputs:
        if info.shape is None:
            model.dispose()
            tf.dispose(list(feeds.values()))
            raise ValueError(f"soak: {path}: input {info.name!r} has no shape in the model's signature")
        shape = [8 if d < 0 else d for d in info.shape]
        dtype = info.dtype or "float32"
        feeds[info.name] = (
            tf.random_uniform(shape, 0, 1, "float32", 7) if dtype == "float32" else tf.zeros(shape, dtype)
        )

    def step() -> None:
        tf.dispose(model.execute(feeds))

    def dispose() -> None:
        model.dispose()
        tf.dispose(list(feeds.values()))

    return Workload(f"graph model {Path(path).parent.name}", step, dispose, int(every or 1))


def training_workload() -> Workload:
    """Learns y = a·x² + b·x + c with `tf.train.adam` (as examples/train_quadratic.py)."""
    xs = tf.linspace(-1, 1, 64)
    ys = tf.tidy(lambda: xs.square().mul(-0.8).add(xs.mul(-0.2)).add(0.9))
    # In tidy, as TF.js's variable() keeps its initial value's tensor alive.
    coefficients = tf.tidy(lambda: [tf.variable(tf.scalar(0.5), name=f"soak_{c}") for c in "abc"])
    optimizer = tf.train.adam(0.01)

    def loss() -> tf.Tensor:
        a, b, c = coefficients
        return a.mul(xs.square()).add(b.mul(xs)).add(c).sub(ys).square().mean()

    def step() -> None:
        cost = optimizer.minimize(loss, return_cost=True, var_list=coefficients)
        cost.data_sync()
        cost.dispose()

    def dispose() -> None:
        optimizer.dispose()
        tf.dispose([xs, ys, *coefficients])

    return Workload("training (adam minimize)", step, dispose)


def layers_fit_workload() -> Workload | None:
    """One `fit` epoch of a one-unit dense model per step, once `tf.layers` (with
    `tf.sequential` and a model's `compile` and `fit`) exists; else None."""
    layers = getattr(tf, "layers", None)
    if layers is None or not hasattr(layers, "dense") or not hasattr(tf, "sequential"):
        return None
    model = tf.sequential(layers=[layers.dense(units=1, input_shape=[1])])
    # Looked up by name: compile and fit land after tf.sequential.
    compile_model, fit = getattr(model, "compile", None), getattr(model, "fit", None)
    if not (callable(compile_model) and callable(fit)):
        model.dispose()
        return None
    compile_model(optimizer="sgd", loss="meanSquaredError")
    xs = tf.tensor2d([[-1.0], [0.0], [1.0], [2.0]])
    ys = tf.tensor2d([[-3.0], [-1.0], [1.0], [3.0]])

    def step() -> None:
        history = fit(xs, ys, epochs=1, batch_size=4, verbose=0)
        if inspect.isawaitable(history):
            asyncio.run(_awaited(history))

    def dispose() -> None:
        model.dispose()
        tf.dispose([xs, ys])

    return Workload("layers fit", step, dispose)


async def _awaited(awaitable: object) -> object:
    return await awaitable  # type: ignore[misc]


def soak(backend: str, models: Sequence[str], iterations: int, samples: int, warmup: float) -> SoakResult:
    """Runs every workload `iterations` times on `backend`, sampling `samples` times."""
    if not tf.set_backend(backend):
        raise RuntimeError(f"soak: backend {backend!r} failed to start")
    workloads = [graph_model_workload(spec) for spec in models] + [training_workload()]
    fit = layers_fit_workload()
    if fit is None:
        print("  note: no tf.layers with a model's compile and fit yet: layers fit skipped")
    else:
        workloads.append(fit)
    try:
        return run_workloads(backend, workloads, iterations, samples, warmup)
    finally:
        for work in workloads:
            work.dispose()


def run_workloads(
    backend: str, workloads: Sequence[Workload], iterations: int, samples: int, warmup: float
) -> SoakResult:
    """Steps each workload every `every` iterations, sampling the memory figures
    `samples` times, and fits their slopes after the warm-up part."""
    print(f"  workloads: {', '.join(f'{w.name} (every {w.every})' for w in workloads)}")
    header = f"{'iteration':>10} {'num_tensors':>12} {'num_bytes':>12} {'rss_MiB':>9} {'s/1000 it':>10}"
    print(f"  {header}  (s/1000 it: of the last interval)")
    result = SoakResult(backend)
    interval = max(1, iterations // samples)
    last_time, last_iteration = time.perf_counter(), 0
    for i in range(1, iterations + 1):
        for work in workloads:
            if i % work.every == 0:
                work.step()
        if i % interval == 0 or i == iterations:
            now = time.perf_counter()
            _sample(result, i, 1000 * (now - last_time) / (i - last_iteration))
            last_time, last_iteration = now, i
    _fit(result, iterations, warmup)
    return result


def _sample(result: SoakResult, iteration: int, seconds_per_1000: float) -> None:
    gc.collect()
    memory = tf.memory()
    rss = rss_bytes()
    result.iterations.append(iteration)
    result.samples["num_tensors"].append(memory["num_tensors"])
    result.samples["num_bytes"].append(memory["num_bytes"])
    result.samples["rss_bytes"].append(float("nan") if rss is None else rss)
    rss_text = "n/a" if rss is None else f"{rss / 2**20:.1f}"
    print(
        f"  {iteration:>10} {memory['num_tensors']:>12} {memory['num_bytes']:>12} {rss_text:>9} "
        f"{seconds_per_1000:>10.2f}",
        flush=True,
    )


def _fit(result: SoakResult, iterations: int, warmup: float) -> None:
    start = int(iterations * warmup)
    kept = [k for k, i in enumerate(result.iterations) if i > start]
    xs = [result.iterations[k] for k in kept]
    window = xs[-1] - xs[0] if xs else 0
    print(f"  slopes per 1000 iterations, fitted over iterations {start + 1}..{iterations}:")
    for metric in METRICS:
        ys = [result.samples[metric][k] for k in kept]
        if any(y != y for y in ys):
            print(f"  {metric:>12}: n/a (not readable here)")
            continue
        slope = slope_per_1000(xs, ys)
        result.slopes[metric] = slope
        result.flat[metric] = is_flat(metric, slope, window)
        verdict = "flat" if result.flat[metric] else "GROWS"
        print(f"  {metric:>12}: {slope:+.4f}  {verdict}")


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the soak on each backend; 0 when every slope is flat."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100_000)
    parser.add_argument("--samples", type=int, default=100, help="how many times to sample")
    parser.add_argument("--warmup", type=float, default=0.2, help="part of the run left out of the fits")
    parser.add_argument("--model", action="append", help="PATH[@EVERY] of a graph model (repeatable)")
    parser.add_argument("--backend", action="append", help="default: every registered backend, torch too")
    args = parser.parse_args(argv)
    if args.iterations < 1 or args.samples < 2 or not 0 <= args.warmup < 1:
        parser.error("--iterations must be >= 1, --samples >= 2 and --warmup in [0, 1)")
    models = args.model or _default_models()
    if args.backend is None or not set(args.backend) <= set(tf.engine().registered_backends()):
        _register_device_backends()
    backends = args.backend or tf.engine().registered_backends()
    all_flat = True
    for backend in backends:
        print(f"backend {backend}: {args.iterations} iterations")
        if backend not in tf.engine().registered_backends():
            print(f"  note: no backend {backend!r} is registered: skipped")
            all_flat = False
            continue
        result = soak(backend, models, args.iterations, args.samples, args.warmup)
        all_flat = all_flat and all(result.flat.values())
    print("all flat" if all_flat else "NOT FLAT")
    return 0 if all_flat else 1


def _register_device_backends() -> None:
    """Registers `torch` (the device backend) when this tfjs has it and PyTorch is installed."""
    try:
        from tfjs.backends.torch import register_torch_backend
    except ImportError:
        print("note: no device backend in this tfjs: the soak runs on the registered backends")
    else:
        if importlib.util.find_spec("torch") is not None:
            register_torch_backend()
        else:
            print("note: PyTorch is not installed: the torch backend is skipped")


def _default_models() -> list[str]:
    if (PREFETCH / "model.json").exists():
        return [str(PREFETCH / "model.json"), f"{SELFIE}@100"]
    print(f"note: {PREFETCH} is absent: only the selfie model runs (every 100 iterations)")
    return [f"{SELFIE}@100"]


if __name__ == "__main__":
    sys.exit(main())
