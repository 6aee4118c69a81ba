"""A long-lived worker process that runs one call at a time under a memory cap and a
time limit, so that a fuzz test survives what it provokes.

    with Worker(memory_limit=4 * 2**30, time_limit=10.0) as worker:
        outcome = worker.call("tests.fuzz.op_calls:run_case", "cpu", 1234)
        if outcome.kind != RETURNED: print(outcome.describe())

API
- `Worker(memory_limit=4 GiB, time_limit=10 s, initializer=None)`: starts nothing until
  the first call. The child is a fresh interpreter (`python -c`, talking over a
  `multiprocessing.connection` on a socket pair: unlike multiprocessing's *spawn* it
  never re-imports the parent's main script, so any script or test can use it), with
  the parent's `sys.path`, NumPy pinned to one thread and no GPU visible (CUDA cannot
  start under the cap); before it imports anything it caps its address space
  (`resource.setrlimit(RLIMIT_AS, memory_limit)`), then runs
  `initializer` (a `"module:function"` name, e.g. `"tests.twin_backend:register_twin"`)
  once.
- `worker.call(function, *args, time_limit=None, **kwargs) -> Outcome`: `function` is a
  `"module:qualified.name"` string resolved in the child (the call must be picklable:
  plain data, no tensors). The child counts `tf.memory()["num_tensors"]` before the
  call, runs it (awaiting it when it returns an awaitable), disposes every `tf.Tensor`
  in the result (walking lists, tuples and dicts), and counts again.
- `Outcome.kind` is one of
  `RETURNED` (`value`: the result, tensors replaced by `TensorSummary`, unpicklable
  values by their `repr`),
  `RAISED` (`exc_type` as `"module.Name"`, `exc_bases`: its MRO's names (itself
  first), `exc_message`, `frames`: the traceback as
  `(filename, lineno, function)` from the outermost frame in, `traceback`: its text),
  `LEAKED` (returned or raised, but `leaked` tensors more than before remain; those
  fields are filled as for the outcome it would have had),
  `CRASHED` (the child died: `exitcode`, negative for a signal), or
  `TIMED_OUT` (no answer within the limit: the child was killed); `FAILURE_OF_KIND`
  names the last three as failures ("crash", "hang", "leak").
  After `CRASHED` or `TIMED_OUT` the next call starts a fresh child (`restarts` counts).
  A child whose count of live tensors drifted is also restarted, so one leak is
  reported once and never blamed on the calls after it.
- `worker.close()` (or leaving the `with` block) ends the child.

A `MemoryError` under the cap is an ordinary `RAISED` outcome: the caller decides what
counts as a failure.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import os
import socket
import subprocess
import sys
import traceback as traceback_module
from multiprocessing.connection import Connection
from typing import Any

RETURNED = "returned"
RAISED = "raised"
LEAKED = "leaked"
CRASHED = "crashed"
TIMED_OUT = "timed out"

# The failure each kind of outcome is, whatever was called (RAISED is the caller's to judge).
FAILURE_OF_KIND = {CRASHED: "crash", TIMED_OUT: "hang", LEAKED: "leak"}

DEFAULT_MEMORY_LIMIT = 4 * 2**30
DEFAULT_TIME_LIMIT = 10.0
_START_TIME_LIMIT = 120.0
_THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


@dataclasses.dataclass(frozen=True)
class TensorSummary:
    """What a returned tensor was, once it is disposed in the child."""

    shape: tuple[int, ...]
    dtype: str


@dataclasses.dataclass
class Outcome:
    """What one call did (see the module docstring for each kind)."""

    kind: str
    function: str
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = dataclasses.field(default_factory=dict)
    value: Any = None
    exc_type: str | None = None
    exc_message: str | None = None
    exc_bases: tuple[str, ...] = ()
    frames: tuple[tuple[str, int, str], ...] = ()
    traceback: str | None = None
    leaked: int = 0
    exitcode: int | None = None
    seconds: float = 0.0

    @property
    def innermost_frame(self) -> tuple[str, int, str] | None:
        return self.frames[-1] if self.frames else None

    def describe(self) -> str:
        call = f"{self.function}(*{self.args!r}, **{self.kwargs!r})"
        if self.kind == CRASHED:
            return f"{call} crashed the worker (exit code {self.exitcode})"
        if self.kind == TIMED_OUT:
            return f"{call} ran past {self.seconds:.1f} s"
        what = f"raised {self.exc_type}: {self.exc_message}" if self.exc_type else "returned"
        leak = f", leaking {self.leaked} tensor(s)" if self.leaked else ""
        return f"{call} {what}{leak}" + (f"\n{self.traceback}" if self.traceback else "")


class Worker:
    """A child process that runs calls one at a time (see the module docstring)."""

    def __init__(
        self,
        memory_limit: int = DEFAULT_MEMORY_LIMIT,
        time_limit: float = DEFAULT_TIME_LIMIT,
        initializer: str | None = None,
    ) -> None:
        self.memory_limit = memory_limit
        self.time_limit = time_limit
        self.initializer = initializer
        self.restarts = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._connection: Connection | None = None
        self._started_once = False

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def call(self, function: str, *args: Any, time_limit: float | None = None, **kwargs: Any) -> Outcome:
        """Runs `function(*args, **kwargs)` in the child and says what happened."""
        connection = self._ensure_started()
        limit = self.time_limit if time_limit is None else time_limit
        connection.send((function, args, kwargs))
        if not connection.poll(limit):
            self._kill()
            return Outcome(TIMED_OUT, function, args, kwargs, seconds=limit)
        try:
            reply = connection.recv()
        except (EOFError, ConnectionError):
            return Outcome(CRASHED, function, args, kwargs, exitcode=self._reap())
        fields, restart = reply
        if restart:
            self._kill()
        return Outcome(function=function, args=args, kwargs=kwargs, **fields)

    def close(self) -> None:
        """Ends the child, if any."""
        if self._connection is not None:
            with contextlib.suppress(OSError, ValueError):
                self._connection.send(None)
        if self._process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(timeout=5)
        self._kill()

    def _ensure_started(self) -> Connection:
        if self._process is not None and self._process.poll() is None and self._connection is not None:
            return self._connection
        self._kill()
        if self._started_once:
            self.restarts += 1
        self._started_once = True
        parent_end, child_end = socket.socketpair()
        arguments = f"{child_end.fileno()}, {self.memory_limit}, {self.initializer!r}"
        code = f"from {__name__} import serve; serve({arguments})"
        environment = dict(os.environ, PYTHONPATH=os.pathsep.join(path for path in sys.path if path))
        environment.update(dict.fromkeys(_THREAD_VARIABLES, "1"))
        # CUDA reserves far more address space than such a cap leaves, so its context
        # cannot start under one (every worker test failed on an H200 machine): the child
        # sees no GPU, and torch runs on its CPU device, whose memory the cap does bound.
        environment["CUDA_VISIBLE_DEVICES"] = ""
        process = subprocess.Popen(
            [sys.executable, "-c", code], pass_fds=[child_end.fileno()], env=environment
        )
        child_end.close()
        connection = Connection(parent_end.detach())
        if not connection.poll(_START_TIME_LIMIT) or connection.recv() != "ready":
            process.kill()
            raise RuntimeError("the fuzz worker did not start")
        self._process, self._connection = process, connection
        return connection

    def _kill(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
        self._reap()

    def _reap(self) -> int | None:
        exitcode = None
        if self._process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                exitcode = self._process.wait(timeout=5)
        if self._connection is not None:
            self._connection.close()
        self._process, self._connection = None, None
        return exitcode


# ---- the child ------------------------------------------------------------------------


def serve(fd: int, memory_limit: int, initializer: str | None) -> None:
    """The child's loop: runs each call received on socket `fd` (see `Worker`)."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    connection = Connection(fd)
    import tfjs as tf

    if initializer:
        _resolve(initializer)()
    connection.send("ready")
    while True:
        message = connection.recv()
        if message is None:
            return
        function, args, kwargs = message
        connection.send(_run_one(tf, function, args, kwargs))


def _run_one(tf: Any, function: str, args: tuple, kwargs: dict) -> tuple[dict[str, Any], bool]:
    import asyncio
    import time

    before = tf.memory()["num_tensors"]
    start = time.perf_counter()
    fields: dict[str, Any] = {"kind": RETURNED}
    try:
        result = _resolve(function)(*args, **kwargs)
        if hasattr(result, "__await__"):
            result = asyncio.run(_awaited(result))
        fields["value"] = _summarise_and_dispose(tf, result)
    except BaseException as error:  # the outcome reports it, whatever it is
        fields.update(kind=RAISED, **_describe_error(error))
    fields["seconds"] = time.perf_counter() - start
    leaked = tf.memory()["num_tensors"] - before
    if leaked > 0:
        fields.update(kind=LEAKED, leaked=leaked)
    return _picklable(fields), leaked != 0


async def _awaited(awaitable: Any) -> Any:
    return await awaitable


def _describe_error(error: BaseException) -> dict[str, Any]:
    kind = type(error)
    frames = tuple(
        (frame.filename, frame.lineno or 0, frame.name)
        for frame in traceback_module.extract_tb(error.__traceback__)
    )
    return {
        "exc_type": f"{kind.__module__}.{kind.__qualname__}",
        "exc_bases": tuple(f"{base.__module__}.{base.__qualname__}" for base in kind.__mro__),
        "exc_message": str(error),
        "frames": frames,
        "traceback": "".join(traceback_module.format_exception(error)),
    }


def _summarise_and_dispose(tf: Any, value: Any) -> Any:
    if isinstance(value, tf.Tensor):
        summary = TensorSummary(tuple(value.shape), value.dtype)
        if not value.is_disposed:
            value.dispose()
        return summary
    if isinstance(value, (list, tuple)):
        items = [_summarise_and_dispose(tf, item) for item in value]
        return tuple(items) if isinstance(value, tuple) else items  # named tuples as plain ones
    if isinstance(value, dict):
        return {key: _summarise_and_dispose(tf, item) for key, item in value.items()}
    return value


def _picklable(fields: dict[str, Any]) -> dict[str, Any]:
    import pickle

    try:
        pickle.dumps(fields.get("value"))
    except Exception:  # any unpicklable value is reported by its repr instead
        fields["value"] = repr(fields.get("value"))
    return fields


def _resolve(name: str) -> Any:
    module_name, _, qualified = name.partition(":")
    target: Any = importlib.import_module(module_name)
    for part in qualified.split("."):
        target = getattr(target, part)
    return target
