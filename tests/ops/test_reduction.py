"""Reductions, scans and segment sums: chained methods, keyword arguments, large inputs
against a plain loop, and one test per kind of bad input."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import raises_with


def test_chained_methods_and_keywords(backend):
    def run():
        x = tf.tensor2d([[1, 5, 3], [4, 2, 6]])
        return [
            x.max(1),
            x.min(axis=0, keep_dims=True),
            x.prod(),
            x.arg_max(1),
            x.arg_min(axis=1),
            x.cumsum(axis=1, reverse=True),
            x.cumprod(1, exclusive=True),
            x.log_sum_exp(keep_dims=True),
            tf.greater(x, 2).all(1),
            tf.greater(x, 2).any(axis=[0, 1]),
            x.unsorted_segment_sum(tf.tensor1d([1, 1], "int32"), num_segments=2),
        ]

    results = tf.tidy(run)
    try:
        got = [t.array_sync() for t in results]
        assert got[:7] == [
            [5.0, 6.0],
            [[1.0, 2.0, 3.0]],
            720.0,
            [1, 2],
            [0, 1],
            [[9.0, 8.0, 3.0], [12.0, 8.0, 6.0]],
            [[1.0, 1.0, 5.0], [1.0, 4.0, 8.0]],
        ]
        assert got[7][0][0] == pytest.approx(np.log(np.exp([1, 5, 3, 4, 2, 6]).sum()), rel=1e-6)
        assert got[8:] == [[False, False], True, [[0.0, 0.0, 0.0], [5.0, 7.0, 9.0]]]
    finally:
        tf.dispose(results)


def test_large_scans_and_products_follow_javascript_step_by_step(backend):
    rng = np.random.default_rng(7)
    ints = rng.integers(-50000, 50000, 2000).astype(np.int32)
    floats = rng.uniform(0.9, 1.1, 2000).astype(np.float32)

    def run():
        return [tf.cumprod(tf.tensor(ints)), tf.cumsum(tf.tensor(floats)), tf.prod(tf.tensor(floats))]

    products, sums, product = tf.tidy(run)
    try:
        expected_products, running = [], 1
        for v in ints.tolist():  # JavaScript: a double product, stored into an Int32Array
            running = int(np.array([float(v) * running]).astype(np.int64)[0] % 2**32)
            running = running - 2**32 if running >= 2**31 else running
            expected_products.append(running)
        assert products.data_sync().tolist() == expected_products
        expected_sums, total = [], np.float32(0)
        for v in floats:
            total = np.float32(total + v)
            expected_sums.append(total)
        assert sums.data_sync().tolist() == expected_sums
        double = 1.0
        for v in floats.tolist():
            double *= v
        assert product.data_sync()[0] == np.float32(double)
    finally:
        tf.dispose([products, sums, product])


def test_bincount_of_float32_weights_rounds_every_step(backend):
    weights = np.full(10, 0.1, np.float32)
    result = tf.tidy(lambda: tf.bincount(tf.tensor(np.zeros(10, np.int32)), tf.tensor(weights), 1))
    try:
        total = np.float32(0)
        for w in weights:
            total = np.float32(total + w)
        assert result.data_sync()[0] == total
    finally:
        result.dispose()


@pytest.mark.parametrize("op", [tf.max, tf.min, tf.prod, tf.all, tf.any, tf.log_sum_exp])
def test_reductions_check_their_axis(op, backend):
    x = tf.zeros([2, 3], "bool" if op in (tf.all, tf.any) else "float32")
    try:
        with raises_with(ValueError, op.__name__, "[-2, 2)", "axis 2"):
            op(x, 2)
        with raises_with(TypeError, op.__name__, "axis"):
            op(x, 0.5)
    finally:
        x.dispose()


@pytest.mark.parametrize("op", [tf.arg_max, tf.arg_min, tf.cumsum, tf.cumprod])
def test_single_axis_ops_check_their_axis(op, backend):
    x = tf.zeros([2, 3])
    try:
        with raises_with(ValueError, op.__name__, "[-2, 2)", "axis 3"):
            op(x, 3)
        with raises_with(TypeError, op.__name__, "axis", "[0]"):
            op(x, [0])
    finally:
        x.dispose()


def test_scans_and_arg_reductions_reject_scalars(backend):
    x = tf.scalar(2)
    try:
        with raises_with(ValueError, "cumsum", "scalar"):
            tf.cumsum(x)
        with raises_with(ValueError, "arg_max", "[-0, 0)", "axis 0"):
            tf.arg_max(x)
    finally:
        x.dispose()


@pytest.mark.parametrize("op", [tf.max, tf.min, tf.prod, tf.arg_max, tf.arg_min, tf.cumsum, tf.log_sum_exp])
def test_reductions_reject_complex_and_string_tensors(op, backend):
    z, s = tf.tensor([1 + 2j]), tf.tensor(["a"])
    try:
        with raises_with(TypeError, op.__name__, "'x'", "complex64"):
            op(z)
        with raises_with(TypeError, op.__name__, "'x'", "string"):
            op(s)
    finally:
        tf.dispose([z, s])


def test_all_and_any_take_only_bool_tensors(backend):
    x = tf.tensor([1, 0])
    try:
        with raises_with(TypeError, "'x'", "'all'", "bool", "float32"):
            tf.all(x)
        with raises_with(TypeError, "'x'", "'any'", "bool", "float32"):
            tf.any(x)
    finally:
        x.dispose()


@pytest.mark.parametrize("op", [tf.bincount, tf.dense_bincount])
def test_bincounts_check_dtype_size_weights_and_values(op, backend):
    name = op.__name__
    x = tf.tensor([1, 2], dtype="int32")
    try:
        with raises_with(TypeError, name, "int32", "float32"):
            tf.tidy(lambda: op(tf.tensor([1.0]), [], 3))
        with raises_with(ValueError, name, "size", "non-negative", "-1"):
            op(x, [], -1)
        with raises_with(TypeError, name, "size", "2.5"):
            op(x, [], 2.5)
        with raises_with(ValueError, name, "weights", "[2]", "[3]"):
            op(x, [1, 2, 3], 3)
        with raises_with(ValueError, name, "non-negative", "-4"):
            tf.tidy(lambda: op(tf.tensor([1, -4], dtype="int32"), [], 3))
    finally:
        x.dispose()


def test_dense_bincount_takes_at_most_rank_2(backend):
    with raises_with(ValueError, "dense_bincount", "at most rank 2", "rank 3"):
        tf.tidy(lambda: tf.dense_bincount(tf.zeros([1, 1, 1], "int32"), [], 3))


def test_unsorted_segment_sum_checks_ids_and_segments(backend):
    x = tf.zeros([3, 2])
    try:
        with raises_with(ValueError, "unsorted_segment_sum", "segment_ids", "[2]", "[3, 2]"):
            tf.tidy(lambda: tf.unsorted_segment_sum(x, tf.tensor([0, 1], dtype="int32"), 2))
        with raises_with(TypeError, "segment_ids", "unsorted_segment_sum", "int32", "float32"):
            tf.tidy(lambda: tf.unsorted_segment_sum(x, tf.tensor([0.0, 1.0, 1.0]), 2))
        with raises_with(TypeError, "unsorted_segment_sum", "num_segments", "2.5"):
            tf.tidy(lambda: tf.unsorted_segment_sum(x, [0, 1, 1], 2.5))
        with raises_with(ValueError, "unsorted_segment_sum", "num_segments", "-1"):
            tf.tidy(lambda: tf.unsorted_segment_sum(x, [0, 1, 1], -1))
    finally:
        x.dispose()
