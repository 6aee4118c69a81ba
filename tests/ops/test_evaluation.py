"""topk, unique, the sorted-sequence searches, in_top_k_async and confusion_matrix:
results by name, chained methods, random inputs against a plain loop, memory, and one
test per kind of bad input."""

from __future__ import annotations

import asyncio

import numpy as np

import tfjs as tf
from tests.helpers import raises_with


def test_topk_and_unique_results_are_named_and_chained(backend):
    def run():
        x = tf.tensor1d([3, 1, 3, 2])
        return [*x.topk(k=2), *tf.topk(x, 2, sorted=True), *x.unique(), *tf.unique(x, axis=0)]

    results = tf.tidy(run)
    try:
        got = [t.array_sync() for t in results]
        assert got[:4] == [[3.0, 3.0], [0, 2], [3.0, 3.0], [0, 2]]
        assert got[4:] == [[3.0, 1.0, 2.0], [0, 1, 0, 2], [3.0, 1.0, 2.0], [0, 1, 0, 2]]
    finally:
        tf.dispose(results)
    pair = tf.tidy(lambda: tf.topk(tf.tensor1d([1, 2])))
    try:
        assert pair._fields == ("values", "indices")
        assert pair.values.array_sync() == [2.0] and pair.indices.array_sync() == [1]
    finally:
        tf.dispose(list(pair))


def test_topk_and_unique_on_random_rows_match_a_plain_loop(backend):
    rng = np.random.default_rng(3)
    rows = rng.integers(-4, 4, (50, 40)).astype(np.float32)
    rows[rows == 0] = -0.0  # -0 and 0 tie

    values, indices = tf.tidy(lambda: list(tf.topk(tf.tensor(rows), 7)))
    distinct, where = tf.tidy(lambda: list(tf.unique(tf.tensor(rows[0]))))
    try:
        expected = [sorted(range(40), key=lambda i, row=row: (-row[i], i))[:7] for row in rows]
        assert indices.numpy().tolist() == expected
        assert values.numpy().tolist() == np.take_along_axis(rows, np.array(expected), 1).tolist()
        seen = list(dict.fromkeys(rows[0].tolist()))
        assert distinct.data_sync().tolist() == seen
        assert where.data_sync().tolist() == [seen.index(v) for v in rows[0].tolist()]
    finally:
        tf.dispose([values, indices, distinct, where])


def test_in_top_k_async_frees_what_it_converts_and_takes_keywords(backend):
    before = tf.memory()["num_tensors"]
    result = asyncio.run(tf.in_top_k_async([[1.0, 3.0, 2.0]], [2], k=2))
    try:
        assert result.dtype == "bool" and result.array_sync() == [True]
        assert tf.memory()["num_tensors"] == before + 1
    finally:
        result.dispose()


def test_topk_checks_rank_and_k(backend):
    x = tf.tensor1d([1, 2])
    try:
        with raises_with(ValueError, "topk()", "rank 1 or higher"):
            tf.tidy(lambda: tf.topk(tf.scalar(1)))
        with raises_with(ValueError, "'k'", "topk()", "last dimension (2)", "got 3"):
            tf.topk(x, 3)
        with raises_with(ValueError, "'k'", "topk()", ">= 0", "-1"):
            tf.topk(x, -1)
        with raises_with(TypeError, "'k'", "topk()", "1.5"):
            tf.topk(x, 1.5)
    finally:
        x.dispose()


def test_unique_checks_rank_axis_and_dtype(backend):
    with raises_with(ValueError, "unique", "at least 1D"):
        tf.tidy(lambda: tf.unique(tf.scalar(1)))
    with raises_with(ValueError, "unique", "[-2, 2)", "axis 2"):
        tf.tidy(lambda: tf.unique(tf.zeros([2, 2]), 2))
    with raises_with(TypeError, "unique", "'x'", "complex64"):
        tf.tidy(lambda: tf.unique(tf.tensor([1j])))


def test_search_sorted_checks_shapes_and_side(backend):
    with raises_with(ValueError, "search_sorted", "Leading dimension", "[2, 2]", "[1]"):
        tf.tidy(lambda: tf.search_sorted(tf.zeros([2, 2]), tf.zeros([1])))
    with raises_with(ValueError, "search_sorted", "sorted_sequence", "scalar"):
        tf.tidy(lambda: tf.search_sorted(tf.scalar(1), tf.zeros([1])))
    with raises_with(ValueError, "lower_bound: ", "values", "[2, 0]"):
        tf.tidy(lambda: tf.lower_bound(tf.zeros([2, 2]), tf.zeros([2, 0])))
    with raises_with(ValueError, "upper_bound: ", "sorted_sequence", "scalar"):
        tf.tidy(lambda: tf.upper_bound(tf.scalar(1), tf.zeros([1])))
    with raises_with(ValueError, "search_sorted", "side", "'middle'"):
        tf.tidy(lambda: tf.search_sorted([1, 2], [1], "middle"))


def test_in_top_k_async_checks_ranks_shapes_and_k(backend):
    def run(predictions, targets, k=1):
        return tf.tidy(lambda: asyncio.run(tf.in_top_k_async(predictions, targets, k)))

    with raises_with(ValueError, "in_top_k_async", "predictions", "rank 2 or higher", "1"):
        run([1.0, 2.0], 0)
    with raises_with(ValueError, "in_top_k_async", "predictions rank 2", "targets rank 2"):
        run([[1.0, 2.0]], [[0]])
    with raises_with(ValueError, "in_top_k_async", "[2, 2]", "[3]"):
        run([[1.0, 2.0], [3.0, 4.0]], [0, 1, 1])
    with raises_with(ValueError, "in_top_k_async", "'k'", "(2)", "got 3"):
        run([[1.0, 2.0]], [0], 3)


def test_confusion_matrix_checks_classes_ranks_and_lengths(backend):
    def run(labels, predictions, num_classes):
        return tf.tidy(lambda: tf.math.confusion_matrix(labels, predictions, num_classes))

    with raises_with(ValueError, "confusion_matrix", "num_classes", "positive integer", "0"):
        run([0, 1], [1, 0], 0)
    with raises_with(ValueError, "confusion_matrix", "num_classes", "2.5"):
        run([0, 1], [1, 0], 2.5)
    with raises_with(ValueError, "confusion_matrix", "num_classes", "None"):
        run([0, 1], [1, 0], None)
    with raises_with(ValueError, "confusion_matrix", "rank of labels", "2"):
        run([[0, 1]], [1, 0], 2)
    with raises_with(ValueError, "confusion_matrix", "2 vs. 3"):
        run([0, 1], [1, 0, 1], 2)
