"""Per-kernel cost of tfjs beside the bare library call its backend makes, per backend,
measured in one run as ratios.

    python3 benchmarks/op_overhead.py [--backend cpu,torch] [--sizes 16,1000000]

`cpu` is compared with the bare NumPy call, `torch` with the bare torch call on tensors
already on its device. Small tensors show the per-op Python overhead (scope, dispatch,
bookkeeping); large ones show whether the kernels run at the library's speed. On a CUDA
device both sides are synchronised after each call, so the figures include the kernel.
`--backend` defaults to every built-in backend that starts. Nothing here is asserted in tests.

The second table is a graph model's per-node cost: a chain of `--nodes` Neg/Relu nodes
run by `model.execute` (its nodes replaying their recorded kernels), per node, beside a
loop of the same kernels called bare through the backend (`backend.execute` of the
registered kernel function, its output freed): what the executor adds per node.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import timeit
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

import tfjs as tf

BUILT_IN = ("cpu", "torch")


def _per_call_us(fn: Callable[[], object], seconds: float = 0.2) -> float:
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    calls = max(1, int(number * seconds / 0.2))
    return min(timer.repeat(repeat=5, number=calls)) / calls * 1e6


def _tfjs_cases(a: tf.Tensor, b: tf.Tensor) -> dict[str, Callable[[], Any]]:
    """Each op as tfjs runs it (the result disposed: its cost is part of an op's)."""
    return {
        "add": lambda: tf.add(a, b).dispose(),
        "mul": lambda: tf.mul(a, b).dispose(),
        "relu": lambda: tf.relu(a).dispose(),
        "square": lambda: tf.square(a).dispose(),
        "exp": lambda: tf.exp(a).dispose(),
        "sum": lambda: tf.sum(a).dispose(),
        "mean": lambda: tf.mean(a).dispose(),
        "reshape": lambda: tf.reshape(a, [-1, 4]).dispose(),
    }


def _bare_cases(lib: Any, x: Any, y: Any) -> dict[str, Callable[[], Any]]:
    """The same ops as bare calls of `lib` (numpy or torch: the names they share)."""
    return {
        "add": lambda: lib.add(x, y),
        "mul": lambda: lib.multiply(x, y),
        "relu": lambda: lib.maximum(x, lib.zeros_like(x)),
        "square": lambda: lib.square(x),
        "exp": lambda: lib.exp(x),
        "sum": lambda: lib.sum(x),
        "mean": lambda: lib.mean(x),
        "reshape": lambda: x.reshape(-1, 4),
    }


def _synchronised(fn: Callable[[], Any], sync: Callable[[], None] | None) -> Callable[[], Any]:
    if sync is None:
        return fn

    def call() -> Any:
        fn()
        sync()

    return call


def _bare_library(backend: str, x: np.ndarray, y: np.ndarray) -> tuple[Any, Any, Any, Any]:
    """(library, x, y, synchronise or None) for the backend's bare calls."""
    if backend == "cpu":
        return np, x, y, None
    import torch

    device = tf.backend().device
    sync = torch.cuda.synchronize if device.type == "cuda" else None
    return torch, torch.from_numpy(x).to(device), torch.from_numpy(y).to(device), sync


def _measure(backend: str, sizes: list[int]) -> list[tuple[str, str, int, float, float]]:
    tf.set_backend(backend)
    rng = np.random.default_rng(0)
    rows = []
    for size in sizes:
        x = rng.standard_normal(size).astype(np.float32)
        y = rng.standard_normal(size).astype(np.float32)
        a, b = tf.tensor(x), tf.tensor(y)
        lib, bx, by, sync = _bare_library(backend, x, y)
        tf.add(a, b).dispose()  # uploads a and b before anything is timed
        bare = _bare_cases(lib, bx, by)
        for name, ours in _tfjs_cases(a, b).items():
            ours_us = _per_call_us(_synchronised(ours, sync))
            bare_us = _per_call_us(_synchronised(bare[name], sync))
            rows.append((backend, name, size, ours_us, bare_us))
        tf.dispose([a, b])
    return rows


def _chain_model(nodes: int) -> tf.GraphModel:
    """x -> Neg -> Relu -> Neg -> ... (`nodes` nodes), as model.json holds it."""
    f32 = {"T": {"type": "DT_FLOAT"}}
    graph = [{"name": "x", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}}}]
    for i in range(nodes):
        source = graph[-1]["name"]
        graph.append({"name": f"n{i}", "op": "Neg" if i % 2 == 0 else "Relu", "input": [source], "attr": f32})
    handler = tf.io.from_memory({"modelTopology": {"node": graph}, "weightSpecs": [], "weightData": b""})
    return tf.load_graph_model(handler)


@contextlib.contextmanager
def _no_programs() -> Iterator[None]:
    """Every node runs its op: no kernel program, no whole-plan program (each module that
    asks `can_replay` is told no)."""
    from tfjs.converter import executor, frames, plan_runner

    modules = (executor, frames, plan_runner)
    saved = [module.can_replay for module in modules]
    for module in modules:
        module.can_replay = lambda: False
    try:
        yield
    finally:
        for module, replaying in zip(modules, saved, strict=True):
            module.can_replay = replaying


def _measure_nodes(backend: str, nodes: int, size: int) -> tuple[float, float, float]:
    """(µs per node of model.execute, the same with every node running its op instead of
    its recorded kernels, µs per bare kernel call) on `backend`."""
    from tfjs.kernel_registry import get_kernel

    tf.set_backend(backend)
    model = _chain_model(nodes)
    x = tf.tensor(np.linspace(-1, 1, size, dtype=np.float32))
    sync = None
    if backend == "torch" and tf.backend().device.type == "cuda":
        import torch

        sync = torch.cuda.synchronize
    run = _synchronised(lambda: model.execute(x).dispose(), sync)
    run()  # records each node's kernels
    per_node = _per_call_us(run) / nodes
    with _no_programs():
        per_op = _per_call_us(run) / nodes
    engine_backend = tf.backend()
    tf.tidy(lambda: tf.neg(x))  # x on the backend
    neg, relu = (get_kernel(name, backend).kernel_func for name in ("Neg", "Relu"))

    def bare_chain() -> None:
        for i in range(nodes):
            out = engine_backend.execute(neg if i % 2 == 0 else relu, {"x": x}, {})
            engine_backend.dispose_data(out.data_id)

    per_kernel = _per_call_us(_synchronised(bare_chain, sync)) / nodes
    x.dispose()
    model.dispose()
    return per_node, per_op, per_kernel


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--backend", help="comma-separated backends (default: cpu and torch where it starts)")
    ap.add_argument("--sizes", default="16,1000000", help="tensor sizes (default 16,1000000)")
    ap.add_argument("--nodes", type=int, default=200, help="graph nodes in the chain (default 200)")
    args = ap.parse_args()
    if args.backend is None:
        backends = [b for b in BUILT_IN if tf.engine().find_backend(b) is not None]
    else:
        backends = [b.strip() for b in args.backend.split(",") if b.strip()]
    for name in backends:
        if name not in BUILT_IN or tf.engine().find_backend(name) is None:
            sys.exit(
                f"--backend: {name!r} is not a built-in backend that starts here ({', '.join(BUILT_IN)})"
            )
    sizes = [int(s) if s.strip().isdigit() else 0 for s in args.sizes.split(",")]
    if any(s < 4 or s % 4 for s in sizes):
        sys.exit("--sizes: each size must be a positive multiple of 4 (reshape makes [-1, 4])")
    rows = [row for backend in backends for row in _measure(backend, sizes)]
    print(f"{'backend':<9}{'op':<10}{'size':>10}{'tfjs µs':>12}{'bare µs':>12}{'ratio':>8}")
    for backend, name, size, ours_us, bare_us in rows:
        print(f"{backend:<9}{name:<10}{size:>10}{ours_us:>12.2f}{bare_us:>12.2f}{ours_us / bare_us:>8.2f}")
    print("bare: NumPy for cpu, torch on the backend's device for torch")
    if args.nodes < 1:
        sys.exit("--nodes: must be at least 1")
    print(f"\n{'backend':<9}{'graph node':<11}{'node µs':>9}{'op µs':>9}{'kernel µs':>11}{'node/kernel':>13}")
    for backend in backends:
        per_node, per_op, per_kernel = _measure_nodes(backend, args.nodes, 16)
        ratio = per_node / per_kernel
        print(f"{backend:<9}{'Neg/Relu':<11}{per_node:>9.2f}{per_op:>9.2f}{per_kernel:>11.2f}{ratio:>13.2f}")
    print(
        "node: model.execute per node (its whole-plan program); op: each node running its op; "
        "kernel: the registered kernel function called through backend.execute, output freed (16 elements)"
    )


if __name__ == "__main__":
    main()
