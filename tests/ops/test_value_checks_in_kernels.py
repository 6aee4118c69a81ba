"""Checks that need a tensor's values run in the kernels (DESIGN.md, "Ops validate,
kernels compute"): no op downloads its inputs to validate them, the error still comes
(TF.js's words, before any output is made), and on a GPU the torch backend's check is
pending until the next download instead of making the device wait (run here with the
deferred checks on the CPU device, as a GPU runs them)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import checks_deferred, i32, no_new_buffers, raises_with, settled

# (kernel, call with a bad value, error, TF.js's message). Expected texts are TF.js's
# (GatherV2, scatter_nd_util, broadcast_util, bincount) or this project's documented ones.
BAD_VALUES: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    (
        "GatherV2",
        lambda: tf.gather(tf.tensor1d([1, 2, 3]), i32([0, 5])),
        IndexError,
        "gather: GatherV2: the index value 5 is not in [0, 2]",
    ),
    (
        "GatherV2",
        lambda: tf.gather(tf.tensor2d([[1, 2], [3, 4]]), i32([1, -1], [2, 1]), 1, 1),
        IndexError,
        "gather: GatherV2: the index value -1 is not in [0, 1]",
    ),
    (
        "GatherNd",
        lambda: tf.gather_nd(tf.zeros([2, 3]), i32([0, 0, 2, 0], [2, 2])),
        IndexError,
        "gather_nd: Invalid indices: 2,0 does not index into 2,3",
    ),
    (
        "ScatterNd",
        lambda: tf.scatter_nd(i32([1, 4], [2, 1]), tf.tensor1d([1, 2]), [4]),
        IndexError,
        "scatter_nd: Invalid indices: 4 does not index into 4",
    ),
    (
        "TensorScatterUpdate",
        lambda: tf.tensor_scatter_update(tf.zeros([2, 3]), i32([1, 3], [1, 2]), tf.tensor1d([1])),
        IndexError,
        "tensor_scatter_update: Invalid indices: 1,3 does not index into 2,3",
    ),
    (
        "SparseToDense",
        lambda: tf.sparse_to_dense(i32([0, 3]), tf.tensor1d([1, 2]), [3]),
        IndexError,
        "sparse_to_dense: Invalid indices: 3 does not index into 3",
    ),
    (
        "CropAndResize",
        lambda: tf.image.crop_and_resize(tf.zeros([2, 3, 3, 1]), [[0, 0, 1, 1]] * 2, i32([0, 2]), [2, 2]),
        IndexError,
        "crop_and_resize: boxInd[1] = 2 is not in [0, 2) (the image batch)",
    ),
    (
        "BroadcastArgs",
        lambda: tf.broadcast_args(i32([2, 3]), i32([4])),
        ValueError,
        "broadcast_args: Operands could not be broadcast together with shapes 2,3 and 4.",
    ),
    (
        "Bincount",
        lambda: tf.bincount(i32([1, -4, -2]), [], 3),
        ValueError,
        "bincount: Input x must be non-negative! Got -4 in x.",
    ),
    (
        "DenseBincount",
        lambda: tf.dense_bincount(i32([1, 0, -3, 2], [2, 2]), [], 3),
        ValueError,
        "dense_bincount: Input x must be non-negative! Got -3 in x.",
    ),
    (
        "Bincount",
        lambda: tf.image.threshold(tf.tensor3d([-5.0, 3.0], [1, 2, 1]), "otsu"),
        ValueError,
        "threshold: otsu's histogram: Input x must be non-negative! Got -5 in the rounded grayscale image.",
    ),
]
IDS = [f"{case[0]}-{i}" for i, case in enumerate(BAD_VALUES)]


def _refuse_downloads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Makes every download from the active backend fail the test."""

    def download(*args: Any) -> Any:
        raise AssertionError("an op downloaded a tensor to check its values")

    monkeypatch.setattr(tf.backend(), "read_sync", download)
    monkeypatch.setattr(tf.backend(), "read", download)


@pytest.mark.parametrize(("kernel", "call", "error", "message"), BAD_VALUES, ids=IDS)
def test_the_kernel_checks_values_without_a_download(
    backend: str, monkeypatch: pytest.MonkeyPatch, kernel: str, call: Any, error: Any, message: str
) -> None:
    def attempt() -> None:
        with raises_with(error, message):
            tf.tidy(call)

    if kernel in getattr(tf.backend(), "forwarded_kernels", ()):
        # the kernel runs on cpu: the engine moves its inputs there, and only those moves
        # download (the op itself reads nothing)
        reads = []
        read_sync = tf.backend().read_sync
        monkeypatch.setattr(
            tf.backend(), "read_sync", lambda data_id: reads.append(data_id) or read_sync(data_id)
        )
        moves = tf.engine().num_data_moves
        attempt()
        assert reads and len(reads) == tf.engine().num_data_moves - moves
        return
    if checks_deferred():
        # torch on a GPU: the kernel returns without a download, the error comes with the next
        with monkeypatch.context() as patch:
            _refuse_downloads(patch)
            made = tf.tidy(call)
        with raises_with(error, message):
            settled(lambda: made)
    else:
        with monkeypatch.context() as patch:
            _refuse_downloads(patch)
            no_new_buffers(attempt)  # raised before any output was made: nothing is left
    assert tf.tidy(lambda: tf.add(tf.tensor1d([1, 2]), 1).array_sync()) == [2.0, 3.0]


@pytest.mark.parametrize(("kernel", "call", "error", "message"), BAD_VALUES, ids=IDS)
def test_the_check_raises_through_forwarding(
    backend: str, kernel: str, call: Any, error: Any, message: str
) -> None:
    # Whichever backend runs the kernel, the error is the same.
    with raises_with(error, message):
        settled(lambda: tf.tidy(call))


# ---- torch on a GPU: the check is pending until the next download -------------------


@pytest.fixture
def deferred(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The torch backend with its value checks deferred, as on a GPU."""
    pytest.importorskip("torch", reason="PyTorch (optional dependency) is not installed")
    from tfjs.backends.torch.deferred_checks import ValueChecks

    if not tf.set_backend("torch"):
        pytest.skip("the torch backend did not start")
    checks = ValueChecks(deferred=True)
    monkeypatch.setattr(tf.backend(), "checks", checks)
    return checks


def _no_host_sync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Makes every way a torch tensor's value reaches Python fail the test."""
    import torch

    def sync(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a kernel waited for the device to check a value")

    for name in ("__bool__", "item", "tolist", "cpu", "numpy", "__int__", "__index__"):
        monkeypatch.setattr(torch.Tensor, name, sync)


TORCH_KERNELS = [case for case in BAD_VALUES if case[0] not in ("Bincount", "DenseBincount")]


@pytest.mark.parametrize(
    ("kernel", "call", "error", "message"), TORCH_KERNELS, ids=[c[0] for c in TORCH_KERNELS]
)
def test_deferred_check_raises_at_the_next_download(
    deferred: Any, monkeypatch: pytest.MonkeyPatch, kernel: str, call: Any, error: Any, message: str
) -> None:
    with monkeypatch.context() as patch:
        _no_host_sync(patch)
        result = tf.tidy(call)  # returns at once: nothing has waited for the device
        later = tf.mul(result, 2)  # the engine runs on meanwhile
    try:
        with raises_with(error, message):
            later.data_sync()
        # Settled: the engine runs on, and nothing is pending any more.
        assert tf.tidy(lambda: tf.add(tf.tensor1d([1, 2]), 1).array_sync()) == [2.0, 3.0]
    finally:
        tf.dispose([result, later])


def test_deferred_checks_raise_the_first_failure_once(deferred: Any) -> None:
    x = tf.tensor1d([1, 2, 3])
    fine = tf.tidy(lambda: tf.gather(x, i32([2, 0])))
    first = tf.tidy(lambda: tf.gather_nd(tf.zeros([2, 3]), i32([0, 0, 2, 0], [2, 2])))
    second = tf.tidy(lambda: tf.gather(x, i32([7])))
    bad = None
    try:
        with raises_with(IndexError, "gather_nd: Invalid indices: 2,0 does not index into 2,3"):
            fine.data_sync()  # a download of any result settles every pending check
        assert fine.array_sync() == [3.0, 1.0]  # the second failure went with the first
        bad = tf.tidy(lambda: tf.gather(x, i32([-1])))
        with raises_with(IndexError, "gather: GatherV2: the index value -1 is not in [0, 2]"):
            asyncio.run(bad.data())  # the async read raises too
    finally:
        tf.dispose([x, fine, first, second, bad])


def test_deferred_checks_that_pass_raise_nothing(deferred: Any) -> None:
    def run() -> list[float]:
        updated = tf.tensor_scatter_update(tf.zeros([3]), i32([2, 0], [2, 1]), tf.tensor1d([5, 6]))
        return tf.gather(updated, i32([0, 2])).array_sync()

    assert tf.tidy(run) == [6.0, 5.0]


def test_too_many_pending_checks_are_settled_at_the_next_check(
    deferred: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tfjs.backends.torch import deferred_checks

    monkeypatch.setattr(deferred_checks, "MAX_PENDING", 2)
    x = tf.tensor1d([1, 2, 3])
    made = [tf.tidy(lambda: tf.gather(x, i32([9]))), tf.tidy(lambda: tf.gather(x, i32([1])))]
    try:
        with raises_with(IndexError, "gather: GatherV2: the index value 9 is not in [0, 2]"):
            tf.tidy(lambda: tf.gather(x, i32([0])))  # the third waits once and settles them
        made.append(tf.tidy(lambda: tf.gather(x, i32([2]))))
        assert made[-1].array_sync() == [3.0]
    finally:
        tf.dispose([x, *made])


def test_data_to_gpu_settles_pending_checks(deferred: Any) -> None:
    x = tf.tensor1d([1, 2, 3])
    bad = tf.tidy(lambda: tf.gather(x, i32([3])))
    try:
        with raises_with(IndexError, "gather: GatherV2: the index value 3 is not in [0, 2]"):
            bad.data_to_gpu()
    finally:
        tf.dispose([x, bad])


# ---- gradients that found NaNs and last writes on the host now use ops ---------------


def test_gather_gradient_keeps_infinities_to_their_batch(backend: str) -> None:
    # TF.js sums each batch alone, as segment sums of dy * (ids == row): an infinity
    # gives its own row ±Infinity (NaN with both signs) and the other rows of its
    # column inf * 0 = NaN, in its batch only.
    inf = float("inf")

    def run() -> Any:
        x = tf.zeros([3, 1, 3])
        dy = tf.tensor([[[inf, 5]], [[1, 2]], [[inf, -inf]]])
        return tf.grad(lambda x: tf.gather(x, i32([0, 0, 1, 2, 1, 1], [3, 2]), 2, 1))(x, dy).numpy()

    got = tf.tidy(run)
    nan = float("nan")
    expected = [[[inf, nan, nan]], [[0, 1, 2]], [[nan, nan, nan]]]
    np.testing.assert_array_equal(got, expected)


def test_scatter_gradients_give_overwritten_updates_nothing(backend: str) -> None:
    def run() -> Any:
        dy = tf.tensor1d([10, 20, 30, 40])
        updates = tf.tensor1d([1, 2, 3])
        grad_update = tf.grad(lambda u: tf.tensor_scatter_update(tf.zeros([4]), i32([2, 0, 2], [3, 1]), u))
        sparse = tf.grads(lambda v, d: tf.sparse_to_dense(i32([3, 1, 3]), v, [4], d))
        values_grad, default_grad = sparse([updates, tf.scalar(0)], dy)
        return grad_update(updates, dy).array_sync(), values_grad.array_sync(), default_grad.array_sync()

    # The first write at 2 (and at 3) is overwritten by the last: it gets no gradient;
    # the default value gets the places no index wrote (0 and 2).
    assert tf.tidy(run) == ([0.0, 10.0, 30.0], [0.0, 20.0, 40.0], 40.0)
