"""Bad input to each op family: the op raises before any kernel runs, with an error of
the right type whose text names the op, the argument and what was wrong; nothing is
left allocated (the autouse fixture checks the tensor count)."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import raises_with


@pytest.mark.parametrize("op", [tf.add, tf.sub, tf.mul, tf.div, tf.floor_div, tf.mod, tf.pow, tf.greater])
def test_binary_ops_reject_shapes_that_do_not_broadcast(op, backend):
    name = op.__name__
    with raises_with(ValueError, f"{name}: Operands could not be broadcast together with shapes 2,3 and 4."):
        tf.tidy(lambda: op(tf.zeros([2, 3]), np.zeros([4], np.float32)))


@pytest.mark.parametrize("op", [tf.add, tf.mul, tf.neg, tf.exp, tf.relu, tf.sum, tf.mean])
def test_numeric_ops_reject_string_tensors(op):
    strings = tf.tensor(["a", "b"])
    try:
        with raises_with(TypeError, op.__name__, "numeric", "string"):
            op(strings, strings) if op in (tf.add, tf.mul) else op(strings)
    finally:
        strings.dispose()


@pytest.mark.parametrize("value", [{"a": 1}, None, object()])
def test_ops_reject_values_that_are_not_tensor_like(value):
    with raises_with(TypeError, "'a'", "'add'", "Tensor or TensorLike", type(value).__name__):
        tf.add(value, 1)


def test_ops_reject_disposed_tensors():
    x = tf.tensor([1, 2])
    x.dispose()
    with raises_with(ValueError, "'x'", "'square'", "disposed"):
        tf.square(x)


@pytest.mark.parametrize("op", [tf.sqrt, tf.log])
def test_float32_only_ops_reject_int32_tensors(op):
    x = tf.tensor([1, 2], dtype="int32")
    try:
        with raises_with(TypeError, op.__name__, "float32", "int32"):
            op(x)
    finally:
        x.dispose()


@pytest.mark.parametrize("op", [tf.greater, tf.less, tf.floor_div, tf.mod, tf.square, tf.exp, tf.relu])
def test_ops_that_do_not_take_complex_say_so(op):
    z = tf.tensor([1 + 2j])
    try:
        with raises_with(TypeError, op.__name__, "complex64"):
            op(z) if op in (tf.square, tf.exp, tf.relu) else op(z, z)
    finally:
        z.dispose()


@pytest.mark.parametrize("op", [tf.sum, tf.mean])
def test_reductions_check_their_axis(op):
    x = tf.zeros([2, 3])
    try:
        with raises_with(ValueError, op.__name__, "[-2, 2)", "axis 2"):
            op(x, 2)
        with raises_with(ValueError, op.__name__, "more than once"):
            op(x, [1, -1])
        with raises_with(TypeError, op.__name__, "axis"):
            op(x, 1.5)
    finally:
        x.dispose()


def test_mat_mul_checks_ranks_inner_and_batch_dimensions():
    with raises_with(ValueError, "mat_mul", "rank at least 2", "[3]"):
        tf.tidy(lambda: tf.mat_mul(tf.zeros([3]), tf.zeros([3, 2])))
    with raises_with(ValueError, "mat_mul", "inner shapes (3) and (4)", "[2, 3]", "[4, 2]"):
        tf.tidy(lambda: tf.mat_mul(tf.zeros([2, 3]), tf.zeros([4, 2])))
    with raises_with(ValueError, "mat_mul", "shapes 2 and 3"):
        tf.tidy(lambda: tf.mat_mul(tf.zeros([2, 2, 3]), tf.zeros([3, 3, 2])))


def test_reshape_checks_sizes_and_implicit_dimensions():
    x = tf.zeros([2, 2])
    try:
        with raises_with(ValueError, "reshape", "(2,3) has 6 elements", "has 4 elements"):
            tf.reshape(x, [2, 3])
        with raises_with(ValueError, "reshape", "1 implicit size"):
            tf.reshape(x, [-1, -1])
        with raises_with(ValueError, "reshape", "implicit size"):
            tf.reshape(x, [3, -1])
        with raises_with(ValueError, "reshape", "non-negative"):
            tf.reshape(x, [2, -2])
    finally:
        x.dispose()


def test_strided_slice_checks_its_arguments():
    x = tf.zeros([2, 3])
    try:
        with raises_with(IndexError, "strided_slice", "index 5", "axis 0", "size 2"):
            tf.strided_slice(x, [5], [6], [1], shrink_axis_mask=1)
        with raises_with(ValueError, "strided_slice", "strides[0]", "non-zero"):
            tf.strided_slice(x, [0], [1], [0])
        with raises_with(IndexError, "strided_slice", "rank 2"):
            tf.strided_slice(x, [0, 0, 0], [1, 1, 1])
        with raises_with(ValueError, "strided_slice", "same length"):
            tf.strided_slice(x, [0, 0], [1])
        with raises_with(TypeError, "strided_slice", "begin"):
            tf.strided_slice(x, [0.5], [1])
    finally:
        x.dispose()


def test_cast_checks_the_dtype():
    x = tf.zeros([1])
    try:
        with raises_with(ValueError, "float64", "'float32'"):
            tf.cast(x, "float64")
        with raises_with(TypeError, "cast", "strings"):
            tf.cast(x, "string")
    finally:
        x.dispose()


def test_creation_ops_check_shape_value_and_dtype():
    with raises_with(ValueError, "fill()", "scalar"):
        tf.fill([2], [1, 2])
    with raises_with(ValueError, "fill()", "non-negative integers", "[2,-1]"):
        tf.fill([2, -1], 1)
    with raises_with(TypeError, "zeros()", "string"):
        tf.zeros([2], "string")
    with raises_with(ValueError, "ones()", "[1.5]"):
        tf.ones([1.5])
    with raises_with(ValueError, "dtype", "'int64'"):
        tf.zeros([2], "int64")


def test_shape_and_slice_arguments_may_be_numpy_integers(backend):
    x = tf.tensor(np.arange(6, dtype=np.float32))
    try:
        reshaped = tf.reshape(x, np.array([2, -1]))
        sliced = tf.strided_slice(x, np.array([1]), np.array([5]), np.array([2]))
        assert reshaped.shape == (2, 3) and all(type(d) is int for d in reshaped.shape)
        assert sliced.array_sync() == [1.0, 3.0]
        tf.dispose([reshaped, sliced])
    finally:
        x.dispose()
