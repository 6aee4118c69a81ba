"""Gradients of the reduction, scan, segment and evaluation kernels beyond what the spec
sweep and the recorded TF.js cases say: the ones TF.js lacks (Cumprod at zeros, TopK,
SparseSegmentSum/Mean), ids outside the segments, gradients of gradients, the kernels
that have none, and memory."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import i32, raises_with


def _numeric_cumprod_grad(x: np.ndarray, dy: np.ndarray, exclusive: bool, reverse: bool) -> np.ndarray:
    """d/dx_i of sum(cumprod(x) * dy), from products (no division), in float64."""
    n = len(x)
    order = list(range(n))[::-1] if reverse else list(range(n))
    dx = np.zeros(n)
    for place, i in enumerate(order):
        for later, j in enumerate(order):
            if later < place or (exclusive and later == place):
                continue
            factors = order[: later if exclusive else later + 1]
            dx[i] += dy[j] * np.prod([x[m] for m in factors if m != i])
    return dx


@pytest.mark.parametrize(("exclusive", "reverse"), list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("x", [[2, 0, 3, 0, 5], [0, 4, 2, 3, 1], [2, 3, 0.5, 4, 0], [1.5, -2, 3, 0.5, 2]])
def test_cumprod_gradient_is_exact_at_zeros(x: list[float], exclusive: bool, reverse: bool, backend: str):
    dy = np.array([1, -2, 3, 0.5, 2])

    def run():
        return tf.grad(lambda v: tf.cumprod(v, 0, exclusive, reverse))(tf.tensor(x), tf.tensor(dy)).numpy()

    want = _numeric_cumprod_grad(np.array(x, float), dy, exclusive, reverse)
    np.testing.assert_allclose(tf.tidy(run), want, rtol=1e-6)


def test_cumprod_gradient_along_a_middle_axis(backend: str):
    x = np.array([[[1, 2], [0, 3], [4, 0.5]], [[2, 0], [0, 1], [3, 2]]])

    def run():
        return tf.grad(lambda v: tf.cumprod(v, 1))(tf.tensor(x)).numpy()

    want = np.stack(
        [
            np.stack([_numeric_cumprod_grad(x[b, :, c], np.ones(3), False, False) for c in range(2)], -1)
            for b in range(2)
        ]
    )
    np.testing.assert_allclose(tf.tidy(run), want)


@pytest.mark.parametrize(("exclusive", "reverse"), [(False, False), (True, True)])
def test_cumprod_second_order(exclusive: bool, reverse: bool, backend: str):
    # Exact away from zeros only (see cumprod.py).
    x, dy, w = np.array([2, -1, 3, 0.5, 1.5]), np.array([1, -2, 3, 0.5, 2]), np.array([1, 2, -1, 0.5, 3])

    def run():
        inner = tf.grad(lambda u: tf.cumprod(u, 0, exclusive, reverse))
        return tf.grad(lambda v: tf.sum(tf.mul(inner(v, tf.tensor(dy)), tf.tensor(w))))(tf.tensor(x)).numpy()

    step = 1e-4
    want = [
        (
            w @ _numeric_cumprod_grad(x + step * e, dy, exclusive, reverse)
            - w @ _numeric_cumprod_grad(x - step * e, dy, exclusive, reverse)
        )
        / (2 * step)
        for e in np.eye(len(x))
    ]
    np.testing.assert_allclose(tf.tidy(run), want, rtol=1e-5, atol=1e-6)


def test_prod_second_order_goes_through_cumprod(backend: str):
    # TF.js has no Cumprod gradient, so it cannot differentiate Prod twice.
    def run():
        return tf.grad(tf.grad(lambda x: tf.prod(x)))(tf.tensor([2, 3, 4])).numpy()

    # d/dx_i of sum_j prod_{k != j} x_k = sum_{j != i} prod_{k != i, j} x_k
    np.testing.assert_allclose(tf.tidy(run), [4 + 3, 4 + 2, 3 + 2])


def test_second_order_of_linear_reductions_and_scans_says_nothing_reaches_x(backend: str):
    # As in TF.js: their gradients do not depend on x.
    x = tf.tensor2d([[1, 2, 3], [4, 5, 6]])
    try:
        for f in (lambda v: tf.mean(v, 1), tf.sum, lambda v: tf.cumsum(v, 1, True, True)):
            with raises_with(ValueError, "Cannot compute gradient of y=f(x) with respect to x"):
                tf.grad(tf.grad(f))(x)
    finally:
        x.dispose()


@pytest.mark.parametrize(
    "f",
    [
        lambda v: tf.mul(tf.max(v), tf.sum(v)),
        lambda v: tf.mul(tf.min(v, 0, True), v),
        tf.log_sum_exp,  # a composite of max, sub, exp, sum and log, in TF.js as here
    ],
)
def test_second_order_through_max_or_min_reaches_equal_which_has_no_gradient(f, backend: str):
    # As in TF.js: the gradient of max is dy * cast(equal(x, max)), and Equal has none.
    x, w = tf.tensor([1, 3, 2]), tf.tensor([1, -1, 2])
    try:
        with raises_with(NotImplementedError, "gradient function not found for Equal"):
            tf.grad(lambda v: tf.sum(tf.mul(tf.grad(f)(v), w)))(x)
    finally:
        tf.dispose([x, w])


def test_arg_max_and_arg_min_give_float32_zeros(backend: str):
    def run():
        x = tf.tensor2d([[1, 4], [2, -1]])
        through_int = tf.grad(lambda v: tf.cast(tf.arg_max(tf.cast(v, "int32"), 1), "float32"))(x)
        plain = tf.grad(lambda v: tf.add(v, tf.cast(tf.arg_min(v), "float32")))(x)
        return through_int.dtype, through_int.numpy(), plain.numpy()

    dtype, through_int, plain = tf.tidy(run)
    assert dtype == "float32"
    np.testing.assert_array_equal(through_int, np.zeros((2, 2)))
    np.testing.assert_array_equal(plain, np.ones((2, 2)))


def test_topk_gradient_scatters_dy_to_the_selected_elements(backend: str):
    def run():
        x = tf.tensor3d([3, 1, 4, 1, 5, 9, 2, 6, -5, 3, 5, 8], [2, 2, 3])
        dy = tf.tensor3d([10, 20, 30, 40, 50, 60, 70, 80], [2, 2, 2])
        return tf.grad(lambda v: tf.topk(v, 2).values)(x, dy).numpy()

    want = [[[20, 0, 10], [0, 40, 30]], [[60, 50, 0], [0, 80, 70]]]
    np.testing.assert_array_equal(tf.tidy(run), want)


def test_topk_gradient_with_both_outputs_used(backend: str):
    # The indices output is int32: its (zero) gradient is ignored; ties go to the first.
    def run():
        x = tf.tensor([2.0, 7.0, 7.0, 1.0])

        def f(v):
            values, indices = tf.topk(v, 3)
            return tf.mul(values, tf.cast(indices, "float32"))

        return tf.grad(f)(x).numpy()

    np.testing.assert_array_equal(tf.tidy(run), [0.0, 1.0, 2.0, 0.0])


def test_topk_with_k_zero_and_second_order(backend: str):
    def run():
        x = tf.tensor2d([[1, 5, 3], [4, 2, 6]])
        none = tf.grad(lambda v: tf.topk(v, 0).values)(x).numpy()
        second = tf.grad(tf.grad(lambda v: tf.square(tf.topk(v, 1).values)))(x).numpy()
        return none, second

    none, second = tf.tidy(run)
    np.testing.assert_array_equal(none, np.zeros((2, 3)))
    np.testing.assert_array_equal(second, [[0, 2, 0], [0, 0, 2]])


def test_unsorted_segment_sum_gives_zero_to_dropped_ids(backend: str):
    # TF.js gathers with an id >= num_segments and fails; the op drops those rows.
    def run():
        x = tf.tensor2d([[1, 2], [3, 4], [5, 6], [7, 8]])
        dy = tf.tensor2d([[1, 2], [3, 4]])
        rows = tf.grad(lambda v: tf.unsorted_segment_sum(v, i32([1, 5, -3, 0]), 2))(x, dy).numpy()
        none = tf.grad(lambda v: tf.unsorted_segment_sum(v, i32([1, 5, -3, 0]), 0))(x).numpy()
        return rows, none

    rows, none = tf.tidy(run)
    np.testing.assert_array_equal(rows, [[3, 4], [0, 0], [0, 0], [1, 2]])
    np.testing.assert_array_equal(none, np.zeros((4, 2)))


def test_unsorted_segment_sum_with_ids_of_x_shape_and_second_order(backend: str):
    def run():
        x = tf.tensor2d([[1, 2], [3, 4]])
        ids = i32([[1, 0], [0, 0]], [2, 2])
        dy = tf.tensor2d([[10, 20], [30, 40]])
        first = tf.grad(lambda v: tf.unsorted_segment_sum(v, ids, 2))(x, dy).numpy()
        second = tf.grad(tf.grad(lambda v: tf.square(tf.unsorted_segment_sum(v, i32([0, 0]), 1))))(x).numpy()
        return first, second

    first, second = tf.tidy(run)
    np.testing.assert_array_equal(first, [[30, 20], [10, 20]])
    np.testing.assert_array_equal(second, [[4, 4], [4, 4]])


def test_sparse_segment_gradients_sum_repeated_indices(backend: str):
    def run():
        x = tf.tensor2d([[1, 2], [3, 4], [5, 6]])
        indices, ids = i32([2, 2, 0, 1]), i32([0, 0, 0, 2])
        dy = tf.tensor2d([[3, 6], [100, 100], [1, 2]])
        total = tf.grad(lambda v: tf.sparse.sparse_segment_sum(v, indices, ids))(x, dy).numpy()
        mean = tf.grad(lambda v: tf.sparse.sparse_segment_mean(v, indices, ids))(x, dy).numpy()
        return total, mean

    total, mean = tf.tidy(run)
    np.testing.assert_array_equal(total, [[3, 6], [1, 2], [6, 12]])
    np.testing.assert_array_equal(mean, [[1, 2], [1, 2], [2, 4]])


def test_sparse_segment_gradients_of_empty_segments(backend: str):
    def run():
        x = tf.tensor2d([[1, 2], [3, 4]])
        empty = i32([])
        return [
            tf.grad(lambda v, f=f: tf.add(tf.sum(f(v, empty, empty)), tf.sum(v)))(x).numpy()
            for f in (tf.sparse.sparse_segment_sum, tf.sparse.sparse_segment_mean)
        ]

    for got in tf.tidy(run):
        np.testing.assert_array_equal(got, np.ones((2, 2)))


def test_sparse_segment_mean_second_order(backend: str):
    def run():
        x = tf.tensor([1.0, 2.0, 3.0])
        f = tf.grad(lambda v: tf.square(tf.sparse.sparse_segment_mean(v, i32([0, 1, 2]), i32([0, 0, 0]))))
        return tf.grad(lambda v: tf.sum(f(v)))(x).numpy()

    # d/dx_j of sum_i 2 * mean / 3 = 3 * 2 / 9
    np.testing.assert_allclose(tf.tidy(run), [2 / 3] * 3, rtol=1e-6)


@pytest.mark.parametrize(
    ("kernel", "f"),
    [
        ("Bincount", lambda w: tf.bincount(i32([0, 1, 1]), w, 3)),
        ("DenseBincount", lambda w: tf.dense_bincount(i32([0, 1, 1]), w, 3)),
    ],
)
def test_non_differentiable_kernels_name_themselves(kernel: str, f, backend: str):
    w = tf.tensor([1, 2, 3])
    try:
        with raises_with(NotImplementedError, f"gradient function not found for {kernel}."):
            tf.grad(f)(w)
    finally:
        w.dispose()


def test_gradients_leave_no_tensor_behind(backend: str):
    x = tf.tensor2d([[1, 0, 3], [4, 5, 6]])
    before = tf.memory()["num_tensors"]
    twice = (
        lambda v: tf.prod(v, 0),
        lambda v: tf.prod(v, [0, 1]),
        lambda v: tf.cumsum(v, 0, True),
        lambda v: tf.cumprod(v, 1, False, True),
        lambda v: tf.unsorted_segment_sum(v, i32([1, 1]), 2),
        lambda v: tf.topk(v, 2).values,
        lambda v: tf.sparse.sparse_segment_mean(v, i32([1, 0, 1]), i32([0, 0, 2])),
    )
    once = (
        tf.sum,
        lambda v: tf.mean(v, 1),
        lambda v: tf.max(v, 0, True),
        lambda v: tf.min(v, [0, 1]),
        lambda v: tf.add(v, tf.reshape(tf.cast(tf.arg_max(v, 1), "float32"), [2, 1])),
        lambda v: tf.log_sum_exp(v, 1),
    )
    for f in once + twice:
        tf.dispose(tf.grad(f)(x))
    for f in twice:
        tf.dispose(tf.grad(tf.grad(lambda v, f=f: tf.square(f(v))))(x))
    assert tf.memory()["num_tensors"] == before
    x.dispose()
