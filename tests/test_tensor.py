"""tf.Tensor: creation ops, dtype inference, downloads, the Python protocols, printing,
and the errors bad input gets.

Expected values come from TF.js's semantics (JavaScript numbers are float32 tensors,
Int32Array truncates, Uint8Array holds bools, ...) or from NumPy computing the same thing
in float32.
"""

from __future__ import annotations

import asyncio
import contextlib
import operator
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import tfjs as tf


@contextlib.contextmanager
def scope() -> Iterator[None]:
    """The block as the body of a `tf.tidy`: the tensors it makes are disposed at its end."""
    engine = tf.engine()
    engine.start_scope("test")
    try:
        yield
    finally:
        engine.end_scope()


def no_new_buffers(fn: Callable[[], Any]) -> Any:
    """Runs `fn`, checking it leaves no tensor, engine buffer or backend buffer behind."""
    memory = tf.memory()
    backend_buffers = tf.backend().num_data_ids()
    result = fn()
    after = tf.memory()
    assert after["num_tensors"] == memory["num_tensors"]
    assert after["num_data_buffers"] == memory["num_data_buffers"]
    assert tf.backend().num_data_ids() == backend_buffers
    return result


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


# ---- downloads ----------------------------------------------------------------------


def test_data_sync_is_flat(backend):
    with scope():
        t = tf.tensor([[[1, 2]], [[3, 4]]])
        flat = t.data_sync()
        assert isinstance(flat, np.ndarray)
        assert flat.shape == (4,)
        assert flat.dtype == np.float32
        np.testing.assert_array_equal(flat, [1, 2, 3, 4])


@pytest.mark.parametrize(
    ("values", "dtype", "expected", "numpy_dtype"),
    [
        ([[1, -2], [3, 4]], "int32", [1, -2, 3, 4], np.int32),
        ([[True, False], [False, True]], "bool", [1, 0, 0, 1], np.uint8),  # a Uint8Array
        ([1 + 2j, 3 - 4j], "complex64", [1, 2, 3, -4], np.float32),  # real, imag interleaved
        ([0.5, -1.5], "float32", [0.5, -1.5], np.float32),
    ],
)
def test_data_sync_and_data_typed_array(values, dtype, expected, numpy_dtype, backend):
    with scope():
        t = tf.tensor(values, None, dtype)
        for flat in (t.data_sync(), asyncio.run(t.data())):
            assert flat.dtype == numpy_dtype
            assert flat.ndim == 1
            np.testing.assert_array_equal(flat, expected)


def test_data_of_string_tensor(backend):
    with scope():
        t = tf.tensor([["a", "bc"], ["", "é"]])
        for flat in (t.data_sync(), asyncio.run(t.data())):
            assert list(flat) == ["a", "bc", "", "é"]
        assert tf.tensor([b"hi"]).data_sync().tolist() == ["hi"]  # bytes decode as utf-8


def test_data_sync_returns_a_copy(backend):
    with scope():
        t = tf.tensor([1, 2, 3])
        flat = t.data_sync()
        flat[0] = 100
        assert t.array_sync() == [1.0, 2.0, 3.0]


def test_array_and_array_sync(backend):
    with scope():
        t = tf.tensor([[1, 2], [3, 4]], None, "int32")
        expected = [[1, 2], [3, 4]]
        assert t.array_sync() == expected
        assert asyncio.run(t.array()) == expected
        assert all(type(v) is int for row in t.array_sync() for v in row)
        floats = tf.tensor([0.5, 1.5]).array_sync()
        assert floats == [0.5, 1.5]
        assert all(type(v) is float for v in floats)
        assert tf.tensor([[True], [False]]).array_sync() == [[True], [False]]
        assert asyncio.run(tf.tensor([["s"]]).array()) == [["s"]]


@pytest.mark.parametrize(
    ("make", "expected", "kind"),
    [
        (lambda: tf.scalar(2.5), 2.5, float),
        (lambda: tf.scalar(-4, "int32"), -4, int),
        (lambda: tf.scalar(True), True, bool),
        (lambda: tf.scalar("word"), "word", str),
        (lambda: tf.scalar(1 - 1j), 1 - 1j, complex),
    ],
)
def test_scalar_downloads_are_plain_values(make, expected, kind, backend):
    with scope():
        s = make()
        for value in (s.array_sync(), asyncio.run(s.array())):
            assert not isinstance(value, list)
            assert isinstance(value, kind)
            assert value == expected


def test_numpy_is_a_shaped_writable_copy(backend):
    with scope():
        t = tf.tensor([[1, 2, 3], [4, 5, 6]])
        n = t.numpy()
        assert (n.shape, n.dtype) == ((2, 3), np.float32)
        assert n.flags.writeable
        n[0, 0] = 100
        assert t.array_sync()[0][0] == 1.0
        assert t.numpy()[0, 0] == 1.0


@pytest.mark.parametrize(
    ("values", "dtype", "numpy_dtype"),
    [
        ([[True, False]], "bool", np.bool_),
        ([[1 + 2j]], "complex64", np.complex64),
        ([[1, 2]], "int32", np.int32),
        ([["a", "b"]], "string", np.object_),
    ],
)
def test_numpy_dtypes(values, dtype, numpy_dtype, backend):
    with scope():
        n = tf.tensor(values, None, dtype).numpy()
        assert n.dtype == numpy_dtype
        assert n.tolist() == values


def test_bytes_of_string_tensor(backend):
    with scope():
        t = tf.tensor([["héllo", "a"]])
        assert t.bytes() == [b"h\xc3\xa9llo", b"a"]
        raw = tf.tensor([b"\xff\x00", b"ok"])
        assert raw.bytes() == [b"\xff\x00", b"ok"]


def test_data_of_invalid_utf8_points_to_bytes(backend):
    with scope():
        raw = tf.tensor([b"\xff"])
        with pytest.raises(ValueError, match=r"utf-8.*bytes\(\)"):
            raw.data_sync()
        with pytest.raises(ValueError, match=r"utf-8.*bytes\(\)"):
            raw.array_sync()


def test_buffer_of_tensor(backend):
    with scope():
        t = tf.tensor([[1, 2], [3, 4]], None, "int32")
        buf = t.buffer()
        assert isinstance(buf, tf.TensorBuffer)
        assert (buf.shape, buf.dtype) == ((2, 2), "int32")
        assert buf.get(1, 0) == 3
        buf.set(10, 0, 0)
        assert buf.get(0, 0) == 10
        assert t.array_sync() == [[1, 2], [3, 4]]  # a copy
        assert buf.to_tensor().array_sync() == [[10, 2], [3, 4]]


# ---- the Python protocols -------------------------------------------------------------

A = [[1.0, 2.0], [3.0, 4.0]]
B = [[2.0, 2.0], [5.0, -3.0]]

ARITHMETIC = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "%": operator.mod,
    "**": operator.pow,
    "//": operator.floordiv,
    "@": operator.matmul,
}
COMPARISONS = {">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le}
# Which kinds of operand stand left and right of the operator.
TENSOR_PAIRS = [("tensor", "tensor"), ("tensor", "ndarray"), ("ndarray", "tensor")]
SCALAR_PAIRS = [("tensor", "number"), ("number", "tensor"), ("tensor", "npscalar"), ("npscalar", "tensor")]


def _operand(kind: str, values: list[list[float]]) -> Any:
    if kind == "tensor":
        return tf.tensor(values)
    if kind == "ndarray":
        return np.array(values)  # float64: becomes a float32 tensor
    if kind == "number":
        return values[1][1]
    return np.float64(values[1][1])


def _as_float64(kind: str, values: list[list[float]]) -> np.ndarray:
    """The operand as TF.js's kernel sees it: float32 values, computed on as doubles."""
    picked = values if kind in ("tensor", "ndarray") else values[1][1]
    return np.asarray(picked, np.float32).astype(np.float64)


def _operator_cases(symbols: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [
        (symbol, left, right)
        for symbol in symbols
        for left, right in TENSOR_PAIRS + ([] if symbol == "@" else SCALAR_PAIRS)
    ]


@pytest.mark.parametrize(("symbol", "left", "right"), _operator_cases(ARITHMETIC))
def test_arithmetic_operators(symbol, left, right, backend):
    fn = ARITHMETIC[symbol]
    with scope():
        result = fn(_operand(left, A), _operand(right, B))
        assert isinstance(result, tf.Tensor)
        # JavaScript computes in doubles and a Float32Array rounds the result.
        exact = fn(_as_float64(left, A), _as_float64(right, B))
        if symbol == "//":
            expected, dtype = exact.astype(np.int32), "int32"  # TF.js's floorDiv gives int32
        else:
            expected, dtype = exact.astype(np.float32), "float32"
        assert result.dtype == dtype
        assert result.shape == expected.shape
        np.testing.assert_array_equal(result.numpy(), expected)


def test_arithmetic_operator_values_by_hand(backend):
    with scope():
        a, b = tf.tensor(A), tf.tensor(B)
        assert (a % b).array_sync() == [[1, 0], [3, -2]]  # the sign of the divisor
        assert (a // b).array_sync() == [[0, 1], [0, -2]]
        assert (a @ b).array_sync() == [[12, -4], [26, -6]]
        assert (a**b).array_sync() == [[1, 4], [243, 0.015625]]
        assert (10 - a).array_sync() == [[9, 8], [7, 6]]
        assert (1 / tf.tensor([4.0, -8.0])).array_sync() == [0.25, -0.125]


def test_int32_division_floors(backend):
    with scope():
        a = tf.tensor([7, -7, 6], None, "int32")
        b = tf.tensor([2, 2, 3], None, "int32")
        q = a / b  # TF.js's div of two int32 tensors is floorDiv
        assert (q.dtype, q.array_sync()) == ("int32", [3, -4, 2])


def test_number_operand_is_float32(backend):
    with scope():
        i = tf.tensor([1, 2], None, "int32")
        assert (i + 2).dtype == "float32"  # 2 is a JavaScript number: float32
        assert (i + tf.scalar(2, "int32")).dtype == "int32"
        assert (i * np.array([3, 4])).dtype == "int32"  # a NumPy int array is int32


@pytest.mark.parametrize(("symbol", "left", "right"), _operator_cases(COMPARISONS))
def test_comparison_operators(symbol, left, right, backend):
    fn = COMPARISONS[symbol]
    with scope():
        result = fn(_operand(left, A), _operand(right, B))
        assert isinstance(result, tf.Tensor)
        expected = fn(_as_float64(left, A), _as_float64(right, B))
        assert result.dtype == "bool"
        assert result.shape == expected.shape
        np.testing.assert_array_equal(result.numpy(), expected)


def test_comparison_values_by_hand(backend):
    with scope():
        a, b = tf.tensor(A), tf.tensor(B)
        assert (a > b).array_sync() == [[False, False], [False, True]]
        assert (a >= b).array_sync() == [[False, True], [False, True]]
        assert (a < 2).array_sync() == [[True, False], [False, False]]
        assert (2 <= a).array_sync() == [[False, True], [True, True]]  # noqa: SIM300 - reflected


def test_ndarray_on_the_left_gives_a_tensor(backend):
    with scope():
        for result in (
            np.array([1.0, 2.0]) + tf.tensor([1.0, 1.0]),
            np.array([[1.0, 1.0]]) @ tf.tensor([[1.0], [2.0]]),
            np.array([3, 4]) > tf.tensor([3.5, 3.5]),
            np.float32(2) * tf.tensor([1.0, 2.0]),
        ):
            assert isinstance(result, tf.Tensor)
        assert (np.array([10.0]) - tf.tensor([1.0, 2.0])).array_sync() == [9.0, 8.0]
        assert (np.array([3, 4]) > tf.tensor([3.5, 3.5])).array_sync() == [False, True]


def test_unary_operators(backend):
    with scope():
        a = tf.tensor([[1, -2], [0, 3.5]])
        neg = -a
        assert (neg.dtype, neg.array_sync()) == ("float32", [[-1, 2], [0, -3.5]])
        assert abs(a).array_sync() == [[1, 2], [0, 3.5]]
        i = tf.tensor([-3, 4], None, "int32")
        assert ((-i).dtype, (-i).array_sync()) == ("int32", [3, -4])
        assert (abs(i).dtype, abs(i).array_sync()) == ("int32", [3, 4])
        c = abs(tf.tensor([3 + 4j]))
        assert (c.dtype, c.array_sync()) == ("float32", [5.0])


X = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
KEYS = [
    0,
    1,
    -1,
    -2,
    (1, 2),
    (-1, -2, -3),
    (0, 1, 3),
    slice(None),
    slice(1, None),
    slice(None, None, 2),
    slice(None, None, -1),
    (slice(None), slice(None, None, -1)),
    (slice(None), slice(2, 0, -1)),
    (slice(None), slice(None), slice(3, None, -2)),
    (slice(None), slice(-2, None)),
    (slice(None), slice(1, -1), slice(None, None, 3)),
    (slice(10, 20),),
    (slice(None), slice(5, 1)),
    (None,),
    (0, None, slice(1, 3)),
    (Ellipsis, 1),
    (Ellipsis, None),
    (1, Ellipsis, slice(None, None, -1)),
    (slice(None, None, -1), 0),
    (None, Ellipsis, None),
    (np.int64(1), np.int32(-1)),
    Ellipsis,
]


@pytest.mark.parametrize("key", KEYS, ids=repr)
def test_indexing_matches_numpy(key, backend):
    with scope():
        t = tf.tensor(X)
        got = t[key]
        expected = X[key]
        assert isinstance(got, tf.Tensor)
        assert got.dtype == "int32"
        assert got.shape == expected.shape
        np.testing.assert_array_equal(got.numpy(), expected)


def test_indexing_strings_and_scalars(backend):
    with scope():
        s = tf.tensor([["a", "b"], ["c", "d"]])
        assert s[1].array_sync() == ["c", "d"]
        assert s[1, 0].array_sync() == "c"
        assert s[-1, -1].shape == ()
        assert s[:, ::-1].array_sync() == [["b", "a"], ["d", "c"]]
        assert s[1:, :1].array_sync() == [["c"]]
        assert tf.scalar(5)[...].shape == ()
        assert tf.scalar(5)[None].array_sync() == [5.0]


@pytest.mark.parametrize(
    ("key", "bad"),
    [(2, "2"), (-3, "-3"), ((0, 3), "3"), ((slice(None), slice(None), 4), "4"), ((Ellipsis, -5), "-5")],
    ids=repr,
)
def test_out_of_range_index_is_index_error(key, bad):
    with scope():
        t = tf.tensor(X)
        with pytest.raises(IndexError, match=rf"index {bad}\b.*out of bounds"):
            t[key]


def test_bad_index_types():
    with scope():
        t = tf.tensor([1, 2, 3])
        with pytest.raises(TypeError, match="float"):
            t[1.0]
        with pytest.raises(TypeError, match="bool"):
            t[True]
        with pytest.raises(TypeError, match="str"):
            t["0"]
        with pytest.raises(ValueError, match="step"):
            t[::0]
        with pytest.raises(IndexError, match="ellipsis"):
            t[..., ...]


def test_len_and_iteration(backend):
    with scope():
        t = tf.tensor(X)
        assert len(t) == 2
        rows = list(t)
        assert len(rows) == 2
        assert all(isinstance(row, tf.Tensor) and row.shape == (3, 4) for row in rows)
        assert [row.array_sync() for row in rows] == X.tolist()
        assert [v.array_sync() for v in tf.tensor([4, 5, 6])] == [4.0, 5.0, 6.0]
        assert list(tf.zeros([0, 2])) == []
        with pytest.raises(TypeError, match="scalar"):
            len(tf.scalar(1))
        with pytest.raises(TypeError, match="scalar"):
            iter(tf.scalar(1)).__next__()


def test_bool(backend):
    with scope():
        assert bool(tf.scalar(0)) is False
        assert bool(tf.scalar(-0.5)) is True
        assert bool(tf.tensor([[2]])) is True
        assert bool(tf.tensor([False])) is False
        assert bool(tf.scalar(3, "int32")) is True
        with pytest.raises(ValueError, match="2 elements"):
            bool(tf.tensor([1, 2]))
        with pytest.raises(ValueError, match="0 elements"):
            bool(tf.zeros([0]))
        with pytest.raises(ValueError, match="6 elements"):
            if tf.ones([2, 3]):
                pass  # pragma: no cover


def test_float_and_int(backend):
    with scope():
        assert float(tf.scalar(2.5)) == 2.5
        assert float(tf.tensor([[0.1]])) == float(np.float32(0.1))
        assert type(float(tf.scalar(1))) is float
        assert int(tf.scalar(-2.7)) == -2  # Python's int() truncates
        assert int(tf.scalar(7, "int32")) == 7
        assert type(int(tf.scalar(7, "int32"))) is int
        assert int(tf.scalar(True)) == 1
        with pytest.raises(TypeError, match="2"):
            float(tf.tensor([1, 2]))
        with pytest.raises(TypeError, match="0"):
            int(tf.zeros([0]))
        with pytest.raises(TypeError, match="complex"):
            float(tf.scalar(1 + 2j))
        with pytest.raises(TypeError, match="complex"):
            int(tf.scalar(1 + 2j))


def test_numpy_array_protocol(backend):
    with scope():
        t = tf.tensor([[1, 2], [3, 4]])
        n = np.asarray(t)
        assert (n.shape, n.dtype) == ((2, 2), np.float32)
        np.testing.assert_array_equal(n, [[1, 2], [3, 4]])
        assert np.asarray(t, dtype=np.float64).dtype == np.float64
        assert np.array(tf.tensor([True])).dtype == np.bool_
        assert np.asarray(tf.tensor([1], None, "int32")).dtype == np.int32
        assert np.sum(np.asarray(t)) == 10


def test_chained_methods(backend):
    with scope():
        a = tf.tensor([[1, 2], [3, 4]])
        b = tf.tensor([[1, 1], [1, 1]])
        m = a.sub(b).square().mean()
        assert (m.shape, m.array_sync()) == ((), 3.5)  # (0 + 1 + 4 + 9) / 4
        assert a.add(1).mul(2).sum().array_sync() == 28.0
        assert a.reshape([4]).array_sync() == [1, 2, 3, 4]
        assert a.cast("bool").dtype == "bool"
        assert a.clone().array_sync() == [[1, 2], [3, 4]]
        assert a.greater(2).array_sync() == [[False, False], [True, True]]
        assert a.mat_mul(b).array_sync() == [[3, 3], [7, 7]]


def test_reshaping_methods(backend):
    with scope():
        a = tf.tensor([[1, 2], [3, 4]])
        f = a.flatten()
        assert (f.shape, f.array_sync()) == ((4,), [1, 2, 3, 4])
        assert a.as1d().shape == (4,)
        assert a.as2d(1, 4).array_sync() == [[1, 2, 3, 4]]
        assert a.as3d(2, 1, 2).shape == (2, 1, 2)
        assert a.as4d(1, 2, 1, 2).shape == (1, 2, 1, 2)
        assert a.as5d(1, 1, 1, 4, 1).shape == (1, 1, 1, 4, 1)
        s = tf.tensor([[[5]]]).as_scalar()
        assert (s.shape, s.array_sync()) == ((), 5.0)
        t = a.as_type("int32")
        assert (t.dtype, t.array_sync()) == ("int32", [[1, 2], [3, 4]])
        with pytest.raises(ValueError, match="4"):
            a.as_scalar()
        with pytest.raises(ValueError, match="3"):
            a.as2d(3, 3)


# ---- printing -------------------------------------------------------------------------


def test_print_writes_to_string(capsys, backend):
    with scope():
        t = tf.tensor1d([1, 2, 3])
        assert t.to_string() == "Tensor\n    [1, 2, 3]"  # as TF.js prints it
        print(t)
        assert capsys.readouterr().out == "Tensor\n    [1, 2, 3]\n"
        t.print()
        assert capsys.readouterr().out == "Tensor\n    [1, 2, 3]\n"
        t.print(True)
        verbose = capsys.readouterr().out
        assert verbose == t.to_string(True) + "\n"
        for line in ("  dtype: float32", "  rank: 1", "  shape: [3]", "  values:", "    [1, 2, 3]"):
            assert line in verbose.splitlines()
        assert str(t) == repr(t) == t.to_string()


def test_print_dtypes(capsys, backend):
    with scope():
        tf.tensor2d([[1, 2], [3, 4]], None, "int32").print()
        tf.tensor([True, False]).print()
        tf.scalar("hi").print()
        assert capsys.readouterr().out == (
            "Tensor\n    [[1, 2],\n     [3, 4]]\nTensor\n    [true, false]\nTensor\n    hi\n"
        )


def test_repr_of_disposed_tensor_does_not_raise():
    t = tf.tensor([1, 2])
    t.dispose()
    text = repr(t)
    assert "disposed" in text
    assert str(t.id) in text


# ---- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "where"),
    [
        ([[1, 2], [3]], "arr[1]"),
        ([[1, 2], 3], "arr[1]"),
        ([1, [2, 3]], "arr[1]"),
        ([[[1], [2]], [[3], [4, 5]]], "arr[1][1]"),
        ([[1, 2], [3, 4], [5, 6, 7]], "arr[2]"),
        ([["a", "b"], ["c"]], "arr[1]"),
        ([[True], [False, True]], "arr[1]"),
    ],
)
def test_ragged_values(values, where):
    def make():
        with pytest.raises(ValueError) as error:
            tf.tensor(values)
        assert where + " " in str(error.value)

    no_new_buffers(make)


def test_ragged_values_in_ranked_creation():
    with pytest.raises(ValueError, match=r"arr\[0\]\[1\]"):
        tf.tensor3d([[[1], [2, 3]]])


@pytest.mark.parametrize(
    ("values", "shape", "texts"),
    [
        ([1, 2, 3], [2, 2], ["[2,2]", "4", "3"]),
        ([1, 2, 3, 4], [3], ["[3]", "4"]),
        ([[1, 2], [3, 4]], [1, 4], ["[2,2]", "[1,4]"]),
        ([[1, 2], [3, 4]], [4], ["[2,2]", "[4]"]),
        ([], [2], ["[2]", "0"]),
        (5, [2], ["[2]", "1"]),
    ],
)
def test_shape_and_value_count_mismatch(values, shape, texts):
    with pytest.raises(ValueError) as error:
        tf.tensor(values, shape)
    for text in texts:
        assert text in str(error.value)


@pytest.mark.parametrize(
    ("make", "text"),
    [
        (lambda: tf.tensor([1, 2], [-1, 2]), "[-1,2]"),
        (lambda: tf.tensor([1, 2], [2.0]), "[2.0]"),
        (lambda: tf.tensor([1, 2], [None, 2]), "[None,2]"),
        (lambda: tf.zeros([-2]), "[-2]"),
        (lambda: tf.ones([2.5]), "[2.5]"),
        (lambda: tf.fill([1, -1], 3), "[1,-1]"),
        (lambda: tf.zeros([True]), "[True]"),
    ],
)
def test_negative_or_non_integer_dims(make, text):
    with pytest.raises(ValueError, match="non-negative integers") as error:
        make()
    assert text in str(error.value)


def test_shape_that_is_not_a_list():
    with pytest.raises(TypeError, match="'2'"):
        tf.tensor([1, 2], "2")


@pytest.mark.parametrize(
    "make",
    [
        lambda: tf.tensor([1], None, "float64"),
        lambda: tf.scalar(1, "float64"),
        lambda: tf.tensor2d([[1]], None, "float64"),
        lambda: tf.zeros([1], "float64"),
        lambda: tf.ones([1], "float64"),
        lambda: tf.fill([1], 1, "float64"),
        lambda: tf.buffer([1], "float64"),
    ],
)
def test_unknown_dtype(make):
    def check():
        with pytest.raises(ValueError, match="'float64'"):
            make()

    no_new_buffers(check)


def test_unknown_dtype_in_cast():
    with scope():
        t = tf.tensor([1])
        with pytest.raises(ValueError, match="'int64'"):
            tf.cast(t, "int64")
        with pytest.raises(ValueError, match="'float16'"):
            t.as_type("float16")


@pytest.mark.parametrize(
    ("values", "dtype", "bad"),
    [
        (["a"], "float32", "'a'"),
        ("a", "float32", "'a'"),
        ([1, "a"], None, "'a'"),
        ([[1.0, 2.0], [3.0, "x"]], None, "'x'"),
        (["1", "2"], "int32", "'1'"),
        ([b"a"], "bool", "b'a'"),
        (np.array(["1"]), "float32", "'1'"),
    ],
)
def test_string_given_for_a_numeric_dtype(values, dtype, bad):
    def check():
        with pytest.raises(TypeError) as error:
            tf.tensor(values, None, dtype)
        assert bad in str(error.value)

    no_new_buffers(check)


@pytest.mark.parametrize(
    ("values", "bad"),
    [([1, 2], "1"), (3.5, "3.5"), ([["a", 4]], "4"), (np.array([7]), "7"), ([True], "True")],
)
def test_number_given_for_string_dtype(values, bad):
    def check():
        with pytest.raises(TypeError, match="string") as error:
            tf.tensor(values, None, "string")
        assert f"got {bad}" in str(error.value)

    no_new_buffers(check)


@pytest.mark.parametrize(
    ("values", "dtype"),
    [
        ([1, None], None),
        ([None, 1], None),
        ([None], None),
        ([[1.0], [None]], None),
        ([1, None], "int32"),
        ([True, None], None),
        (["a", None], None),
        ([None, "a"], None),
        ([["a"], [None]], "string"),
    ],
)
def test_none_inside_a_list(values, dtype):
    def check():
        with pytest.raises(TypeError, match="got None"):
            tf.tensor(values, None, dtype)

    no_new_buffers(check)


@pytest.mark.parametrize(
    ("values", "kind"), [({"a": 1}, "dict"), (None, "NoneType"), ({1, 2}, "set"), (object(), "object")]
)
def test_values_of_unsupported_types(values, kind):
    def check():
        with pytest.raises(TypeError, match=kind):
            tf.tensor(values)

    no_new_buffers(check)


def test_dict_inside_a_list():
    with pytest.raises(TypeError, match=r"\{'a': 1\}"):
        tf.tensor([1, {"a": 1}])


@pytest.mark.parametrize("dtype", ["float32", "int32", "bool"])
def test_complex_values_for_a_real_dtype(dtype):
    def check():
        with pytest.raises(TypeError, match=f"complex64.*{dtype}|{dtype}.*complex64"):
            tf.tensor([1 + 2j, 3], None, dtype)

    no_new_buffers(check)


@pytest.mark.parametrize("value", [[1], [1, 2], (3,), np.array([1.0])])
def test_scalar_given_a_list(value):
    with pytest.raises(ValueError, match=r"Scalar.*primitive"):
        tf.scalar(value)


@pytest.mark.parametrize(
    ("make", "texts"),
    [
        (lambda: tf.tensor2d([[[1]]]), ["tensor2d", "rank 3"]),
        (lambda: tf.tensor2d([1, 2]), ["tensor2d", "shape"]),
        (lambda: tf.tensor2d(5), ["tensor2d", "rank 0"]),
        (lambda: tf.tensor2d([1, 2], [2]), ["tensor2d", "2 numbers", "[2]"]),
        (lambda: tf.tensor1d([[1, 2]]), ["tensor1d", "rank 2"]),
        (lambda: tf.tensor1d(5), ["tensor1d", "rank 0"]),
        (lambda: tf.tensor3d([[1, 2]]), ["tensor3d", "rank 2"]),
        (lambda: tf.tensor3d([1, 2]), ["tensor3d", "shape"]),
        (lambda: tf.tensor4d([1, 2], [1, 2]), ["tensor4d", "4 numbers"]),
        (lambda: tf.tensor5d([[[[[[1]]]]]]), ["tensor5d", "rank 6"]),
        (lambda: tf.tensor6d([1], [1, 1, 1, 1, 1]), ["tensor6d", "6 numbers"]),
        (lambda: tf.tensor2d([[1, 2]], [2, 2]), ["tensor2d", "[2,2]"]),
    ],
)
def test_ranked_creation_bad_input(make, texts):
    def check():
        with pytest.raises(ValueError) as error:
            make()
        for text in texts:
            assert text in str(error.value)

    no_new_buffers(check)


def test_zeros_and_ones_of_strings():
    with pytest.raises(TypeError, match="string"):
        tf.zeros([2], "string")
    with pytest.raises(TypeError, match="string"):
        tf.ones([2], "string")


def test_fill_bad_input():
    with pytest.raises(ValueError, match="scalar"):
        tf.fill([2], [1, 2])
    with pytest.raises(TypeError, match="'a'"):
        tf.fill([2], "a", "float32")
    with pytest.raises(TypeError, match=r"string.*got 1"):
        tf.fill([2], 1, "string")


def test_like_ops_of_strings():
    with scope():
        s = tf.tensor(["a"])
        with pytest.raises(TypeError, match=r"zeros_like.*string"):
            tf.zeros_like(s)
        with pytest.raises(TypeError, match=r"ones_like.*string"):
            tf.ones_like(s)


def test_cast_to_or_from_string():
    with scope():
        with pytest.raises(TypeError, match="string"):
            tf.cast(tf.tensor([1, 2]), "string")
        with pytest.raises(TypeError, match="string"):
            tf.cast(tf.tensor(["1"]), "float32")
        with pytest.raises(TypeError, match="string"):
            tf.tensor([1]).as_type("string")


def test_using_a_disposed_tensor():
    t = tf.tensor([[1.5]])
    t.dispose()
    assert t.is_disposed
    t.dispose()  # a second dispose does nothing
    uses = [
        t.data_sync,
        t.array_sync,
        t.numpy,
        t.buffer,
        t.to_string,
        lambda: asyncio.run(t.data()),
        lambda: asyncio.run(t.array()),
        lambda: t[0, 0],
        lambda: float(t),
        lambda: bool(t),
        lambda: tf.add(t, 1),
        lambda: tf.add(1, t),
        lambda: t.add(1),
        lambda: t + 1,
        lambda: 1 - t,
        lambda: tf.clone(t),
        lambda: tf.cast(t, "int32"),
        lambda: tf.zeros_like(t),
        lambda: t.reshape([1]),
        lambda: tf.tensor(t),
        lambda: np.asarray(t),
        lambda: str(t),
    ]
    for use in uses:
        with pytest.raises(ValueError, match="disposed"):
            use()


def test_memory_of_created_tensors():
    before = tf.memory()
    t = tf.tensor([[1, 2, 3]], None, "int32")
    b = tf.tensor([True, False])
    c = tf.tensor([1j])
    after = tf.memory()
    assert after["num_tensors"] == before["num_tensors"] + 3
    assert after["num_data_buffers"] == before["num_data_buffers"] + 3
    assert after["num_bytes"] == before["num_bytes"] + 3 * 4 + 2 * 1 + 1 * 8
    tf.dispose([t, {"b": b}, (c,)])
    assert tf.memory()["num_bytes"] == before["num_bytes"]
    assert tf.memory()["num_data_buffers"] == before["num_data_buffers"]
