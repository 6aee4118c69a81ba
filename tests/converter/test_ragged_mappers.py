"""The `ragged` TF op mappers (TF.js's ragged_executor): each TF op onto this project's
op, on every backend, its inputs and outputs in TF's order."""

from __future__ import annotations

import base64

import numpy as np
import pytest

import tfjs.converter.ops  # noqa: F401  (registers the mappers)
from tests.converter.test_slice_join_mappers import i32, run
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import get_mapper


@pytest.mark.parametrize("op", ["RaggedGather", "RaggedRange", "RaggedTensorToTensor"])
def test_every_op_is_mapped_in_its_category(op):
    assert get_mapper(op).category == "ragged"


def test_ragged_gather_splits_then_values(backend):
    values = np.array([1, 2, 3, 4], np.float32)
    attrs = decode_attrs({"OUTPUT_RAGGED_RANK": {"i": "1"}, "PARAMS_RAGGED_RANK": {"i": "1"}})
    dtypes, (splits, out_values) = run("RaggedGather", [i32(0, 2, 3, 4), values, i32(2, 0, 1)], attrs)
    assert dtypes == ["int32", "float32"]
    np.testing.assert_array_equal(splits, [0, 1, 3, 4])
    np.testing.assert_array_equal(out_values, [4, 1, 2, 3])


def test_ragged_gather_two_ragged_dimensions(backend):
    # rows [[[1], [2, 3]], [[4]]]
    inputs = [i32(0, 2, 3), i32(0, 1, 3, 4), np.array([1, 2, 3, 4], np.float32), i32(1, 0)]
    _, (outer, inner, values) = run("RaggedGather", inputs, {"OUTPUT_RAGGED_RANK": 2})
    np.testing.assert_array_equal(outer, [0, 1, 3])
    np.testing.assert_array_equal(inner, [0, 1, 2, 4])
    np.testing.assert_array_equal(values, [4, 1, 2, 3])


def test_ragged_gather_needs_its_inputs():
    with pytest.raises(ValueError, match="RaggedGather"):
        run("RaggedGather", [i32(0, 1)], {"OUTPUT_RAGGED_RANK": 1})


def test_ragged_range(backend):
    dtypes, (splits, values) = run("RaggedRange", [i32(0, 5, 8), i32(3, 3, 12), np.array(2, np.int32)])
    assert dtypes == ["int32", "int32"]
    np.testing.assert_array_equal(splits, [0, 2, 2, 4])
    np.testing.assert_array_equal(values, [0, 2, 8, 10])


def test_ragged_tensor_to_tensor(backend):
    types = {"row_partition_types": {"list": {"s": [base64.b64encode(b"ROW_SPLITS").decode()]}}}
    inputs = [i32(-1, -1), np.array([1, 2, 3, 4, 5], np.float32), np.array(0, np.float32), i32(0, 2, 2, 5)]
    _, got = run("RaggedTensorToTensor", inputs, decode_attrs(types))
    np.testing.assert_array_equal(got, [[1, 2, 0], [0, 0, 0], [3, 4, 5]])
    # TF.js's converter lower-cases the types; they are upper-cased back.
    _, got = run("RaggedTensorToTensor", inputs, {"row_partition_types": ["row_splits"]})
    np.testing.assert_array_equal(got, [[1, 2, 0], [0, 0, 0], [3, 4, 5]])


def test_ragged_tensor_to_tensor_first_dim_size_and_value_rowids(backend):
    inputs = [
        i32(3, 2),
        np.array([1, 2, 3], np.float32),
        np.array(9, np.float32),
        np.array(3, np.int32),
        i32(0, 0, 2),
    ]
    _, got = run("RaggedTensorToTensor", inputs, {"row_partition_types": ["FIRST_DIM_SIZE", "VALUE_ROWIDS"]})
    np.testing.assert_array_equal(got, [[1, 2], [9, 9], [3, 9]])


def test_ragged_tensor_to_tensor_refuses_no_partition_types():
    with pytest.raises(ValueError):
        run(
            "RaggedTensorToTensor", [i32(-1), np.array([1.0], np.float32), np.array(0, np.float32), i32(0, 1)]
        )
