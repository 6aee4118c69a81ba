"""Ragged ops: values, keyword arguments, results as named tuples, and bad input."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.helpers import i32, raises_with


def test_ragged_gather_returns_named_splits_and_values(backend):
    def run():
        r = tf.ragged_gather(
            params_nested_splits=[i32([0, 2, 3]), i32([0, 1, 3, 6])],
            params_dense_values=[10, 20, 30, 40, 50, 60],
            indices=i32([1, 0]),
            output_ragged_rank=2,
        )
        return [s.array_sync() for s in r.output_nested_splits], r.output_dense_values.array_sync()

    splits, values = tf.tidy(run)
    assert splits == [[0, 1, 3], [0, 3, 4, 6]]
    assert values == [40.0, 50.0, 60.0, 10.0, 20.0, 30.0]


def test_ragged_range_float_values_add_delta_in_double_precision(backend):
    # Each value is the previous running double plus delta, rounded when stored (not
    # start + i * delta, and not a float32 running sum).
    splits, values = tf.ragged_range([0.0], [1.05], [0.1])
    try:
        assert splits.array_sync() == [0, 11]
        running = [0.0]
        for _ in range(10):
            running.append(running[-1] + float(np.float32(0.1)))
        np.testing.assert_array_equal(values.data_sync(), np.float32(running))
        assert values.dtype == "float32" and splits.dtype == "int32"
    finally:
        tf.dispose([splits, values])


def test_ragged_tensor_to_tensor_pads_with_a_broadcast_default(backend):
    out = tf.tidy(
        lambda: tf.ragged_tensor_to_tensor(
            shape=[-1, -1, 2],
            values=tf.tensor2d([[1, 2], [3, 4], [5, 6]]),
            default_value=[7, 8],
            row_partition_tensors=[i32([0, 1, 3])],
            row_partition_types=["ROW_SPLITS"],
        )
    )
    try:
        assert out.array_sync() == [[[1, 2], [7, 8]], [[3, 4], [5, 6]]]
    finally:
        out.dispose()


def test_ragged_gather_rejects_out_of_range_indices(backend):
    with raises_with(ValueError, "ragged_gather", "indices[1]", "= 5", "[0, 2)"):
        tf.tidy(lambda: tf.ragged_gather([i32([0, 1, 3])], [1, 2, 3], i32([0, 5]), 1))


def test_ragged_gather_rejects_bad_splits(backend):
    with raises_with(ValueError, "ragged_gather", "sorted in ascending order"):
        tf.tidy(lambda: tf.ragged_gather([i32([0, 3, 1, 3])], [1, 2, 3], i32([0]), 1))
    with raises_with(ValueError, "ragged_gather", "must not point past values"):
        tf.tidy(lambda: tf.ragged_gather([i32([0, 1, 4])], [1, 2, 3], i32([0]), 1))
    with raises_with(TypeError, "ragged_gather", "paramsNestedSplits"):
        tf.tidy(lambda: tf.ragged_gather(i32([0, 1]), [1, 2, 3], i32([0]), 1))


def test_ragged_gather_rejects_wrong_ranks_and_dtypes(backend):
    with raises_with(ValueError, "ragged_gather", "Split tensors must not be scalars"):
        tf.tidy(lambda: tf.ragged_gather([tf.scalar(1, "int32")], [1, 2], i32([0]), 1))
    with raises_with(ValueError, "ragged_gather", "params.rank must be nonzero"):
        tf.tidy(lambda: tf.ragged_gather([i32([0, 1])], tf.scalar(1), i32([0]), 1))
    with raises_with(TypeError, "indices", "ragged_gather", "int32", "float32"):
        tf.tidy(lambda: tf.ragged_gather([i32([0, 1])], [1], tf.tensor1d([0]), 1))
    with raises_with(TypeError, "paramsDenseValues", "ragged_gather", "string"):
        tf.tidy(lambda: tf.ragged_gather([i32([0, 1])], ["a"], i32([0]), 1))


def test_ragged_range_rejects_bad_arguments(backend):
    with raises_with(ValueError, "ragged_range", "delta != 0"):
        tf.tidy(lambda: tf.ragged_range([0, 1], [2, 3], [1, 0]))
    with raises_with(
        ValueError, "ragged_range", "starts, limits, and deltas must have the same shape", "[2]", "[3]"
    ):
        tf.tidy(lambda: tf.ragged_range([0, 1], [2, 3, 4], 1))
    with raises_with(ValueError, "ragged_range", "limits must be a scalar or vector", "[1, 1]"):
        tf.tidy(lambda: tf.ragged_range(0, [[2]], 1))
    with raises_with(TypeError, "limits", "ragged_range", "int32", "float32"):
        tf.tidy(lambda: tf.ragged_range(i32([0]), tf.tensor1d([2]), i32([1])))
    with raises_with(TypeError, "ragged_range", "bool"):
        tf.tidy(lambda: tf.ragged_range(True, True, True))
    with raises_with(ValueError, "ragged_range", "2147483647"):
        tf.tidy(lambda: tf.ragged_range(0, float("inf"), 1))


def test_ragged_tensor_to_tensor_rejects_bad_arguments(backend):
    def splits():
        return [i32([0, 1, 3])]

    with raises_with(ValueError, "ragged_tensor_to_tensor", "rowPartitionTypes[0]", "'ROW_SPLIT'"):
        tf.tidy(lambda: tf.ragged_tensor_to_tensor([-1, -1], [1, 2, 3], 0, splits(), ["ROW_SPLIT"]))
    with raises_with(ValueError, "ragged_tensor_to_tensor", "same length", "1 tensors", "2 types"):
        tf.tidy(
            lambda: tf.ragged_tensor_to_tensor([-1, -1], [1, 2, 3], 0, splits(), ["ROW_SPLITS", "ROW_SPLITS"])
        )
    with raises_with(ValueError, "ragged_tensor_to_tensor", "shape=-1,-1,-1", "rt input.rank = 2"):
        tf.tidy(lambda: tf.ragged_tensor_to_tensor([-1, -1, -1], [1, 2, 3], 0, splits(), ["ROW_SPLITS"]))
    with raises_with(ValueError, "ragged_tensor_to_tensor", "defaultValue.rank = 1"):
        tf.tidy(lambda: tf.ragged_tensor_to_tensor([-1, -1], [1, 2, 3], [0], splits(), ["ROW_SPLITS"]))
    with raises_with(ValueError, "ragged_tensor_to_tensor", "Dimension -3 must be >= -1"):
        tf.tidy(lambda: tf.ragged_tensor_to_tensor([-3, -1], [1, 2, 3], 0, splits(), ["ROW_SPLITS"]))
    with raises_with(ValueError, "ragged_tensor_to_tensor", "Got nextValueRowId=4", "not less than 2"):
        tf.tidy(
            lambda: tf.ragged_tensor_to_tensor(
                [-1, -1],
                [1, 2, 3],
                0,
                [tf.scalar(2, "int32"), i32([0, 0, 4])],
                ["FIRST_DIM_SIZE", "VALUE_ROWIDS"],
            )
        )
    with raises_with(ValueError, "ragged_tensor_to_tensor", "Cannot handle partition type ROW_LENGTHS"):
        tf.tidy(
            lambda: tf.ragged_tensor_to_tensor(
                [-1, -1],
                [1, 2, 3],
                0,
                [tf.scalar(2, "int32"), i32([1, 2])],
                ["FIRST_DIM_SIZE", "ROW_LENGTHS"],
            )
        )
    with raises_with(ValueError, "ragged_tensor_to_tensor", "rt input.shape[2] = 2 but shape[2] = 3"):
        tf.tidy(
            lambda: tf.ragged_tensor_to_tensor([-1, -1, 3], tf.zeros([3, 2]), 0, splits(), ["ROW_SPLITS"])
        )
    with raises_with(TypeError, "defaultValue", "ragged_tensor_to_tensor", "int32"):
        tf.tidy(
            lambda: tf.ragged_tensor_to_tensor(
                [-1, -1], i32([1, 2, 3]), tf.scalar(0.5), splits(), ["ROW_SPLITS"]
            )
        )
