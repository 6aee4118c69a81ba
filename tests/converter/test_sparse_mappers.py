"""The `sparse` TF op mappers (TF.js's sparse_executor): each TF op onto `tf.sparse`, on
every backend, its outputs in TF's order."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs.converter.ops  # noqa: F401  (registers the mappers)
from tests.converter.test_slice_join_mappers import i32, run
from tfjs.converter.op_registry import get_mapper

DATA = np.array([[1, 2, 3, 4], [-1, -2, -3, -4], [6, 7, 8, 9]], np.float32)


@pytest.mark.parametrize(
    "op", ["SparseFillEmptyRows", "SparseReshape", "SparseSegmentMean", "SparseSegmentSum"]
)
def test_every_op_is_mapped_in_its_category(op):
    assert get_mapper(op).category == "sparse"


def test_sparse_fill_empty_rows_gives_four_outputs(backend):
    indices = np.array([[0, 0], [1, 0], [1, 3], [1, 4], [3, 2], [3, 3]], np.int32)
    values = np.array([0, 10, 13, 14, 32, 33], np.float32)
    dtypes, (out_indices, out_values, empty, reverse) = run(
        "SparseFillEmptyRows", [indices, values, i32(5, 6), np.array(-1, np.float32)]
    )
    assert dtypes == ["int32", "float32", "bool", "int32"]
    np.testing.assert_array_equal(
        out_indices, [[0, 0], [1, 0], [1, 3], [1, 4], [2, 0], [3, 2], [3, 3], [4, 0]]
    )
    np.testing.assert_array_equal(out_values, [0, 10, 13, 14, -1, 32, 33, -1])
    np.testing.assert_array_equal(empty, [False, False, True, False, True])
    np.testing.assert_array_equal(reverse, [0, 1, 2, 3, 5, 6])


def test_sparse_reshape_gives_indices_and_shape(backend):
    indices = np.array([[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 2, 3]], np.int32)
    _, (out_indices, out_shape) = run("SparseReshape", [indices, i32(2, 3, 6), i32(9, -1)], {"T": "int32"})
    np.testing.assert_array_equal(out_indices, [[0, 0], [0, 1], [1, 2], [4, 2], [8, 1]])
    np.testing.assert_array_equal(out_shape, [9, 4])


def test_sparse_reshape_refuses_an_impossible_shape():
    with pytest.raises(ValueError):
        run("SparseReshape", [np.zeros((1, 2), np.int32), i32(2, 3), i32(4, -1)])


def test_sparse_segment_sum_and_mean(backend):
    _, got = run("SparseSegmentSum", [DATA, i32(0, 1), i32(0, 0)])
    np.testing.assert_array_equal(got, [[0, 0, 0, 0]])
    _, got = run("SparseSegmentMean", [DATA, i32(0, 1, 2), i32(0, 1, 1)])
    np.testing.assert_allclose(got, [[1, 2, 3, 4], [2.5, 2.5, 2.5, 2.5]])


def test_sparse_segment_refuses_an_index_out_of_range():
    with pytest.raises(ValueError):
        run("SparseSegmentSum", [DATA, i32(0, 7), i32(0, 0)])
