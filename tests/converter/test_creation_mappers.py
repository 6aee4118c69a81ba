"""The `creation` TF op mappers (TF.js's creation_executor): shapes and scalars read from
the nodes' inputs, dtypes from the attributes TF.js reads, random ops with TF.js's seeds,
on every backend."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
import tfjs.converter.ops
from tests.helpers import raises_with, scope
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import call_mapper, get_mapper

SHAPE = np.array([2, 3], np.int32)


def run(op, inputs, attrs=None):
    """The mapper's result as (dtype, NumPy values)."""
    with scope():
        tensors = [tf.tensor(x) for x in inputs]
        result = call_mapper(get_mapper(op), tensors, attrs or {})
        return result.dtype, result.numpy()


def reference(fn, *args):
    with scope():
        return fn(*args).numpy()


def test_fill(backend):
    dtype, got = run("Fill", [SHAPE, np.array(2.5, np.float32)], decode_attrs({"T": {"type": "DT_FLOAT"}}))
    assert dtype == "float32"
    np.testing.assert_array_equal(got, np.full((2, 3), 2.5))
    dtype, got = run("Fill", [SHAPE, np.array(7, np.int32)], decode_attrs({"T": {"type": "DT_INT64"}}))
    assert dtype == "int32"
    np.testing.assert_array_equal(got, np.full((2, 3), 7))


@pytest.mark.parametrize(("op", "value"), [("Ones", 1), ("Zeros", 0)])
def test_ones_and_zeros(op, value, backend):
    dtype, got = run(op, [SHAPE], {"T": "int32"})
    assert dtype == "int32"
    np.testing.assert_array_equal(got, np.full((2, 3), value))
    assert run(op, [SHAPE])[0] == "float32"


@pytest.mark.parametrize(("op", "value"), [("OnesLike", 1), ("ZerosLike", 0)])
def test_like_ops_keep_the_input_dtype(op, value, backend):
    dtype, got = run(op, [np.array([[1, 2, 3]], np.int32)], {"T": "float32", "dtype": "float32"})
    assert dtype == "int32"
    np.testing.assert_array_equal(got, [[value] * 3])


def test_linspace_and_range(backend):
    scalars = [np.array(1.0, np.float32), np.array(2.0, np.float32), np.array(5, np.int32)]
    _, got = run("LinSpace", scalars)
    np.testing.assert_allclose(got, np.linspace(1, 2, 5), rtol=1e-6)
    dtype, got = run(
        "Range", [np.array(v, np.int32) for v in (3, 12, 4)], decode_attrs({"Tidx": {"type": "DT_INT32"}})
    )
    assert dtype == "int32"
    np.testing.assert_array_equal(got, [3, 7, 11])
    dtype, got = run("Range", [np.array(v, np.float32) for v in (0, 1, 0.25)], {"Tidx": "float32"})
    assert dtype == "float32"
    np.testing.assert_allclose(got, [0, 0.25, 0.5, 0.75])


def test_one_hot(backend):
    indices = np.array([0, 2, -1, 1], np.int32)
    scalars = [np.array(3, np.int32), np.array(5.0, np.float32), np.array(-1.0, np.float32)]
    dtype, got = run("OneHot", [indices, *scalars], {"T": "float32", "axis": -1})
    assert dtype == "float32"
    want = np.full((4, 3), -1.0)
    want[[0, 1, 3], [0, 2, 1]] = 5.0
    np.testing.assert_array_equal(got, want)


def test_seeded_random_ops_draw_tfjs_values(backend):
    attrs = decode_attrs({"seed": {"i": "87654321"}, "seed2": {"i": "5"}, "dtype": {"type": "DT_FLOAT"}})
    _, got = run("RandomStandardNormal", [SHAPE], attrs)
    np.testing.assert_array_equal(got, reference(tf.random_standard_normal, [2, 3], "float32", 87654321))
    _, got = run("TruncatedNormal", [SHAPE], {**attrs, "stddev": 2.0})
    np.testing.assert_array_equal(got, reference(tf.truncated_normal, [2, 3], 0, 2.0, "float32", 87654321))
    dtype, got = run("RandomUniformInt", [SHAPE], {"seed": 11, "minval": -3, "maxval": 4})
    assert dtype == "int32"
    np.testing.assert_array_equal(got, reference(tf.random_uniform_int, [2, 3], -3, 4, 11))
    logits = np.array([[0.0, 1.0, -1.0], [2.0, 0.0, 0.5]], np.float32)
    dtype, got = run("Multinomial", [logits, np.array(6, np.int32)], {"seed": 9, "output_dtype": "int32"})
    assert dtype == "int32"
    np.testing.assert_array_equal(got, reference(tf.multinomial, logits, 6, 9))


def test_random_uniform_ignores_its_seed(backend):
    dtype, got = run("RandomUniform", [SHAPE], {"seed": 1, "minval": 2.0, "maxval": 3.0, "dtype": "float32"})
    assert dtype == "float32" and got.shape == (2, 3)
    assert ((got >= 2) & (got < 3)).all()


def test_bad_values_are_refused():
    with raises_with(ValueError, "step"):
        run("Range", [np.array(v, np.int32) for v in (0, 5, 0)], {"Tidx": "int32"})
    with raises_with(ValueError, "Unsupported data type"):
        run(
            "OneHot",
            [np.array([0], np.int32), np.array(2, np.int32), *np.ones(2, np.float32)],
            {"T": "string"},
        )


def test_every_creation_op_is_mapped():
    ops = [
        "Fill",
        "LinSpace",
        "OneHot",
        "Ones",
        "OnesLike",
        "RandomStandardNormal",
        "RandomUniform",
        "RandomUniformInt",
        "Range",
        "TruncatedNormal",
        "Zeros",
        "ZerosLike",
        "Multinomial",
    ]
    assert {op: get_mapper(op) and get_mapper(op).category for op in ops} == dict.fromkeys(ops, "creation")
