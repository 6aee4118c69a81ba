"""Model-file mutation fuzz (issue 13): mutated copies of small real graph models
(tests/fuzz/model_cases.py, model_mutations.py) load and run in the fuzz worker, each
with a memory cap and a time limit. Every case must run, or raise an exception that
tfjs raised on purpose (a `raise` statement in tfjs/) with a message: never a crash, a
hang, a MemoryError, an error from inside NumPy or Python (a bare KeyError, IndexError,
TypeError...), a read outside the model's folder, or a leaked tensor.

CI runs seeds 0..1499; the long mode runs more:
    python3 -m pytest -q -s tests/fuzz/test_model_files.py --fuzz-model-files 10000 \\
        --fuzz-model-start 1000000
and prints the count of each outcome. A failing case prints the seed that replays it:
    python -m tests.fuzz.model_cases SEED
"""

from __future__ import annotations

import collections
import linecache
import os
import tempfile
from pathlib import Path

from tests.fuzz.model_cases import available_sources
from tests.fuzz.worker import FAILURE_OF_KIND, RAISED, RETURNED, Outcome, Worker

TFJS = str(Path(__file__).resolve().parents[2] / "tfjs") + os.sep
# Where a case that ran too long may be: running a loop of the model (frames or While),
# whose mutated condition may never turn false, as TF.js's would not.
LOOP_FUNCTIONS = {"run_frames", "execute_function", "while_"}
FAILURES = {"crash", "hang", "memory error", "bare error", "leak", "read outside", "no message"}


def classify(outcome: Outcome) -> str:
    """The outcome's class: 'ran', 'loaded, ...', 'load error', 'run error', 'loop ran
    too long', or one of FAILURES."""
    if outcome.kind == RETURNED:
        return outcome.value["phase"]
    if (outcome.exc_type or "").endswith("CaseRanTooLong"):
        # Interrupted wherever it was (tensors it held then may not all be freed): only
        # inside a loop of the model, whose mutated condition may never turn false, is
        # that the model's doing.
        in_loop = any(function in LOOP_FUNCTIONS for _, _, function in outcome.frames)
        return "loop ran too long" if in_loop else "hang"
    if outcome.kind in FAILURE_OF_KIND:
        return FAILURE_OF_KIND[outcome.kind]
    assert outcome.kind == RAISED
    name = outcome.exc_type or ""
    if name.endswith("ReadOutsideModelFolder"):
        return "read outside"
    if name in ("builtins.MemoryError", "builtins.RecursionError"):
        return "memory error"
    file, line, _ = outcome.innermost_frame or ("", 0, "")
    if not file.startswith(TFJS) or not linecache.getline(file, line).strip().startswith("raise"):
        return "bare error"
    if len((outcome.exc_message or "").strip()) < 10:
        return "no message"
    running = any(function in ("execute", "execute_async", "predict") for _, _, function in outcome.frames)
    return "run error" if running else "load error"


def run_cases(seeds: range) -> tuple[collections.Counter, list[str]]:
    counts: collections.Counter = collections.Counter()
    failures = []
    with (
        tempfile.TemporaryDirectory(prefix="tfjs-model-fuzz-") as root,
        Worker(memory_limit=2 * 2**30, time_limit=20.0) as worker,
    ):
        for seed in seeds:
            outcome = worker.call("tests.fuzz.model_cases:run_case", seed, root)
            kind = classify(outcome)
            counts[kind] += 1
            if kind in FAILURES:
                failures.append(
                    f"seed {seed} ({kind}; replay: python -m tests.fuzz.model_cases {seed}): "
                    f"{outcome.describe()[:1500]}"
                )
    return counts, failures


def _report(counts: collections.Counter, seeds: range) -> str:
    listing = ", ".join(f"{kind}: {count}" for kind, count in counts.most_common())
    return f"{len(seeds)} mutated model files (seeds {seeds.start}..{seeds.stop - 1}): {listing}"


def test_mutated_model_files_run_or_raise_clean_errors(model_fuzz_seeds: range):
    counts, failures = run_cases(model_fuzz_seeds)
    print(_report(counts, model_fuzz_seeds))
    print(f"sources: {available_sources()}")
    assert not failures, "\n\n".join(failures[:20])
    assert counts["ran"] > len(model_fuzz_seeds) // 10, counts  # the mutations leave many models runnable
    assert counts["load error"] > len(model_fuzz_seeds) // 4, counts
