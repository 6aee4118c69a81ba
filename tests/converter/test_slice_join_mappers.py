"""The `slice_join` TF op mappers (TF.js's slice_join_executor): each TF op onto this
project's op, on every backend, with TF.js's input and attribute handling (axes, sizes
and shapes read from their input tensors)."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
import tfjs.converter.ops
from tests.helpers import raises_with, scope
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import call_mapper, get_mapper

X = np.arange(24, dtype=np.float32).reshape(2, 3, 4)


def i32(*values):
    return np.array(values, np.int32)


def run(op, inputs, attrs=None):
    """Runs the mapper of TF op `op` on `inputs` (arrays made tensors); its result as
    NumPy (a list of arrays for several outputs), with the dtypes."""
    with scope():
        tensors = [tf.tensor(x) for x in inputs]
        result = call_mapper(get_mapper(op), tensors, attrs or {})
        if isinstance(result, list):
            return [t.dtype for t in result], [t.numpy() for t in result]
        return result.dtype, result.numpy()


def test_every_op_is_mapped_in_its_category():
    ops = "ConcatV2 Concat GatherV2 Gather Reverse ReverseV2 Slice StridedSlice Pack Unpack Tile Split SplitV"
    for op in [*ops.split(), "ScatterNd", "GatherNd", "SparseToDense", "TensorScatterUpdate"]:
        assert get_mapper(op).category == "slice_join", op


def test_concat_v2_takes_the_axis_last_and_n_values(backend):
    a, b = X[:, :1], X[:, 1:]
    _, got = run("ConcatV2", [a, b, i32(1)], decode_attrs({"N": {"i": "2"}}))
    np.testing.assert_array_equal(got, X)
    _, got = run("ConcatV2", [a, b, np.array(-2, np.int32)], {"N": 2})
    np.testing.assert_array_equal(got, X)


def test_concat_v2_uses_only_the_first_n_values(backend):
    # TF.js slices the value list to N (default 2).
    _, got = run("ConcatV2", [X, X, X, i32(0)], {})
    assert got.shape == (4, 3, 4)
    _, got = run("ConcatV2", [X, X, X, i32(0)], {"N": 3})
    assert got.shape == (6, 3, 4)


def test_concat_takes_the_axis_first(backend):
    _, got = run("Concat", [i32(2), X[..., :3], X[..., 3:]], {"N": 2})
    np.testing.assert_array_equal(got, X)


def test_gather_casts_float_indices(backend):
    dtype, got = run("Gather", [X, np.array([1, 0, 1], np.float32)])
    assert dtype == "float32"
    np.testing.assert_array_equal(got, X[[1, 0, 1]])


def test_gather_v2_axis_input_and_batch_dims(backend):
    _, got = run("GatherV2", [X, i32(3, 0), i32(2)])
    np.testing.assert_array_equal(got, X[:, :, [3, 0]])
    indices = np.array([[2, 0], [1, 1]], np.int32)
    _, got = run("GatherV2", [X, indices, i32(1)], decode_attrs({"batch_dims": {"i": "1"}}))
    np.testing.assert_array_equal(got, np.stack([X[0, [2, 0]], X[1, [1, 1]]]))


def test_reverse_takes_a_bool_per_axis(backend):
    _, got = run("Reverse", [X, np.array([True, False, True])])
    np.testing.assert_array_equal(got, X[::-1, :, ::-1])


def test_reverse_v2_takes_axes(backend):
    _, got = run("ReverseV2", [X, i32(1, -1)])
    np.testing.assert_array_equal(got, X[:, ::-1, ::-1])


def test_slice_begin_and_size_inputs(backend):
    _, got = run("Slice", [X, i32(0, 1, 1), i32(-1, 2, 2)])
    np.testing.assert_array_equal(got, X[:, 1:3, 1:3])


def test_strided_slice_with_masks(backend):
    attrs = decode_attrs(
        {
            "begin_mask": {"i": "1"},
            "end_mask": {"i": "4"},
            "shrink_axis_mask": {"i": "2"},
            "new_axis_mask": {"i": "0"},
        }
    )
    _, got = run("StridedSlice", [X, i32(1, 2, 1), i32(2, 3, 0), i32(1, 1, 2)], attrs)
    np.testing.assert_array_equal(got, X[:, 2, 1::2])
    # ellipsis then a new axis
    attrs = {"ellipsis_mask": 1, "new_axis_mask": 2}
    _, got = run("StridedSlice", [X, i32(0, 0), i32(0, 0), i32(1, 1)], attrs)
    np.testing.assert_array_equal(got, X[..., np.newaxis])


def test_pack_and_unpack(backend):
    parts = [X[0], X[1]]
    _, got = run("Pack", parts, {"axis": 1})
    np.testing.assert_array_equal(got, np.stack(parts, 1))
    dtypes, got = run("Unpack", [X], decode_attrs({"axis": {"i": "2"}, "num": {"i": "4"}}))
    assert dtypes == ["float32"] * 4
    for i, part in enumerate(got):
        np.testing.assert_array_equal(part, X[:, :, i])


def test_pack_reshapes_tensors_that_differ_by_ones(backend):
    # As TF.js: [3] and [1, 3] stack as [3] and [3].
    _, got = run("Pack", [np.array([1, 2, 3], np.float32), np.array([[4, 5, 6]], np.float32)], {})
    np.testing.assert_array_equal(got, [[1, 2, 3], [4, 5, 6]])


def test_pack_refuses_mismatched_shapes():
    with raises_with(ValueError, "Pack", "does not match"):
        run("Pack", [np.zeros(3, np.float32), np.zeros(2, np.float32)])


def test_tile(backend):
    _, got = run("Tile", [X, i32(1, 2, 1)])
    np.testing.assert_array_equal(got, np.tile(X, (1, 2, 1)))


def test_split_takes_the_axis_first_and_num_split(backend):
    _, got = run("Split", [i32(2), X], decode_attrs({"num_split": {"i": "2"}}))
    np.testing.assert_array_equal(got[0], X[..., :2])
    np.testing.assert_array_equal(got[1], X[..., 2:])


def test_split_v_sizes_and_axis_inputs(backend):
    _, got = run("SplitV", [X, i32(1, -1), i32(-1)])
    assert [g.shape for g in got] == [(2, 3, 1), (2, 3, 3)]
    np.testing.assert_array_equal(np.concatenate(got, -1), X)


def test_split_refuses_an_uneven_split():
    with pytest.raises(ValueError):
        run("Split", [i32(1), X], {"num_split": 2})


def test_scatter_nd_and_gather_nd(backend):
    indices = np.array([[1], [3], [1]], np.int32)
    _, got = run("ScatterNd", [indices, np.array([1, 2, 3], np.float32), i32(5)])
    np.testing.assert_array_equal(got, [0, 4, 0, 2, 0])
    _, got = run("GatherNd", [X, np.array([[1, 2], [0, 0]], np.int32)])
    np.testing.assert_array_equal(got, [X[1, 2], X[0, 0]])


def test_sparse_to_dense_casts_the_default_to_the_values_dtype(backend):
    indices = np.array([[0, 1], [2, 0]], np.int32)
    dtype, got = run(
        "SparseToDense", [indices, i32(3, 2), np.array([5, 6], np.int32), np.array(-1.0, np.float32)]
    )
    assert dtype == "int32"
    np.testing.assert_array_equal(got, [[-1, 5], [-1, -1], [6, -1]])


def test_tensor_scatter_update(backend):
    _, got = run(
        "TensorScatterUpdate",
        [
            np.zeros((3, 2), np.float32),
            np.array([[2], [0]], np.int32),
            np.array([[1, 2], [3, 4]], np.float32),
        ],
    )
    np.testing.assert_array_equal(got, [[3, 4], [0, 0], [1, 2]])
