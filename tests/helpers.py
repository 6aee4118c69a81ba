"""Small helpers shared by the tests."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
import pytest

import tfjs as tf
from tfjs.engine_scopes import iter_tensors


@contextlib.contextmanager
def scope() -> Iterator[None]:
    """The block as the body of a `tf.tidy`: the tensors it makes are disposed at its end."""
    engine = tf.engine()
    engine.start_scope("test")
    try:
        yield
    finally:
        engine.end_scope()


def no_new_buffers(fn: Callable[[], Any]) -> Any:
    """Runs `fn`, checking it leaves no tensor, engine buffer or backend buffer behind."""
    memory = tf.memory()
    backend_buffers = tf.backend().num_data_ids()
    result = fn()
    after = tf.memory()
    assert after["num_tensors"] == memory["num_tensors"]
    assert after["num_data_buffers"] == memory["num_data_buffers"]
    assert tf.backend().num_data_ids() == backend_buffers
    return result


@contextlib.contextmanager
def raises_with(error: type[Exception], *fragments: str) -> Iterator[pytest.ExceptionInfo[Exception]]:
    """Expects the block to raise `error` whose message contains every one of `fragments`."""
    with pytest.raises(error) as info:
        yield info
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in the message {message!r}"


def checks_deferred() -> bool:
    """Whether the active backend defers its kernels' value checks (indices in range, ...)
    to the next download: torch on a GPU, where asking would make the device wait."""
    checks = getattr(tf.backend(), "checks", None)
    return bool(checks is not None and checks.deferred)


def settled(call: Callable[[], Any]) -> None:
    """Runs `call`; where the active backend defers value checks, downloads what it made,
    so a failed check raises here as it does at once on the other backends. What it
    made is freed either way."""
    made = call()
    try:
        if checks_deferred():
            for tensor in iter_tensors(made):
                tensor.data_sync()
    finally:
        tf.dispose(made)


def i32(values: Sequence[Any], shape: Sequence[int] | None = None) -> tf.Tensor:
    """An int32 tensor of `values` (1-D unless `shape` says otherwise)."""
    return tf.tensor(values, shape if shape is not None else [len(values)], "int32")


def tidy_numpy(fn: Callable[[], Any]) -> Any:
    """`fn` run in a `tf.tidy`, its tensor as a NumPy array (a list of them for a list of
    tensors); nothing is kept."""
    result = tf.tidy(fn)
    try:
        return [t.numpy() for t in result] if isinstance(result, list) else result.numpy()
    finally:
        tf.dispose(result)


def refuses(
    error: type[Exception],
    fragments: Sequence[str],
    call: Callable[..., Any],
    *make_inputs: Callable[[], Any],
) -> None:
    """`call(*inputs)` raises `error` naming every one of `fragments`, leaving no tensor."""
    with scope():
        inputs = [make() for make in make_inputs]
        before = tf.memory()["num_tensors"]
        with raises_with(error, *fragments):
            call(*inputs)
        assert tf.memory()["num_tensors"] == before


def ones(*shape: int) -> Callable[[], tf.Tensor]:
    """A maker of a float32 tensor of ones of `shape`, for `refuses`."""
    return lambda: tf.ones(shape)


def results_of(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[Any]:
    """What each call of `module.name` returns, in a list, while the test runs."""
    results, original = [], getattr(module, name)
    monkeypatch.setattr(
        module, name, lambda *args, **kw: results.append(original(*args, **kw)) or results[-1]
    )
    return results


def values_on(backend: str, op: Callable[[], tf.Tensor]) -> np.ndarray:
    """`op`'s result on `backend`, flat; nothing is kept."""
    assert tf.set_backend(backend), f"backend {backend} did not start"
    result = tf.tidy(op)
    values = result.data_sync().copy()
    result.dispose()
    return values


def assert_same_bits(got: np.ndarray, want: np.ndarray, message: str = "") -> None:
    """The same shape and values, NaN where NaN, and the same sign on every number (-0
    included; a NaN's sign bit is not JavaScript's to see)."""
    assert got.shape == want.shape, message
    np.testing.assert_array_equal(got, want, err_msg=message)
    numbers = ~np.isnan(want)
    assert np.array_equal(np.signbit(got[numbers]), np.signbit(want[numbers])), message


def assert_same_as_cpu(op: Callable[[], tf.Tensor]) -> None:
    """`op` on `torch` gives the `cpu` backend's bits (the exact reference)."""
    want, got = values_on("cpu", op), values_on("torch", op)
    tf.set_backend("cpu")
    assert_same_bits(got, want)


def compiled_calls_match_cpu(
    monkeypatch: pytest.MonkeyPatch,
    model: Any,
    feeds: Sequence[Any],
    reruns: set[int],
    same: Callable[[np.ndarray, np.ndarray, str], None] = assert_same_bits,
) -> list[Any]:
    """`model` executed on each feed on `torch` gives cpu's results by `same` (default:
    the same bits, -0's sign included); its plan was compiled once, on the first call, and
    kept however it measured against the kernel loop; and exactly the calls `reruns`
    (numbered from 0) ran its kernels one by one after the compiled graph (a failed
    traced check, a non-finite feed). Returns cpu's results."""
    from tfjs.backends.torch import plan_compiler
    from tfjs.converter import lowered_plans

    monkeypatch.setattr(lowered_plans, "TRIAL_RUNS", 0)  # no race the kernel loop could win
    compiled = results_of(monkeypatch, plan_compiler, "compile_plan")
    kernel_runs = results_of(monkeypatch, lowered_plans, "run_kernels")  # the compiled plan's `run`
    tf.set_backend("cpu")
    want = [tidy_numpy(lambda x=x: model.execute(tf.tensor(x))) for x in feeds]
    tf.set_backend("torch")
    reran = set()
    for call, (x, values) in enumerate(zip(feeds, want, strict=True)):
        before = len(kernel_runs)
        same(tidy_numpy(lambda x=x: model.execute(tf.tensor(x))), values, f"call {call}")
        if call and len(kernel_runs) > before:
            reran.add(call)
    assert len(compiled) == 1 and compiled[0] is not None, "the plan was not compiled"
    assert reran == reruns, f"calls that ran the kernels one by one: {sorted(reran)}, not {sorted(reruns)}"
    return want
