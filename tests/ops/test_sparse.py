"""tf.sparse ops: values, named results, keyword arguments, and bad input."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.helpers import i32, raises_with


def test_sparse_fill_empty_rows_named_results(backend):
    def run():
        r = tf.sparse.sparse_fill_empty_rows(
            indices=[[2, 0], [0, 1]], values=[5, 6], dense_shape=[3, 2], default_value=0
        )
        assert r._fields == ("output_indices", "output_values", "empty_row_indicator", "reverse_index_map")
        return [t.array_sync() for t in r]

    indices, values, empty, reverse = tf.tidy(run)
    assert indices == [[0, 1], [1, 0], [2, 0]]
    assert values == [6.0, 0.0, 5.0]
    assert empty == [False, True, False]
    assert reverse == [2, 0]


def test_sparse_fill_empty_rows_passes_full_ordered_rows_through(backend):
    indices, values = i32([0, 0, 1, 1], [2, 2]), tf.tensor1d([1, 2])
    try:
        r = tf.sparse.sparse_fill_empty_rows(indices, values, [2, 2], 0)
        np.testing.assert_array_equal(r.output_indices.numpy(), [[0, 0], [1, 1]])
        assert r.reverse_index_map.dtype == "int32" and r.empty_row_indicator.dtype == "bool"
        tf.dispose(list(r))
    finally:
        tf.dispose([indices, values])


def test_sparse_reshape_named_results(backend):
    def run():
        r = tf.sparse.sparse_reshape(input_indices=[[1, 2]], input_shape=[2, 3], new_shape=[3, -1])
        return r.output_indices.array_sync(), r.output_shape.array_sync(), r.output_shape.dtype

    assert tf.tidy(run) == ([[2, 1]], [3, 2], "int32")


def test_sparse_segment_sum_accumulates_in_float32_in_order(backend):
    # (1e8 + 1) rounds back to 1e8 in float32, so the 1 is lost before the -1e8.
    out = tf.tidy(lambda: tf.sparse.sparse_segment_sum([1e8, 1, -1e8], [0, 1, 2], [0, 0, 0]))
    try:
        assert out.array_sync() == [0.0]
    finally:
        out.dispose()


def test_sparse_segment_mean_of_int32_truncates(backend):
    out = tf.tidy(lambda: tf.sparse.sparse_segment_mean(i32([7, -8, 1]), i32([0, 1, 2]), i32([0, 1, 1])))
    try:
        assert (out.dtype, out.array_sync()) == ("int32", [7, -3])
    finally:
        out.dispose()


def test_sparse_ops_reject_wrong_ranks(backend):
    with raises_with(ValueError, "sparse_fill_empty_rows", "Indices should be Tensor2D", "2"):
        tf.tidy(lambda: tf.sparse.sparse_fill_empty_rows([0, 1], [1, 2], [2, 2], 0))
    with raises_with(ValueError, "sparse_fill_empty_rows", "Default value should be a scalar"):
        tf.tidy(lambda: tf.sparse.sparse_fill_empty_rows([[0, 0]], [1], [2, 2], [0]))
    with raises_with(ValueError, "sparse_reshape", "New shape should be Tensor1D but received shape 1,1"):
        tf.tidy(lambda: tf.sparse.sparse_reshape([[0, 0]], [2, 3], [[6]]))
    with raises_with(ValueError, "sparse_segment_sum", "Data should be at least 1 dimensional"):
        tf.tidy(lambda: tf.sparse.sparse_segment_sum(tf.scalar(1), [0], [0]))
    with raises_with(ValueError, "sparse_segment_mean", "Segment ids should be Tensor1D"):
        tf.tidy(lambda: tf.sparse.sparse_segment_mean([1, 2], [0, 1], [[0, 0]]))


def test_sparse_ops_reject_shapes_that_do_not_fit(backend):
    with raises_with(ValueError, "sparse_fill_empty_rows", "[2, 2]", "[1]"):
        tf.tidy(lambda: tf.sparse.sparse_fill_empty_rows([[0, 0], [1, 0]], [1], [2, 2], 0))
    with raises_with(ValueError, "sparse_reshape", "[1, 2]", "3"):
        tf.tidy(lambda: tf.sparse.sparse_reshape([[0, 0]], [2, 3, 1], [6]))
    with raises_with(
        ValueError,
        "sparse_reshape",
        "Input to reshape is a tensor with 6 dense values, but the requested shape has 4",
    ):
        tf.tidy(lambda: tf.sparse.sparse_reshape([[0, 0]], [2, 3], [2, 2]))
    with raises_with(
        ValueError, "sparse_segment_sum", "segmentIds and indices should have same size", "[2]", "[1]"
    ):
        tf.tidy(lambda: tf.sparse.sparse_segment_sum([1, 2], [0, 1], [0]))


def test_sparse_ops_reject_indices_out_of_range(backend):
    with raises_with(ValueError, "sparse_fill_empty_rows", "indices(1, 0) is invalid: 2 >= 2"):
        tf.tidy(lambda: tf.sparse.sparse_fill_empty_rows([[0, 0], [2, 0]], [1, 2], [2, 2], 0))
    with raises_with(ValueError, "sparse_segment_sum", "Bad: indices[1] == 3 out of range [0, 2)"):
        tf.tidy(lambda: tf.sparse.sparse_segment_sum([1, 2], [0, 3], [0, 1]))
    with raises_with(ValueError, "sparse_segment_mean", "segment ids are not increasing"):
        tf.tidy(lambda: tf.sparse.sparse_segment_mean([1, 2], [0, 1], [1, 0]))


def test_sparse_ops_reject_negative_sizes(backend):
    with raises_with(ValueError, "sparse_reshape", "size 1 must be non-negative, not -3"):
        tf.tidy(lambda: tf.sparse.sparse_reshape([[0, 0]], [2, 3], [2, -3]))
    with raises_with(ValueError, "sparse_reshape", "only one output dimension may be -1, not both 0 and 1"):
        tf.tidy(lambda: tf.sparse.sparse_reshape([[0, 0]], [2, 3], [-1, -1]))
    with raises_with(ValueError, "sparse_segment_sum", "segment ids must be >= 0"):
        tf.tidy(lambda: tf.sparse.sparse_segment_sum([1, 2], [0, 1], [-1, -1]))


def test_sparse_ops_reject_wrong_dtypes(backend):
    with raises_with(TypeError, "indices", "sparse_segment_sum", "int32", "float32"):
        tf.tidy(lambda: tf.sparse.sparse_segment_sum([1, 2], tf.tensor1d([0, 1]), [0, 0]))
    with raises_with(TypeError, "values", "sparse_fill_empty_rows", "string"):
        tf.tidy(lambda: tf.sparse.sparse_fill_empty_rows([[0, 0]], ["a"], [2, 2], "b"))
    with raises_with(TypeError, "defaultValue", "sparse_fill_empty_rows", "int32"):
        tf.tidy(lambda: tf.sparse.sparse_fill_empty_rows([[0, 0]], i32([1]), [2, 2], tf.scalar(0.5)))
    with raises_with(TypeError, "newShape", "sparse_reshape", "int32"):
        tf.tidy(lambda: tf.sparse.sparse_reshape([[0, 0]], [2, 3], tf.tensor1d([6])))
