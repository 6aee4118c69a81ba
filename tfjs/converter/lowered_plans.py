"""An executor's lowered plans: each whole-plan program (plan_program.py) with the form
its backend runs it in, settled in the call that recorded it, and kept per plan, backend
and feed shapes and dtypes, the least recently used of a plan dropped past
MAX_PLAN_PROGRAMS. A plan whose feeds take more shapes than that is compiled for no new
one: compiling takes seconds (rvm fed six image sizes in turn took 3 s a call, compiling
each again), the kernel loop a few calls' time (40 ms a call there).

An executor holds at most MAX_COMPILED compiled runners (each holds the weights again, in
its own layouts: 27 MB on handdetect, whose weights take 7.5; asking for 40 intermediate
outputs in turn grew it by 1.2 GB). One lowered while that many are held is compiled at
its COMPILE_AT_RUN-th run, dropping the least recently used runner (that plan runs as
the kernel loop from then on): a plan run once (one of many outputs looked at) compiles
nothing, one run again takes its place among the compiled."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from tfjs.converter.plan_program import (
    PlanCollector,
    PlanProgram,
    Runner,
    prepare_feeds,
    run_kernels,
    run_program,
)
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor

MAX_PLAN_PROGRAMS = 4  # per plan: feeds whose shapes keep changing lower again
MAX_COMPILED = 8  # compiled runners an executor holds
COMPILE_AT_RUN = 2  # the run that compiles a plan lowered while MAX_COMPILED were held
TRIAL_RUNS = 2  # timed runs each of the loop and a compiled runner before one is kept


def plan_key(
    plan: Any, feeds: Sequence[Tensor], feed_values: Mapping[str, Any] | None = None
) -> tuple[Any, ...]:
    """What a plan program is recorded for: the plan, the backend instance, the feeds'
    shapes and dtypes, and the values of the feeds it reads on the host (`feed_values`:
    HostValues by feed name), which its kernels' attributes hold."""
    values = sorted((feed_values or {}).items())
    read = tuple((name, v.dtype, v.shape, v.flat.tobytes()) for name, v in values)
    return (id(plan), ENGINE.backend, *((t.shape, t.dtype) for t in feeds), read)


class LoweredPlan:
    """A plan program and how its backend runs it: the plain kernel loop, or the runner
    the backend compiled for it (`compile_plan`), where that measured faster (`settle`:
    a compiled graph is not faster for every model)."""

    __slots__ = ("program", "runner", "runners", "runs_to_compile", "trial", "weights_checked")

    def __init__(self, program: PlanProgram, runners: CompiledRunners) -> None:
        self.program = program
        self.runner: Runner | None = None
        self.runners = runners  # the executor's, which this plan's runner counts among
        self.runs_to_compile: int | None = None  # runs left before a deferred compile
        self.trial: tuple[list[float], list[float]] | None = None  # times of (the loop, the runner)
        # The engine's counts of watched disposals and of moves when the weights were last
        # checked: a weight is checked again only after either changed (a few hundred
        # weights, each a cold object after the model ran, cost 1% of a call).
        self.weights_checked: tuple[int, int] | None = None
        ENGINE.watch(tensor for _, tensor in program.fixed)

    def settle(self, feeds: Sequence[Tensor]) -> None:
        """Has the backend compile the plan for `feeds` and, where it does, times the
        kernel loop and the compiled runner in turns on them for TRIAL_RUNS calls each
        (after the runner's first call, which sets it up in this thread: oneDNN Graph's
        partitions run 2x slower in their first calls in a new thread), freeing their
        results, and keeps the faster. Done in the call that recorded the plan, so that
        the next one (TF.js's advice: warm a model up with one call) runs as every later
        one does."""
        program = self.program
        prepare_feeds(program, feeds)
        self.runner = program.backend.compile_plan(partial(run_kernels, program), list(feeds))
        if self.runner is None:
            return
        self._timed(feeds, self.runner)
        self.trial = loop, compiled = [], []
        for _ in range(TRIAL_RUNS):
            loop.append(self._timed(feeds, None))
            compiled.append(self._timed(feeds, self.runner))
        if loop and min(compiled) >= min(loop):
            self.runner = None  # the loop was as fast

    def _timed(self, feeds: Sequence[Tensor], runner: Runner | None) -> float:
        """Seconds one run of the program by `runner` (None: the loop) takes; its results freed."""
        start = time.perf_counter()
        results = run_program(self.program, feeds, runner)
        self.program.backend.synchronize()
        elapsed = time.perf_counter() - start
        for tensor in results:
            tensor.dispose()
        return elapsed

    def run(self, feeds: Sequence[Tensor]) -> list[Tensor]:
        if self.runs_to_compile is not None:
            self.runs_to_compile -= 1
            if self.runs_to_compile <= 0:
                self.runs_to_compile = None
                self.compile(feeds, may_wait=False)
        self.runners.used(self)
        engine = ENGINE
        checked = self.weights_checked == (engine.num_watched_disposals, engine.num_data_moves)
        results = run_program(self.program, feeds, self.runner, check_weights=not checked)
        self.weights_checked = (engine.num_watched_disposals, engine.num_data_moves)
        return results

    def compile(self, feeds: Sequence[Tensor], may_wait: bool = True) -> None:
        """Settles the plan compiled on `feeds`; if `may_wait` and the executor holds
        MAX_COMPILED runners, at its COMPILE_AT_RUN-th run instead (`run`)."""
        if may_wait and self.runners.full():
            self.runs_to_compile = COMPILE_AT_RUN - 1
            return
        self.settle(feeds)
        if self.runner is not None:
            self.runners.add(self)

    @property
    def form(self) -> str:
        """How the plan runs now: "kernel plan" (the loop), or "compiled" with the
        backend's word for its runner (torch's "TorchScript + oneDNN Graph")."""
        if self.runner is None:
            return "kernel plan"
        return f"compiled: {getattr(self.runner, 'form', 'by the backend')}"


class CompiledRunners:
    """An executor's lowered plans holding a compiled runner, least recently used first:
    past MAX_COMPILED, the first drops its runner (and runs as the kernel loop for good)."""

    def __init__(self) -> None:
        self.held: dict[int, LoweredPlan] = {}  # by id

    def full(self) -> bool:
        return len(self.held) >= MAX_COMPILED

    def add(self, lowered: LoweredPlan) -> None:
        if self.full():
            oldest = self.held.pop(next(iter(self.held)))
            oldest.runner = None
        self.held[id(lowered)] = lowered

    def used(self, lowered: LoweredPlan) -> None:
        if id(lowered) in self.held:
            self.held[id(lowered)] = self.held.pop(id(lowered))

    def discard(self, lowered: LoweredPlan | None) -> None:
        if lowered is not None:
            self.held.pop(id(lowered), None)

    def clear(self) -> None:
        self.held.clear()


class PlanPrograms:
    """An executor's plan programs, and the keys whose plans cannot be joined (a node ran
    without a kernel program: not tried again), the least recently used of a plan dropped
    past MAX_PLAN_PROGRAMS."""

    def __init__(self, fold: Callable[[PlanProgram], PlanProgram] = lambda program: program) -> None:
        self.by_key: dict[tuple[Any, ...], LoweredPlan | None] = {}
        # of the keys whose plans do not join: the tensors the rest reads of the part run
        # first, as a plan of its own (plan_parts.first_part)
        self.first_parts: dict[tuple[Any, ...], list[tuple[str, int]]] = {}
        self.fold = fold  # a joined program's rewrite for its backend (plan_folding.fold_for_backend)
        self.varying: set[int] = set()  # plans (by id) lowered for more feed shapes than are kept
        self.runners = CompiledRunners()

    def find(self, key: tuple[Any, ...]) -> LoweredPlan | None:
        if key not in self.by_key:
            return None
        lowered = self.by_key[key] = self.by_key.pop(key)  # most recently used last
        return lowered

    def collector(
        self, key: tuple[Any, ...], feeds: Sequence[Tensor], fixed_ids: set[int]
    ) -> PlanCollector | None:
        """A collector for this run's programs, unless the plan was found not to join."""
        return None if key in self.by_key else PlanCollector(feeds, fixed_ids)

    def lower(
        self, key: tuple[Any, ...], collector: PlanCollector, feeds: Sequence[Tensor], results: Sequence[Any]
    ) -> None:
        """Lowers the plan program `collector` joined from the run on `feeds` that made
        `results`: folds it for the backend, settles the form it runs in
        (LoweredPlan.settle: not compiled once the plan needs more programs than are
        kept, which then lower again) and keeps it; or keeps that the plan does not join."""
        program = collector.program(results)
        same_plan = [other for other in self.by_key if other[0] == key[0]]  # (plan_key)
        full = len(same_plan) >= MAX_PLAN_PROGRAMS
        if full:
            self.varying.add(key[0])
        lowered = LoweredPlan(self.fold(program), self.runners) if program is not None else None
        if lowered is not None:
            try:
                prepare_feeds(lowered.program, feeds)
                if key[0] not in self.varying:
                    lowered.compile(feeds)
            except BaseException:
                self.runners.discard(lowered)
                _dispose_owned(lowered)
                raise
        if full:
            oldest = same_plan[0]
            self.first_parts.pop(oldest, None)
            self.runners.discard(self.by_key[oldest])
            _dispose_owned(self.by_key.pop(oldest))
        self.by_key[key] = lowered

    def clear(self) -> None:
        for lowered in self.by_key.values():
            _dispose_owned(lowered)
        self.by_key.clear()
        self.first_parts.clear()
        self.varying.clear()
        self.runners.clear()


def _dispose_owned(lowered: LoweredPlan | None) -> None:
    for tensor in lowered.program.owned if lowered is not None else ():
        tensor.dispose()
