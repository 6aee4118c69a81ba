"""tf.TensorBuffer (tf.buffer): a mutable buffer of values to fill before making a tensor.

Locations and flat indices follow TF.js's row-major layout (strides of shape [2, 3, 4] are
[12, 4]); values are stored as the dtype's typed array stores them.
"""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import raises_with


def test_new_buffer_is_zeros():
    buf = tf.buffer([2, 3])
    assert isinstance(buf, tf.TensorBuffer)
    assert (buf.shape, buf.dtype, buf.rank, buf.size) == ((2, 3), "float32", 2, 6)
    assert [buf.get(i, j) for i in range(2) for j in range(3)] == [0.0] * 6


def test_set_get_and_to_tensor(backend):
    buf = tf.buffer([2, 3])
    buf.set(5, 1, 2)
    buf.set(-1.5, 0, 1)
    assert buf.get(1, 2) == 5.0
    assert buf.get(0, 1) == -1.5
    assert buf.get(0, 0) == 0.0
    t = buf.to_tensor()
    try:
        assert (t.shape, t.dtype) == ((2, 3), "float32")
        assert t.array_sync() == [[0.0, -1.5, 0.0], [0.0, 0.0, 5.0]]
        assert tf.engine().backend_of(t) == backend
    finally:
        t.dispose()


def test_to_tensor_copies_the_values(backend):
    buf = tf.buffer([2], "int32")
    buf.set(3, 0)
    t = buf.to_tensor()
    buf.set(4, 0)
    u = buf.to_tensor()
    try:
        assert t.array_sync() == [3, 0]
        assert u.array_sync() == [4, 0]
    finally:
        tf.dispose([t, u])


def test_int32_buffer_truncates_as_an_int32_array():
    buf = tf.buffer([3], "int32")
    buf.set(2.7, 0)
    buf.set(-2.7, 1)
    buf.set(True, 2)
    assert [buf.get(0), buf.get(1), buf.get(2)] == [2, -2, 1]
    assert all(type(buf.get(i)) is int for i in range(3))


def test_bool_buffer(backend):
    buf = tf.buffer([3], "bool")
    buf.set(True, 0)
    buf.set(2, 2)  # a non-zero number is true
    assert [buf.get(0), buf.get(1), buf.get(2)] == [1, 0, 1]
    t = buf.to_tensor()
    try:
        assert t.dtype == "bool"
        np.testing.assert_array_equal(t.data_sync(), np.array([1, 0, 1], np.uint8))
    finally:
        t.dispose()


def test_string_buffer(backend):
    buf = tf.buffer([2, 2], "string")
    buf.set("hi", 0, 1)
    buf.set("é", 1, 0)
    buf.set(b"raw", 1, 1)
    buf.set("a", 0, 0)
    assert buf.get(0, 1) == "hi"
    assert isinstance(buf.get(0, 1), str)
    t = buf.to_tensor()
    try:
        assert t.dtype == "string"
        assert t.array_sync() == [["a", "hi"], ["é", "raw"]]
        assert t.bytes() == [b"a", b"hi", "é".encode(), b"raw"]
    finally:
        t.dispose()


def test_complex_buffer(backend):
    buf = tf.buffer([2], "complex64")
    buf.set(1 + 2j, 1)
    assert buf.get(1) == 1 + 2j
    t = buf.to_tensor()
    try:
        np.testing.assert_array_equal(t.data_sync(), np.array([0, 0, 1, 2], np.float32))
    finally:
        t.dispose()


def test_float32_buffer_rounds_to_float32():
    buf = tf.buffer([1])
    buf.set(0.1, 0)
    assert buf.get(0) == float(np.float32(0.1))


@pytest.mark.parametrize(
    ("shape", "strides"),
    [([5], ()), ([2, 3], (3,)), ([2, 3, 4], (12, 4)), ([4, 1, 2, 3], (6, 6, 3))],
)
def test_strides(shape, strides):
    assert tf.buffer(shape).strides == strides


def test_loc_to_index_and_index_to_loc():
    buf = tf.buffer([2, 3, 4])
    assert buf.loc_to_index([0, 0, 0]) == 0
    assert buf.loc_to_index([0, 0, 3]) == 3
    assert buf.loc_to_index([0, 1, 0]) == 4
    assert buf.loc_to_index([1, 0, 0]) == 12
    assert buf.loc_to_index([1, 2, 3]) == 1 * 12 + 2 * 4 + 3
    assert buf.index_to_loc(0) == [0, 0, 0]
    assert buf.index_to_loc(23) == [1, 2, 3]
    assert buf.index_to_loc(13) == [1, 0, 1]
    for index in range(buf.size):
        loc = buf.index_to_loc(index)
        assert loc == [int(i) for i in np.unravel_index(index, (2, 3, 4))]
        assert buf.loc_to_index(loc) == index


def test_set_writes_where_loc_to_index_says(backend):
    buf = tf.buffer([3, 4], "int32")
    for index in range(buf.size):
        buf.set(index * 10, *buf.index_to_loc(index))
    t = buf.to_tensor()
    try:
        np.testing.assert_array_equal(t.data_sync(), np.arange(12) * 10)
    finally:
        t.dispose()


def test_rank_one_and_rank_zero_buffers(backend):
    line = tf.buffer([5])
    assert line.loc_to_index([4]) == 4
    assert line.index_to_loc(3) == [3]
    scalar = tf.buffer([], "int32")
    assert (scalar.rank, scalar.size) == (0, 1)
    assert scalar.loc_to_index([]) == 0
    assert scalar.index_to_loc(0) == []
    assert scalar.get() == 0
    scalar.set(7)
    assert scalar.get() == 7
    t = scalar.to_tensor()
    try:
        assert (t.shape, t.array_sync()) == ((), 7)
    finally:
        t.dispose()


@pytest.mark.parametrize(
    ("locs", "text"),
    [((2, 0), "[2, 0]"), ((0, 3), "[0, 3]"), ((-1, 0), "[-1, 0]"), ((1, -4), "[1, -4]"), ((5, 5), "[5, 5]")],
)
def test_out_of_range_locs(locs, text):
    buf = tf.buffer([2, 3])
    with raises_with(IndexError, "out of range", text):
        buf.get(*locs)
    with pytest.raises(IndexError, match="out of range"):
        buf.set(1, *locs)
    with pytest.raises(IndexError, match="out of range"):
        buf.loc_to_index(list(locs))
    assert [buf.get(i, j) for i in range(2) for j in range(3)] == [0.0] * 6  # nothing written


@pytest.mark.parametrize("index", [6, 100, -1])
def test_out_of_range_index(index):
    with pytest.raises(IndexError, match=f"index {index} .*size 6"):
        tf.buffer([2, 3]).index_to_loc(index)


def test_index_of_an_empty_buffer():
    with pytest.raises(IndexError, match="size 0"):
        tf.buffer([0, 3]).index_to_loc(0)


def test_non_integer_locs():
    buf = tf.buffer([2, 3])
    with pytest.raises(TypeError, match=r"integers, got 1\.0 on axis 0"):
        buf.get(1.0, 0)
    with pytest.raises(TypeError, match="got True on axis 1"):
        buf.set(1, 0, True)
    with pytest.raises(TypeError, match="got '0'"):
        buf.loc_to_index(["0", 0])
    assert buf.get(np.int64(1), np.int32(2)) == 0.0


@pytest.mark.parametrize(
    ("shape", "locs"),
    [([2, 3], (0,)), ([2, 3], (0, 0, 0)), ([2, 3], ()), ([4], (1, 1)), ([], (0,))],
)
def test_wrong_number_of_locs(shape, locs):
    buf = tf.buffer(shape)
    expected = rf"\({len(locs)}\).*rank \({len(shape)}\)"
    with pytest.raises(ValueError, match=expected):
        buf.get(*locs)
    with pytest.raises(ValueError, match=expected):
        buf.set(1, *locs)
    with pytest.raises(ValueError, match=expected):
        buf.loc_to_index(list(locs))


def test_set_with_bad_values():
    buf = tf.buffer([2])
    with pytest.raises(TypeError, match="'a'"):
        buf.set("a", 0)
    with pytest.raises(ValueError, match="one value"):
        buf.set([1, 2], 0)
    with pytest.raises(TypeError, match="None"):
        buf.set(None, 0)
    with pytest.raises(TypeError, match="got 1"):
        tf.buffer([1], "string").set(1, 0)
    with pytest.raises(TypeError, match="complex"):
        buf.set(1j, 0)
    assert [buf.get(0), buf.get(1)] == [0.0, 0.0]


@pytest.mark.parametrize(
    ("values", "dtype", "expected"),
    [
        ([1, 2, 3, 4], "float32", [[1.0, 2.0], [3.0, 4.0]]),
        ([[1, 2], [3, 4]], "float32", [[1.0, 2.0], [3.0, 4.0]]),
        (np.array([1.5, -2.5, 3.9, 0.0]), "int32", [[1, -2], [3, 0]]),
        ([0, 1, 2, 0], "bool", [[False, True], [True, False]]),
        (["a", "b", "c", "d"], "string", [["a", "b"], ["c", "d"]]),
    ],
)
def test_values_given_at_creation(values, dtype, expected, backend):
    buf = tf.buffer([2, 2], dtype, values)
    assert buf.get(1, 0) == expected[1][0]
    assert buf.get(0, 1) == expected[0][1]
    t = buf.to_tensor()
    try:
        assert (t.dtype, t.array_sync()) == (dtype, expected)
    finally:
        t.dispose()


def test_values_given_at_creation_are_copied():
    source = np.array([1.0, 2.0], np.float32)
    buf = tf.buffer([2], "float32", source)
    buf.set(9, 0)
    assert source.tolist() == [1.0, 2.0]
    source[1] = 7
    assert buf.get(1) == 2.0


def test_buffer_of_a_tensor_is_a_copy(backend):
    t = tf.tensor([[1, 2], [3, 4]], None, "int32")
    try:
        buf = t.buffer()
        assert (buf.shape, buf.dtype) == ((2, 2), "int32")
        assert buf.get(1, 1) == 4
        buf.set(40, 1, 1)
        assert t.array_sync() == [[1, 2], [3, 4]]
        assert t.buffer().get(1, 1) == 4
    finally:
        t.dispose()


@pytest.mark.parametrize(
    ("values", "texts"),
    [
        ([1, 2, 3], ["[2,2]", "4", "3"]),
        ([[1, 2, 3], [4, 5, 6]], ["[2,2]", "6"]),
        ([[1, 2], [3]], ["arr[1]"]),
    ],
)
def test_values_that_do_not_fit_the_shape(values, texts):
    with raises_with(ValueError, *texts):
        tf.buffer([2, 2], "float32", values)


def test_bad_shape_and_dtype():
    with pytest.raises(ValueError, match=r"\[-1\]"):
        tf.buffer([-1])
    with pytest.raises(ValueError, match=r"\[1.5\]"):
        tf.buffer([1.5])
    with pytest.raises(ValueError, match="'float64'"):
        tf.buffer([2], "float64")
    with pytest.raises(TypeError, match="'a'"):
        tf.buffer([1], "float32", ["a"])
    with pytest.raises(TypeError, match="None"):
        tf.buffer([2], "float32", [1, None])


def test_buffers_are_not_tensors():
    before = tf.memory()
    buf = tf.buffer([100], "float32")
    buf.set(1, 5)
    after = tf.memory()
    assert after["num_tensors"] == before["num_tensors"]
    assert after["num_bytes"] == before["num_bytes"]
