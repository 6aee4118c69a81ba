"""tf.Tensor creation: the creation ops, dtype inference and TF.js's value conversions.

Expected values come from TF.js's semantics (JavaScript numbers are float32 tensors,
Int32Array truncates, Uint8Array holds bools, ...) or from NumPy computing the same thing.
"""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import scope

# ---- creation -----------------------------------------------------------------------


def test_tensor_from_nested_lists(backend):
    with scope():
        a = tf.tensor([[1, 2, 3], [4, 5, 6]])
        assert isinstance(a, tf.Tensor)
        assert a.shape == (2, 3)
        assert isinstance(a.shape, tuple)
        assert (a.dtype, a.rank, a.size) == ("float32", 2, 6)
        assert a.array_sync() == [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
        flat = a.data_sync()
        assert flat.dtype == np.float32
        np.testing.assert_array_equal(flat, [1, 2, 3, 4, 5, 6])


def test_tensor_ids_are_unique():
    with scope():
        a, b = tf.tensor([1]), tf.tensor([1])
        assert a.id != b.id


@pytest.mark.parametrize(
    ("values", "dtype", "shape"),
    [
        (5, "float32", ()),  # a JavaScript number
        (2.5, "float32", ()),
        ([1, 2], "float32", (2,)),
        ([[1], [2]], "float32", (2, 1)),
        ((1, 2, 3), "float32", (3,)),
        (True, "bool", ()),
        ([True, False], "bool", (2,)),
        ("a", "string", ()),
        (b"a", "string", ()),
        ([["a", "b"]], "string", (1, 2)),
        ([b"x"], "string", (1,)),
        (1 + 2j, "complex64", ()),
        ([1j, 2], "complex64", (2,)),
        (np.array([1, 2]), "int32", (2,)),  # int64 storage
        (np.array([1, 2], dtype=np.int32), "int32", (2,)),
        (np.array([1, 2], dtype=np.uint8), "int32", (2,)),  # like a Uint8Array
        (np.array([[1.5]]), "float32", (1, 1)),  # float64 storage
        (np.array([1.5], dtype=np.float16), "float32", (1,)),
        (np.array([True]), "bool", (1,)),
        (np.array(["a", "bc"]), "string", (2,)),
        (np.array([1 + 1j]), "complex64", (1,)),
        (np.float64(1.5), "float32", ()),
        (np.int64(3), "int32", ()),
        (np.bool_(True), "bool", ()),
        (np.complex128(1j), "complex64", ()),
    ],
)
def test_dtype_inference(values, dtype, shape, backend):
    with scope():
        t = tf.tensor(values)
        assert t.dtype == dtype
        assert t.shape == shape


@pytest.mark.parametrize(
    ("values", "numpy_dtype"),
    [
        ([0.1, 2], np.float32),
        (np.array([0.1, 2.0]), np.float32),
        (np.array([7, -1]), np.int32),
        ([True, False], np.bool_),
        ([1 + 2j], np.complex64),
    ],
)
def test_no_float64_or_int64_is_ever_stored(values, numpy_dtype, backend):
    with scope():
        t = tf.tensor(values)
        assert t.numpy().dtype == numpy_dtype
        assert tf.backend().read_sync(t.data_id).dtype == numpy_dtype


def test_float_values_are_rounded_to_float32(backend):
    with scope():
        value = tf.tensor([0.1]).data_sync()[0]
        assert value == np.float32(0.1)
        assert float(value) != 0.1
        assert tf.scalar(0.1).array_sync() == float(np.float32(0.1))
        big = tf.tensor(np.array([16777217.0])).array_sync()
        assert big == [16777216.0]  # 2**24 + 1 is not a float32


def test_large_python_ints_become_float32(backend):
    with scope():
        assert tf.scalar(2**70).array_sync() == float(np.float32(2.0**70))
        big = float(np.float32(2.0**70))
        assert tf.tensor([2**70, -(2**70)]).array_sync() == [big, -big]


def test_object_arrays_of_numbers_with_a_numeric_dtype(backend):
    with scope():
        t = tf.tensor(np.array([1, 2**70], dtype=object), None, "float32")
        assert t.array_sync() == [1.0, float(np.float32(2.0**70))]
        assert tf.tensor(np.array([[1.9, -2]], dtype=object), None, "int32").array_sync() == [[1, -2]]
    with pytest.raises(TypeError, match="got None"):
        tf.tensor(np.array([1, None], dtype=object), None, "int32")


def test_flat_values_with_shape(backend):
    with scope():
        a = tf.tensor([1, 2, 3, 4, 5, 6], [2, 3])
        assert a.shape == (2, 3)
        assert a.array_sync() == [[1, 2, 3], [4, 5, 6]]
        b = tf.tensor(np.arange(6), (3, 2))
        assert b.dtype == "int32"
        assert b.array_sync() == [[0, 1], [2, 3], [4, 5]]
        c = tf.tensor([[1, 2], [3, 4]], [2, 2])  # nested values that match the shape
        assert c.array_sync() == [[1, 2], [3, 4]]
        d = tf.tensor([[1, 2, 3, 4]], [1, 2, 2])  # the last level may be flat
        assert d.array_sync() == [[[1, 2], [3, 4]]]
        assert tf.tensor(7, [1, 1]).array_sync() == [[7.0]]


@pytest.mark.parametrize(
    ("values", "dtype", "expected"),
    [
        ([1.7, -1.7, 2.5, -0.2], "int32", [1, -1, 2, 0]),  # Int32Array truncates toward zero
        ([3e9], "int32", [3000000000 - 2**32]),  # and wraps
        ([1, 0, -3], "bool", [True, False, True]),
        ([True, False], "float32", [1.0, 0.0]),
        ([True, False], "int32", [1, 0]),
        ([1, 2], "complex64", [1 + 0j, 2 + 0j]),
        (["a", "b"], "string", ["a", "b"]),
        (np.array([1.9, -1.9]), "int32", [1, -1]),
        (np.array([5, 0]), "float32", [5.0, 0.0]),
    ],
)
def test_explicit_dtype_converts_values(values, dtype, expected, backend):
    with scope():
        t = tf.tensor(values, None, dtype)
        assert t.dtype == dtype
        assert t.array_sync() == expected


def test_scalar(backend):
    with scope():
        s = tf.scalar(3.5)
        assert (s.shape, s.rank, s.size, s.dtype) == ((), 0, 1, "float32")
        assert s.array_sync() == 3.5
        i = tf.scalar(3, "int32")
        assert i.dtype == "int32"
        assert i.array_sync() == 3
        assert type(i.array_sync()) is int
        assert tf.scalar(True).array_sync() is True
        assert tf.scalar("hi").array_sync() == "hi"
        assert tf.scalar(1 + 2j).array_sync() == 1 + 2j
        assert tf.scalar(np.array(2.0)).shape == ()


@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5, 6])
def test_ranked_creation_from_nested_values(rank, backend):
    make = getattr(tf, f"tensor{rank}d")
    expected = np.arange(2**rank, dtype=np.float32).reshape((2,) * rank)
    with scope():
        t = make(expected.tolist())
        assert t.shape == (2,) * rank
        assert t.dtype == "float32"
        np.testing.assert_array_equal(t.numpy(), expected)


@pytest.mark.parametrize("rank", [2, 3, 4, 5, 6])
def test_ranked_creation_from_flat_values_and_shape(rank, backend):
    make = getattr(tf, f"tensor{rank}d")
    shape = [1] * (rank - 2) + [2, 3]
    with scope():
        t = make([1, 2, 3, 4, 5, 6], shape, "int32")
        assert t.shape == tuple(shape)
        assert t.dtype == "int32"
        np.testing.assert_array_equal(t.numpy(), np.arange(1, 7).reshape(shape))


def test_ranked_creation_dtypes(backend):
    with scope():
        assert tf.tensor1d([1, 2], "int32").dtype == "int32"
        assert tf.tensor1d(["a"]).dtype == "string"
        assert tf.tensor2d([[True]]).dtype == "bool"
        assert tf.tensor3d([[[1j]]]).dtype == "complex64"
        assert tf.tensor2d(np.zeros((2, 3))).shape == (2, 3)


NUMPY_DTYPES = {"float32": np.float32, "int32": np.int32, "bool": np.bool_, "complex64": np.complex64}


@pytest.mark.parametrize("dtype", sorted(NUMPY_DTYPES))
def test_zeros_and_ones(dtype, backend):
    numpy_dtype = NUMPY_DTYPES[dtype]
    with scope():
        z = tf.zeros([2, 3], dtype)
        o = tf.ones((3, 1), dtype)
        assert (z.shape, z.dtype, o.shape, o.dtype) == ((2, 3), dtype, (3, 1), dtype)
        np.testing.assert_array_equal(z.numpy(), np.zeros((2, 3), numpy_dtype))
        np.testing.assert_array_equal(o.numpy(), np.ones((3, 1), numpy_dtype))
        assert z.numpy().dtype == o.numpy().dtype == numpy_dtype


def test_zeros_and_ones_default_to_float32(backend):
    with scope():
        assert tf.zeros([2]).dtype == tf.ones([2]).dtype == "float32"
        assert tf.zeros([2]).array_sync() == [0.0, 0.0]
        assert tf.ones([]).array_sync() == 1.0


def test_fill(backend):
    with scope():
        t = tf.fill([2, 2], 4)
        assert (t.dtype, t.array_sync()) == ("float32", [[4.0, 4.0], [4.0, 4.0]])
        assert tf.fill([3], 2.7, "int32").array_sync() == [2, 2, 2]
        s = tf.fill([2], "ab")
        assert (s.dtype, s.array_sync()) == ("string", ["ab", "ab"])
        b = tf.fill([1, 2], True)
        assert (b.dtype, b.array_sync()) == ("bool", [[True, True]])
        c = tf.fill([2], 1 - 1j)
        assert (c.dtype, c.array_sync()) == ("complex64", [1 - 1j, 1 - 1j])
        assert tf.fill([0, 2], 1).shape == (0, 2)
        assert tf.fill([], 5).array_sync() == 5.0


@pytest.mark.parametrize(
    ("values", "dtype", "zero", "one"),
    [
        ([[1.5, -2.0]], "float32", 0.0, 1.0),
        ([[3, -4]], "int32", 0, 1),
        ([[True, False]], "bool", False, True),
        ([[1 + 2j, -1j]], "complex64", 0j, 1 + 0j),
    ],
)
def test_zeros_like_and_ones_like(values, dtype, zero, one, backend):
    with scope():
        x = tf.tensor(values, None, dtype)
        z, o = tf.zeros_like(x), tf.ones_like(x)
        assert (z.shape, z.dtype, o.shape, o.dtype) == ((1, 2), dtype, (1, 2), dtype)
        assert z.array_sync() == [[zero, zero]]
        assert o.array_sync() == [[one, one]]


def test_zeros_like_of_tensor_like(backend):
    with scope():
        z = tf.zeros_like([[1, 2, 3]])
        assert (z.shape, z.dtype, z.array_sync()) == ((1, 3), "float32", [[0.0, 0.0, 0.0]])
        o = tf.ones_like(np.array([4, 5]))
        assert (o.dtype, o.array_sync()) == ("int32", [1, 1])


def test_clone_shares_the_buffer(backend):
    with scope():
        a = tf.tensor([[1, 2], [3, 4]], None, "int32")
        before = tf.memory()
        b = tf.clone(a)
        after = tf.memory()
        assert after["num_tensors"] == before["num_tensors"] + 1
        assert after["num_data_buffers"] == before["num_data_buffers"]
        assert after["num_bytes"] == before["num_bytes"]
        assert b.id != a.id
        assert (b.shape, b.dtype, b.array_sync()) == ((2, 2), "int32", [[1, 2], [3, 4]])
        a.dispose()
        assert b.array_sync() == [[1, 2], [3, 4]]  # the buffer lives while b does
        assert tf.clone(tf.tensor(["x"])).array_sync() == ["x"]


@pytest.mark.parametrize(
    ("values", "from_dtype", "to_dtype", "expected"),
    [
        ([1.7, -1.7, 2.5, 0.0], "float32", "int32", [1, -1, 2, 0]),
        ([3, -2], "int32", "float32", [3.0, -2.0]),
        ([0.0, 0.5, -2.0], "float32", "bool", [False, True, True]),
        ([True, False], "bool", "int32", [1, 0]),
        ([True, False], "bool", "float32", [1.0, 0.0]),
        ([1 + 2j, -3 + 4j], "complex64", "float32", [1.0, -3.0]),  # the real part
        ([1.5], "float32", "complex64", [1.5 + 0j]),
        ([5, 0], "int32", "bool", [True, False]),
        ([1.5, 2.5], "float32", "float32", [1.5, 2.5]),
    ],
)
def test_cast(values, from_dtype, to_dtype, expected, backend):
    with scope():
        x = tf.tensor(values, None, from_dtype)
        y = tf.cast(x, to_dtype)
        assert (y.dtype, y.shape) == (to_dtype, x.shape)
        assert y.array_sync() == expected
        assert x.as_type(to_dtype).array_sync() == expected
        assert x.dtype == from_dtype  # cast makes a new tensor


def test_cast_of_tensor_like(backend):
    with scope():
        assert tf.cast([1.9, -0.5], "int32").array_sync() == [1, 0]


@pytest.mark.parametrize(
    ("make", "shape", "dtype"),
    [
        (lambda: tf.tensor([]), (0,), "float32"),
        (lambda: tf.tensor([[]]), (1, 0), "float32"),
        (lambda: tf.tensor([], [0, 3]), (0, 3), "float32"),
        (lambda: tf.tensor([], [2, 0], "int32"), (2, 0), "int32"),
        (lambda: tf.tensor([], None, "string"), (0,), "string"),
        (lambda: tf.tensor1d([]), (0,), "float32"),
        (lambda: tf.tensor2d([], [0, 5]), (0, 5), "float32"),
        (lambda: tf.zeros([2, 0, 3]), (2, 0, 3), "float32"),
        (lambda: tf.ones([0], "bool"), (0,), "bool"),
        (lambda: tf.tensor(np.zeros((0, 4), dtype=np.int32)), (0, 4), "int32"),
    ],
)
def test_empty_tensors(make, shape, dtype, backend):
    with scope():
        t = make()
        assert (t.shape, t.dtype, t.size) == (shape, dtype, 0)
        assert t.data_sync().size == 0
        assert t.numpy().shape == shape
        assert t.array_sync() == np.zeros(shape).tolist()


def test_empty_tensor_downloads(backend):
    with scope():
        assert tf.zeros([2, 0]).array_sync() == [[], []]
        assert tf.zeros([0, 3]).array_sync() == []
        assert tf.zeros([0]).data_sync().dtype == np.float32
        assert asyncio.run(tf.zeros([0, 2]).data()).size == 0
        assert asyncio.run(tf.zeros([3, 0]).array()) == [[], [], []]
