"""Bad input to tensor creation and use: each error names what was wrong.

Expected values come from TF.js's semantics (JavaScript numbers are float32 tensors,
Int32Array truncates, Uint8Array holds bools, ...) or from NumPy computing the same thing.
"""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import no_new_buffers, raises_with, scope

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
        with raises_with(ValueError, where + " "):
            tf.tensor(values)

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
    with raises_with(ValueError, *texts):
        tf.tensor(values, shape)


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
    with raises_with(ValueError, "non-negative integers", text):
        make()


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
        with raises_with(TypeError, bad):
            tf.tensor(values, None, dtype)

    no_new_buffers(check)


@pytest.mark.parametrize(
    ("values", "bad"),
    [([1, 2], "1"), (3.5, "3.5"), ([["a", 4]], "4"), (np.array([7]), "7"), ([True], "True")],
)
def test_number_given_for_string_dtype(values, bad):
    def check():
        with raises_with(TypeError, "string", f"got {bad}"):
            tf.tensor(values, None, "string")

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
        with raises_with(ValueError, *texts):
            make()

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
