"""Random and hostile calls of every public op and chained Tensor method, on every
registered backend, in the fuzz worker (2 GiB cap, 20 s a call). Each call must return
or raise a clear error naming the op (tests/fuzz/outcomes.py); a failure prints the
seed that replays it. Options: tests/fuzz/conftest.py."""

from __future__ import annotations

import collections
import json
import time

import pytest

from tests.conftest import BACKENDS
from tests.fuzz.op_calls import describe_case, target_of
from tests.fuzz.outcomes import CLEAN, FAILURE_CLASSES, classify
from tests.fuzz.worker import RETURNED, Worker

SHOWN_FAILURES = 40


@pytest.fixture(scope="module")
def worker():
    # 2 GiB: the largest tensor a call may make fills in well under the time limit.
    with Worker(
        memory_limit=2 * 2**30, time_limit=20.0, initializer="tests.twin_backend:register_test_backends"
    ) as running:
        yield running


def _seeds(options: dict) -> range:
    if options["seed"] is not None:
        return range(options["seed"], options["seed"] + 1)
    return range(options["start"], options["start"] + options["calls"])


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_every_op_survives_random_and_hostile_calls(worker, fuzz_options, backend_name):
    counts: collections.Counter[str] = collections.Counter()
    returned = 0
    failures = []
    started = time.perf_counter()
    seeds = _seeds(fuzz_options)
    for seed in seeds:
        outcome = worker.call("tests.fuzz.op_calls:run_case", backend_name, seed)
        verdict = classify(outcome, target_of(seed))
        returned += outcome.kind == RETURNED
        counts[verdict] += 1
        if verdict != CLEAN:
            failures.append((verdict, seed, outcome))
    seconds = time.perf_counter() - started
    figures = {
        "backend": backend_name,
        "calls": len(seeds),
        "first_seed": seeds.start,
        "seconds": round(seconds, 1),
        "restarts": worker.restarts,
        "returned": returned,
        **{name: counts[name] for name in (CLEAN, *FAILURE_CLASSES)},
    }
    print(f"\nop fuzz on {backend_name}: {json.dumps(figures)}")
    if fuzz_options["report"]:
        with open(f"{fuzz_options['report']}.{backend_name}.json", "w", encoding="utf-8") as report:
            json.dump({"figures": figures, "failures": [_entry(*f) for f in failures]}, report, indent=1)
    assert not failures, _failure_text(failures, backend_name)


def _entry(verdict: str, seed: int, outcome) -> dict:
    return {
        "class": verdict,
        "seed": seed,
        "op": target_of(seed).label,
        "error": f"{outcome.exc_type}: {outcome.exc_message}"[:300] if outcome.exc_type else outcome.kind,
        "leaked": outcome.leaked,
        "innermost": outcome.innermost_frame,
    }


def _failure_text(failures: list, backend_name: str) -> str:
    lines = [f"{len(failures)} op fuzz call(s) failed on {backend_name}:"]
    for verdict, seed, outcome in failures[:SHOWN_FAILURES]:
        error = f"{outcome.exc_type}: {outcome.exc_message}"[:300] if outcome.exc_type else outcome.kind
        lines.append(
            f"- {verdict}: {describe_case(seed)[:400]}\n    -> {error}"
            + (f" (leaked {outcome.leaked})" if outcome.leaked else "")
            + f"\n    at {outcome.innermost_frame}"
            + f"\n    replay: pytest tests/fuzz/test_op_fuzz.py --fuzz-seed {seed}"
        )
    return "\n".join(lines)
