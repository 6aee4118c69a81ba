"""Downloads: data_sync, await data(), array_sync, await array(), numpy, bytes, buffer.

Expected values come from TF.js's semantics (JavaScript numbers are float32 tensors,
Int32Array truncates, Uint8Array holds bools, ...) or from NumPy computing the same thing.
"""

from __future__ import annotations

import asyncio
import gc
import warnings

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import scope

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


def test_a_download_started_before_a_dispose_completes(backend):
    """As in TF.js, `data()` and `array()` start the read at the call: `p = y.data();
    y.dispose(); await p` gives the values (it said the tensor was disposed)."""

    async def downloads():
        y = tf.square(tf.tensor([1.0, 2.0, 3.0]))
        pending_data, pending_array = y.data(), y.array()
        y.dispose()
        return (await pending_data).tolist(), await pending_array

    with scope():
        assert asyncio.run(downloads()) == ([1.0, 4.0, 9.0], [1.0, 4.0, 9.0])
        gone = tf.tensor([1.0])
        gone.dispose()
        with pytest.raises(ValueError, match="is disposed"):
            gone.data()


def test_a_download_never_awaited_warns_once(backend):
    """A dropped `data()` is one coroutine never awaited: one warning naming it (the
    awaitables below it, made at the call so that the read starts then, add none)."""
    with scope():
        y = tf.tensor([1.0, 2.0])
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            y.data()
            y.array()
            gc.collect()
        messages = sorted(str(w.message) for w in caught)
        assert messages == [
            "coroutine 'flat_when_read' was never awaited",
            "coroutine 'nested_when_read' was never awaited",
        ], messages
        y.dispose()


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
