"""The `transformation` TF op mappers (TF.js's transformation_executor): each TF op onto
this project's op, on every backend, with TF.js's input and attribute handling."""

from __future__ import annotations

import base64

import numpy as np
import pytest

import tfjs.converter.ops  # noqa: F401  (registers the mappers)
from tests.converter.test_slice_join_mappers import i32, run
from tests.helpers import raises_with
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import get_mapper

X = np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5

OPS = (
    "Cast ExpandDims MirrorPad Pad PadV2 Reshape EnsureShape Squeeze SpaceToBatchND BatchToSpaceND "
    "DepthToSpace BroadcastTo BroadcastArgs"
)


@pytest.mark.parametrize("op", OPS.split())
def test_every_op_is_mapped_in_its_category(op):
    assert get_mapper(op).category == "transformation"


@pytest.mark.parametrize(
    ("dst", "dtype", "want"),
    [
        ("DT_INT32", "int32", [[-2, -1, 0], [0, 1, 2]]),
        ("DT_INT64", "int32", [[-2, -1, 0], [0, 1, 2]]),  # narrowed as TF.js narrows it
        ("DT_BOOL", "bool", [[1, 1, 1], [1, 1, 1]]),
        ("DT_FLOAT", "float32", X),
    ],
)
def test_cast_to_dst_t(dst, dtype, want, backend):
    got_dtype, got = run(
        "Cast",
        [X],
        decode_attrs({"SrcT": {"type": "DT_FLOAT"}, "DstT": {"type": dst}, "Truncate": {"b": False}}),
    )
    assert got_dtype == dtype
    np.testing.assert_array_equal(got, want)


def test_cast_without_dst_t_is_an_error():
    with raises_with(ValueError, "Cast", "DstT"):
        run("Cast", [X], {})


def test_expand_dims_dim_input(backend):
    _, got = run("ExpandDims", [X, np.array(-1, np.int32)])
    assert got.shape == (2, 3, 1)
    _, got = run("ExpandDims", [X, i32(0)])
    assert got.shape == (1, 2, 3)


def test_squeeze_reads_squeeze_dims_or_axis(backend):
    x = np.zeros((1, 2, 1, 3), np.float32)
    assert run("Squeeze", [x], decode_attrs({"squeeze_dims": {"list": {"i": ["2"]}}}))[1].shape == (1, 2, 3)
    assert run("Squeeze", [x], {"axis": [0]})[1].shape == (2, 1, 3)
    assert run("Squeeze", [x], decode_attrs({"squeeze_dims": {"list": {}}}))[1].shape == (2, 3)
    assert run("Squeeze", [x], {})[1].shape == (2, 3)


def test_squeeze_refuses_an_axis_not_of_size_one():
    with pytest.raises(ValueError):
        run("Squeeze", [X], {"squeeze_dims": [1]})


def test_reshape_shape_input(backend):
    _, got = run("Reshape", [X, i32(3, -1)])
    np.testing.assert_array_equal(got, X.reshape(3, 2))
    _, got = run("Reshape", [X[:1, :1], np.zeros(0, np.int32)])
    assert got.shape == ()


def test_ensure_shape_attr_or_input(backend):
    attrs = decode_attrs({"shape": {"shape": {"dim": [{"size": "-1"}, {"size": "3"}]}}})
    np.testing.assert_array_equal(run("EnsureShape", [X], attrs)[1], X)
    np.testing.assert_array_equal(
        run("EnsureShape", [X], decode_attrs({"shape": {"shape": {"unknownRank": True}}}))[1], X
    )
    np.testing.assert_array_equal(run("EnsureShape", [X, i32(2, 3)])[1], X)


def test_ensure_shape_refuses_another_shape():
    attrs = decode_attrs({"shape": {"shape": {"dim": [{"size": "3"}, {"size": "-1"}]}}})
    with raises_with(ValueError, "not compatible"):
        run("EnsureShape", [X], attrs)


@pytest.mark.parametrize(("mode", "np_mode"), [("REFLECT", "reflect"), ("SYMMETRIC", "symmetric")])
def test_mirror_pad_modes(mode, np_mode, backend):
    paddings = np.array([[1, 0], [2, 1]], np.int32)
    attrs = decode_attrs({"mode": {"s": base64.b64encode(mode.encode()).decode()}})
    _, got = run("MirrorPad", [X, paddings], attrs)
    np.testing.assert_array_equal(got, np.pad(X, [[1, 0], [2, 1]], np_mode))


def test_mirror_pad_refuses_a_missing_or_unknown_mode():
    with raises_with(ValueError, "MirrorPad", "mode"):
        run("MirrorPad", [X, np.zeros((2, 2), np.int32)], {})
    with pytest.raises(ValueError):
        run("MirrorPad", [X, np.zeros((2, 2), np.int32)], {"mode": "EDGE"})


def test_pad_and_pad_v2(backend):
    paddings = np.array([[0, 1], [1, 0]], np.int32)
    np.testing.assert_array_equal(run("Pad", [X, paddings])[1], np.pad(X, [[0, 1], [1, 0]]))
    _, got = run("PadV2", [X, paddings, np.array(7.5, np.float32)])
    np.testing.assert_array_equal(got, np.pad(X, [[0, 1], [1, 0]], constant_values=7.5))


def test_pad_refuses_paddings_of_the_wrong_rank():
    with raises_with(ValueError, "Padding"):
        run("Pad", [X, np.zeros((3, 2), np.int32)])


def test_space_to_batch_and_back(backend):
    x = np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1)
    paddings = np.array([[0, 0], [0, 0]], np.int32)
    _, batched = run("SpaceToBatchND", [x, i32(2, 2), paddings])
    assert batched.shape == (4, 2, 2, 1)
    np.testing.assert_array_equal(batched[0, :, :, 0], x[0, ::2, ::2, 0])
    _, back = run("BatchToSpaceND", [batched, i32(2, 2), paddings])
    np.testing.assert_array_equal(back, x)


def test_depth_to_space_block_size_and_data_format(backend):
    x = np.arange(8, dtype=np.float32).reshape(1, 1, 2, 4)
    attrs = decode_attrs({"block_size": {"i": "2"}, "data_format": {"s": "TkhXQw=="}})
    _, got = run("DepthToSpace", [x], attrs)
    np.testing.assert_array_equal(got[0, :, :, 0], [[0, 1, 4, 5], [2, 3, 6, 7]])
    _, got = run("DepthToSpace", [x], {"block_size": 2, "data_format": "nhwc"})  # TF.js upper-cases it
    assert got.shape == (1, 2, 4, 1)


def test_depth_to_space_refuses_a_block_size_below_two():
    with pytest.raises(ValueError):
        run("DepthToSpace", [np.zeros((1, 1, 1, 4), np.float32)], {"block_size": 1})


def test_broadcast_to_and_broadcast_args(backend):
    _, got = run("BroadcastTo", [X[:1], i32(2, 2, 3)])
    np.testing.assert_array_equal(got, np.broadcast_to(X[:1], (2, 2, 3)))
    dtype, got = run("BroadcastArgs", [i32(2, 1), i32(4, 1, 3)])
    assert dtype == "int32"
    np.testing.assert_array_equal(got, [4, 2, 3])
