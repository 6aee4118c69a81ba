"""One seeded case of the model-file fuzz, run inside the fuzz worker (tests/fuzz/worker.py):
copy a small real model into a folder of its own, mutate it (`MUTATIONS`: those of
tests/fuzz/model_mutations.py and model_graph_mutations.py),
load it, and (if it loaded) run it on inputs of its declared shapes.

`run_case(seed, root)` returns {"source", "mutations", "phase"} when nothing was raised;
an exception propagates (the worker reports its type, message and frames). While the
model loads and runs, an audit hook watches every file opened: one outside the case's
folder (other than Python's own code and system files) makes the case raise
`ReadOutsideModelFolder`, whatever else happened.

Replay one case in this process, with its mutations and traceback printed:
    python -m tests.fuzz.model_cases SEED
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

import tfjs as tf
from tests.fuzz import model_graph_mutations as graph
from tests.fuzz import model_mutations as files
from tests.fuzz.model_mutations import Case, plant_bait

REPO = Path(__file__).resolve().parents[2]
ZOO = Path("/work/shared/conformance/zoo-open/models")
# Small real models: the converter's and io's fixtures, and two from the open zoo when this
# machine has it (a fixed list, so that a seed replays the same case everywhere it runs).
SOURCES = [
    ("add_mul", REPO / "tests/converter/fixtures/add_mul"),
    ("chain", REPO / "tests/converter/fixtures/chain"),
    ("functional", REPO / "tests/converter/fixtures/functional"),
    ("frames_loop", REPO / "tests/converter/fixtures/frames_loop"),
    ("switch_merge", REPO / "tests/converter/fixtures/switch_merge"),
    ("hash_table", REPO / "tests/converter/fixtures/hash_table"),
    ("lookup_table", REPO / "tests/converter/fixtures/lookup_table"),
    ("conv_chain", REPO / "tests/converter/fixtures/graph_api/conv_chain"),
    ("io_small_model", None),  # tests/io/model_files.py's small_model, written per case
    ("tfjs-e2e-matmul", ZOO / "tfjs-e2e-matmul"),
    ("tfjs-examples-prefetch", ZOO / "tfjs-examples-prefetch"),
]
# Each mutation with its weight (how often it is drawn): this order is part of what a seed means.
MUTATIONS: list[tuple[Callable[[random.Random, Case], str], int]] = [
    (files.broken_json, 3),
    (files.odd_value_anywhere, 12),
    (files.delete_key, 6),
    (files.top_level_key, 3),
    (files.spec_dtype, 5),
    (files.spec_shape, 6),
    (files.quantization, 6),
    (files.manifest_order, 5),
    (files.bad_path, 6),
    (files.shard_bytes, 7),
    (graph.graph_cycle, 4),
    (graph.node_op, 4),
    (graph.node_inputs, 4),
    (graph.node_attr, 8),
    (graph.placeholder_shape, 3),
    (graph.node_structure, 3),
    (graph.signature_entry, 4),
    (graph.initializer, 3),
    (graph.library_function, 3),
]
MAX_INPUT_ELEMENTS = 10**6
# Within the worker's own time limit: past this the case raises CaseRanTooLong where it is,
# which tells a loop the mutated model never ends (its semantics) from a loader that hangs.
CASE_TIME_BUDGET_S = 5.0
_SYSTEM_PREFIXES = ("/proc/", "/sys/", "/dev/", sys.prefix, sys.base_prefix, sys.exec_prefix)
_CODE_SUFFIXES = (".py", ".pyc", ".so", ".pth")


class ReadOutsideModelFolder(AssertionError):
    """The loader opened a file outside the model's folder."""


class CaseRanTooLong(Exception):
    """The case ran past its time budget: its traceback says where it was."""


def _too_long(signum: int, frame: Any) -> None:
    raise CaseRanTooLong(f"the case ran past {CASE_TIME_BUDGET_S} s")


class _Guard:
    folder: str | None = None
    outside: ClassVar[list[str]] = []


def _watch_opens(event: str, args: tuple) -> None:
    if _Guard.folder is None or event != "open" or not isinstance(args[0], (str, bytes, os.PathLike)):
        return
    path = os.path.realpath(os.fsdecode(args[0]))
    if path == _Guard.folder or path.startswith(_Guard.folder + os.sep):
        return
    if path.endswith(_CODE_SUFFIXES) or path.startswith(_SYSTEM_PREFIXES):
        return
    _Guard.outside.append(path)


sys.addaudithook(_watch_opens)


def mutate(rng: random.Random, case: Case) -> list[str]:
    """One to three mutations of `case` (stopping after one that replaced the JSON text)."""
    functions, weights = zip(*MUTATIONS, strict=True)
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        if case.model is None:
            break
        mutation = rng.choices(functions, weights)[0]
        case.done.append(f"{mutation.__name__}: {mutation(rng, case)}")
    return case.done


def available_sources() -> list[str]:
    """The names of the sources this machine has (the zoo is optional)."""
    return [name for name, path in SOURCES if path is None or path.is_dir()]


def _copy_source(rng: random.Random, folder: Path) -> str | None:
    name, path = SOURCES[rng.randrange(len(SOURCES))]
    if path is None:
        from tests.io.model_files import small_model

        small_model(folder)
        return name
    if not path.is_dir():
        return None
    shutil.copytree(path, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return name


def _load(how: str, folder: Path) -> tf.GraphModel:
    if how == "folder":
        return tf.load_graph_model(str(folder))
    if how == "url":
        return tf.load_graph_model((folder / "model.json").as_uri())
    return tf.load_graph_model(str(folder / "model.json"))


def _make_input(info: Any, rng: np.random.Generator) -> tf.Tensor | None:
    shape = [1 if d < 0 else d for d in (info.shape or [])]
    if any(d > MAX_INPUT_ELEMENTS for d in shape) or np.prod(shape, dtype=float) > MAX_INPUT_ELEMENTS:
        return None
    dtype = info.dtype if info.dtype in ("float32", "int32", "bool", "string") else "float32"
    if dtype == "string":
        words = np.array(["the", "cat", "dog", ""], dtype=object)
        return tf.tensor(rng.choice(words, size=shape).tolist() if shape else "cat", shape, "string")
    if dtype == "float32":
        return tf.tensor(rng.normal(size=shape).astype(np.float32), shape, "float32")
    return tf.tensor(rng.integers(0, 3, size=shape), shape, dtype)


def _run(model: tf.GraphModel, rng: random.Random) -> str:
    values = np.random.default_rng(rng.randrange(2**32))
    feeds: dict[str, tf.Tensor] = {}
    try:
        for info in model.inputs:
            if info.name in feeds:  # a signature may name one placeholder twice
                continue
            tensor = _make_input(info, values)
            if tensor is None:
                return "loaded, input too large to make"
            feeds[info.name] = tensor
        how = rng.choice(["execute", "execute", "execute_async", "predict"])
        if how == "execute_async":
            result = asyncio.run(model.execute_async(feeds))
        else:
            result = getattr(model, how)(feeds)
        tf.dispose(result)
        return "ran"
    finally:
        tf.dispose(list(feeds.values()))


def run_case(seed: int, root: str) -> dict[str, Any]:
    """Mutates one source model as `seed` says, loads and runs it; see the module docstring."""
    rng = random.Random(seed)
    root_path = Path(root)
    plant_bait(root_path)
    folder = root_path / f"case-{seed}"
    shutil.rmtree(folder, ignore_errors=True)
    source = _copy_source(rng, folder)
    if source is None:
        return {"source": None, "mutations": [], "phase": "source missing"}
    case = Case(folder, json.loads((folder / "model.json").read_text()))
    mutate(rng, case)
    case.write()
    how = rng.choice(["path", "path", "folder", "url", "pair"])
    _Guard.folder, _Guard.outside = os.path.realpath(folder), []
    signal.signal(signal.SIGALRM, _too_long)
    signal.setitimer(signal.ITIMER_REAL, CASE_TIME_BUDGET_S)
    try:
        model = _load_pair(folder) if how == "pair" else _load(how, folder)
        try:
            phase = _run(model, rng)
        finally:
            model.dispose()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        outside, _Guard.folder = _Guard.outside, None
        shutil.rmtree(folder, ignore_errors=True)
        if outside:
            raise ReadOutsideModelFolder(f"loading {case.done} read {sorted(set(outside))}")
    return {"source": source, "mutations": case.done, "phase": phase}


def _load_pair(folder: Path) -> tf.GraphModel:
    """`load_graph_model_sync((model.json text, shard bytes))`: the test reads the files
    itself (unwatched), as a caller holding them in memory would."""
    _Guard.folder = None
    text = (folder / "model.json").read_bytes()
    shards = [p.read_bytes() for p in sorted(folder.glob("*.bin")) if p.is_file()]
    _Guard.folder = os.path.realpath(folder)
    return tf.load_graph_model_sync((text, shards if len(shards) != 1 else shards[0]))


def replay(seed: int) -> None:
    """Runs case `seed` here, printing its source, mutations and outcome."""
    with tempfile.TemporaryDirectory(prefix="tfjs-model-fuzz-") as root:
        rng = random.Random(seed)
        folder = Path(root) / "preview"
        source = _copy_source(rng, folder)
        if source is not None:
            case = Case(folder, json.loads((folder / "model.json").read_text()))
            print(f"seed {seed}: {source}; " + "; ".join(mutate(rng, case)))
        before = tf.memory()["num_tensors"]
        try:
            print(run_case(seed, root))
        finally:
            print(f"tensors left: {tf.memory()['num_tensors'] - before}")


if __name__ == "__main__":
    for argument in sys.argv[1:]:
        replay(int(argument))
