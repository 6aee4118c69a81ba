"""The defects that trying the library as a user found (issue 13): each test failed first."""

from __future__ import annotations

import asyncio
import re

import pytest

import tfjs as tf


def test_squared_difference_of_two_scalars(backend):
    a, b = tf.scalar(1.5), tf.scalar(2.0)
    result = tf.squared_difference(a, b)
    assert result.shape == ()
    assert result.array_sync() == 0.25
    loss = tf.losses.mean_squared_error(a, b)
    assert loss.array_sync() == 0.25
    tf.dispose([a, b, result, loss])


@pytest.mark.parametrize(
    ("value", "dtype", "expected"),
    [
        (2.5, "bool", True),
        (0, "bool", False),
        (-0.0, "bool", False),
        (float("nan"), "bool", True),  # Math.round(NaN) !== 0, as TF.js converts to bool
        (True, "bool", True),
        (2.7, "int32", 2),
        (-2.7, "int32", -2),
        (True, "float32", 1.0),
    ],
)
def test_zero_dimensional_tensors_of_every_dtype(backend, value, dtype, expected):
    scalar = tf.scalar(value, dtype)
    assert (scalar.dtype, scalar.shape, scalar.array_sync()) == (dtype, (), expected)
    tf.dispose(scalar)


@pytest.mark.parametrize(
    ("value", "dtype", "expected"),
    [(2.5, "bool", True), (0.0, "bool", False), (3.9, "int32", 3), (1, "float32", 1.0)],
)
def test_cast_of_a_scalar(backend, value, dtype, expected):
    x = tf.scalar(value)
    y = tf.cast(x, dtype)
    assert (y.dtype, y.shape, y.array_sync()) == (dtype, (), expected)
    tf.dispose([x, y])


@pytest.mark.parametrize("a", [True, False])
@pytest.mark.parametrize("b", [True, False])
def test_logical_ops_on_scalars(backend, a, b):
    x, y = tf.scalar(a, "bool"), tf.scalar(b, "bool")
    results = tf.tidy(
        lambda: {
            "and": tf.logical_and(x, y),
            "or": tf.logical_or(x, y),
            "xor": tf.logical_xor(x, y),
            "not": tf.logical_not(x),
            "all": tf.all(x),
            "any": tf.any(x),
            "where": tf.where(x, tf.scalar(1.0), tf.scalar(2.0)),
            "cast": tf.cast(x, "float32"),
            "cast_back": tf.cast(tf.cast(y, "int32"), "bool"),
        }
    )
    values = {name: t.array_sync() for name, t in results.items()}
    assert all(t.shape == () for t in results.values())
    assert values == {
        "and": a and b,
        "or": a or b,
        "xor": a != b,
        "not": not a,
        "all": a,
        "any": a,
        "where": 1.0 if a else 2.0,
        "cast": float(a),
        "cast_back": b,
    }
    tf.dispose([x, y, *results.values()])


def test_rotate_with_offset_of_an_image_with_no_channels(backend):
    image = tf.zeros([1, 4, 4, 0])
    rotated = tf.image.rotate_with_offset(image, 0.5)
    assert (rotated.shape, rotated.dtype) == ((1, 4, 4, 0), "float32")
    tf.dispose([image, rotated])


def test_rotate_with_offset_of_an_empty_batch_or_image(backend):
    for shape in ([0, 4, 4, 3], [1, 0, 4, 3], [1, 4, 0, 3]):
        image = tf.zeros(shape)
        rotated = tf.image.rotate_with_offset(image, 1.0, fill_value=[1, 2, 3])
        assert rotated.shape == tuple(shape)
        tf.dispose([image, rotated])


def test_in_top_k_async_with_a_bad_argument_leaks_nothing(backend):
    before = tf.memory()["num_tensors"]
    with pytest.raises(TypeError, match=r"'targets' passed to 'in_top_k_async' must be numeric"):
        asyncio.run(tf.in_top_k_async([[1.0, 2.0]], ["x"]))
    with pytest.raises(ValueError, match="in_top_k_async"):
        asyncio.run(tf.in_top_k_async([[1.0, 2.0]], [[1, 2, 3]]))
    assert tf.memory()["num_tensors"] == before


@pytest.mark.parametrize(
    ("method", "call"),
    [
        ("print", lambda t: t.print()),
        ("buffer", lambda t: t.buffer()),
        ("data_sync", lambda t: t.data_sync()),
        ("numpy", lambda t: t.numpy()),
        ("to_string", lambda t: t.to_string()),
        ("float()", float),
        ("data", lambda t: asyncio.run(t.data())),
    ],
)
def test_a_method_of_a_disposed_tensor_names_itself(method, call):
    # Found by the op fuzz (seeds 4012886 and 4058589): the message named no method.
    t = tf.scalar(1.0)
    t.dispose()
    with pytest.raises(
        ValueError, match=rf"^{re.escape(method)}: Tensor \d+ \(shape \[\], float32\) is disposed$"
    ):
        call(t)
