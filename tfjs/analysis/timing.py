"""How fast a model runs: `bench` (load, cold and steady-state latency, FPS, peak memory)
and `profile_model` (time per kernel and per graph op type, from `tf.profile`)."""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from tfjs.analysis.inputs import make_inputs
from tfjs.analysis.memory import largest_live_set
from tfjs.analysis.models import call_model, is_layers_model, load_model, runs_as
from tfjs.converter.fusion import CONVOLUTIONS
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor

OTHER = "(outside graph nodes)"
OUTSIDE_LAYERS = "(outside any layer)"
# A kernel is traced to its layer only through a named scope (tf.tidy) per layer; where
# a layers model's predict opens none, its profile is by kernel only.
NO_LAYER_SCOPES = "by kernel only: a layers model's predict opens no named scope per layer"


@dataclass
class BenchResult:
    """What `bench` measured on one backend; times in ms, bytes as the engine counts them
    (`tf.memory()`): `peak_bytes`, the high-water mark of one call (weights, inputs,
    activations and each kernel's tracked scratch); `weights_bytes`, what the model holds
    between calls; `live_bytes`, the largest set of activations alive at once (inputs
    included; None for a layers model). `warm_up`: loaded with the load option warm_up
    (its run is in `load_ms`). `runs_as`: how the timed calls ran (`models.runs_as`)."""

    backend: str
    load_ms: float
    first_ms: float
    median_ms: float
    p10_ms: float
    p90_ms: float
    fps: float
    peak_bytes: int
    times_ms: list[float]
    weights_bytes: int = 0
    live_bytes: int | None = None
    warm_up: bool = False
    runs_as: str = ""

    @property
    def first_ratio(self) -> float:
        """The first call's time over the steady-state median."""
        return self.first_ms / self.median_ms if self.median_ms > 0 else float("inf")

    @property
    def peak_ratio(self) -> float | None:
        """`peak_bytes` over (`weights_bytes` + `live_bytes`); None without `live_bytes`."""
        if self.live_bytes is None or self.weights_bytes + self.live_bytes <= 0:
            return None
        return self.peak_bytes / (self.weights_bytes + self.live_bytes)

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON-ready values (the ratios included)."""
        return {**dataclasses.asdict(self), "first_ratio": self.first_ratio, "peak_ratio": self.peak_ratio}


@dataclass
class KernelTime:
    """Time spent in one kernel (or graph op type) per run: its calls and total ms."""

    name: str
    calls: int
    total_ms: float


@dataclass
class ProfileResult:
    """What `profile_model` measured per run: the total kernel time and its split by
    kernel name and by the graph's TF op type (a layers model: by layer, "name (Class)",
    where its kernels ran in named scopes per layer; else empty and `note` says why),
    both sorted by time, largest first; `group` names what `op_types` holds."""

    total_ms: float
    kernels: list[KernelTime]
    op_types: list[KernelTime]
    note: str = ""
    group: str = "op type"

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON-ready values."""
        return dataclasses.asdict(self)


@contextlib.contextmanager
def using_backend(name: str) -> Iterator[None]:
    """Makes `name` the active backend for the block, restoring the previous one after.
    An unknown name is a ValueError naming the known backends."""
    from tfjs.engine import ENGINE

    known = ENGINE.registered_backends()
    if name not in known:
        raise ValueError(f"Unknown backend '{name}': the known backends are {', '.join(known)}")
    previous = ENGINE.get_backend()
    if not ENGINE.set_backend(name):
        raise ValueError(f"Backend '{name}' failed to initialise")
    try:
        yield
    finally:
        ENGINE.set_backend(previous)


def _call(model: Any, inputs: Mapping[str, Tensor]) -> None:
    """One inference, its outputs read back (as a page reading its results would) and freed."""
    for tensor in call_model(model, inputs):
        tensor.data_sync()
        tensor.dispose()


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000.0


def bench(
    path: str,
    backend: str = "cpu",
    runs: int = 10,
    warmup: int = 1,
    shapes: Mapping[str, list[int]] | None = None,
    image: Any = None,
    progress: Callable[[int, int], None] | None = None,
    warm_up: bool = False,
) -> BenchResult:
    """Benchmarks the model at `path` (a graph model's `execute`, a layers model's
    `predict`) on `backend` as TF.js's warm-up advice describes:
    the load time, the first call as the caller sees it (cold, with its one-time work;
    with `warm_up`, a graph model is loaded with the load option warm_up, whose run on
    zeros counts in the load time), `warmup` more untimed calls, then `runs` timed
    calls (outputs read back) giving the median, 10th and 90th percentile and FPS
    (1000 / median). Memory, as the engine counts it: `peak_bytes`, its high-water mark
    during one more call (under `tf.profile`), less what was held before loading;
    `weights_bytes`, what the model holds between calls; `live_bytes`, the largest set
    of activations alive at once in one more call (`largest_live_set`).
    `progress(done, total)` is called after each call.

    >>> result = bench("tests/converter/fixtures/add_mul/model.json", runs=3)
    >>> result.backend, len(result.times_ms), result.fps > 0
    ('cpu', 3, True)
    """
    from tfjs.profiler import profile

    if not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be an int >= 1, got {runs!r}")
    if not isinstance(warmup, int) or warmup < 0:
        raise ValueError(f"warmup must be an int >= 0, got {warmup!r}")
    total = 1 + warmup + runs + 2
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    with using_backend(backend):
        held_before = ENGINE.num_bytes
        start = time.perf_counter()
        model = load_model(path)
        load_ms = _ms(start)
        try:
            inputs = make_inputs(model, shapes, image)
            try:
                if warm_up:
                    start = time.perf_counter()
                    _warm_up(model, inputs)
                    load_ms += _ms(start)
                start = time.perf_counter()
                _call(model, inputs)
                first_ms = _ms(start)
                step()
                for _ in range(warmup):
                    _call(model, inputs)
                    step()
                times = []
                for _ in range(runs):
                    start = time.perf_counter()
                    _call(model, inputs)
                    times.append(_ms(start))
                    step()
                form = runs_as(model)
                input_ids = {tensor.data_id for tensor in inputs.values()}
                held = ENGINE.held_buffers()
                input_bytes = sum(held[data_id] for data_id in input_ids if data_id in held)
                weights_bytes = ENGINE.num_bytes - held_before - input_bytes
                peak_bytes = profile(lambda: _call(model, inputs)).peak_bytes - held_before
                step()
                live_bytes = largest_live_set(model, inputs)
                step()
            finally:
                for tensor in inputs.values():
                    tensor.dispose()
        finally:
            model.dispose()
    p10, median, p90 = (float(v) for v in np.percentile(times, [10, 50, 90]))
    return BenchResult(
        backend=backend,
        load_ms=load_ms,
        first_ms=first_ms,
        median_ms=median,
        p10_ms=p10,
        p90_ms=p90,
        fps=1000.0 / median if median > 0 else float("inf"),
        peak_bytes=int(peak_bytes),
        times_ms=times,
        weights_bytes=int(weights_bytes),
        live_bytes=live_bytes,
        warm_up=warm_up,
        runs_as=form,
    )


def _warm_up(model: Any, inputs: Mapping[str, Tensor]) -> None:
    """The load option warm_up on a loaded graph model, at the shapes `inputs` have."""
    from tfjs.converter.warm_up import warm_up

    if is_layers_model(model):
        raise ValueError("bench(): warm_up is a graph model's load option; this is a layers model")
    warm_up(model, {name: list(tensor.shape) for name, tensor in inputs.items()})


def _sorted_times(calls: Mapping[str, int], totals: Mapping[str, float], runs: int) -> list[KernelTime]:
    rows = [KernelTime(name, calls[name] // runs, totals[name] / runs) for name in totals]
    return sorted(rows, key=lambda row: (-row.total_ms, row.name))


def profile_model(
    path: str,
    backend: str = "cpu",
    shapes: Mapping[str, list[int]] | None = None,
    image: Any = None,
    runs: int = 1,
) -> ProfileResult:
    """Profiles the model at `path` with `tf.profile`: one warm-up call, then `runs`
    profiled calls; the kernel times per run summed by kernel name (`kernels`) and by
    the TF op of the graph node that ran them (`op_types`; kernels run outside any node
    are listed as "(outside graph nodes)"), each sorted by time. A layers model's
    `predict` is split by layer where its kernels ran in a named scope per layer, else
    profiled by kernel only (see `ProfileResult.note`).

    >>> result = profile_model("tests/converter/fixtures/add_mul/model.json")
    >>> sorted(k.name for k in result.op_types)
    ['AddV2', 'Identity', 'Mul']
    """
    from tfjs.profiler import profile

    if not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be an int >= 1, got {runs!r}")
    with using_backend(backend):
        model = load_model(path)
        try:
            groups, outside = _scope_groups(model)
            inputs = make_inputs(model, shapes, image)
            try:
                _call(model, inputs)
                records = []
                for _ in range(runs):
                    records += profile(lambda: _call(model, inputs)).kernels
            finally:
                for tensor in inputs.values():
                    tensor.dispose()
        finally:
            model.dispose()
    kernel_calls: dict[str, int] = {}
    kernel_ms: dict[str, float] = {}
    op_calls: dict[str, int] = {}
    op_ms: dict[str, float] = {}
    for record in records:
        kernel_calls[record.name] = kernel_calls.get(record.name, 0) + 1
        kernel_ms[record.name] = kernel_ms.get(record.name, 0.0) + record.kernel_time_ms
        op = next((groups[s] for s in reversed(record.scopes) if s in groups), outside)
        op_calls[op] = op_calls.get(op, 0) + 1
        op_ms[op] = op_ms.get(op, 0.0) + record.kernel_time_ms
    layers = is_layers_model(model)
    if layers and set(op_calls) <= {outside}:
        op_calls, op_ms = {}, {}
    return ProfileResult(
        total_ms=sum(kernel_ms.values()) / runs,
        kernels=_sorted_times(kernel_calls, kernel_ms, runs),
        op_types=_sorted_times(op_calls, op_ms, runs),
        note=NO_LAYER_SCOPES if layers and not op_calls else "",
        group="layer" if layers else "op type",
    )


def _scope_groups(model: Any) -> tuple[dict[str, str], str]:
    """{scope name: the row its kernels count to} and the row of kernels outside them: a
    graph model's TF ops (its nodes' and library functions'), a layers model's layers
    (nested models' too) as "name (Class)"."""
    if is_layers_model(model):
        groups: dict[str, str] = {}
        stack = list(model.layers)
        while stack:
            layer = stack.pop()
            groups[layer.name] = f"{layer.name} ({layer.class_name})"
            stack += getattr(layer, "layers", None) or []
        return groups, OUTSIDE_LAYERS
    op_types = {node.op for node in model.executor.graph.nodes.values()} | set(CONVOLUTIONS.values())
    for function in model.executor.graph.functions.values():
        op_types |= {node.op for node in function.nodes.values()}
    return {op: op for op in op_types}, OTHER
