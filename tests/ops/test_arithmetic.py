"""Operations / Arithmetic (add_n, atan2, div_no_nan, maximum, minimum, squared_difference):
what the spec table and the conformance cases do not say — chained methods, keyword
arguments, signed zeros, memory, and bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import no_new_buffers, raises_with, scope

BINARY = [tf.atan2, tf.div_no_nan, tf.maximum, tf.minimum, tf.squared_difference]


@pytest.mark.parametrize("op", BINARY, ids=lambda op: op.__name__)
def test_binary_ops_are_chained_and_take_keywords(op, backend):
    with scope():
        a, b = tf.tensor([3.0, -1.5, 4.0]), tf.tensor([2.0, 0.5, -8.0])
        want = op(a, b).array_sync()
        assert getattr(a, op.__name__)(b).array_sync() == want
        assert op(b=b, a=a).array_sync() == want


def test_maximum_and_minimum_follow_math_max_and_min(backend):
    with scope():
        a = tf.tensor([-0.0, 0.0, -0.0, np.nan, 1.0])
        b = tf.tensor([0.0, -0.0, -0.0, 1.0, np.nan])
        high, low = tf.maximum(a, b).numpy(), tf.minimum(a, b).numpy()
        assert list(np.signbit(high[:3])) == [False, False, True]
        assert list(np.signbit(low[:3])) == [True, True, True]
        assert np.isnan(high[3:]).all() and np.isnan(low[3:]).all()


def test_maximum_of_bools_is_int32(backend):
    with scope():
        result = tf.maximum(tf.tensor([True, False]), tf.tensor([False, False]))
        assert (result.dtype, result.array_sync()) == ("int32", [1, 0])


def test_add_n_adds_in_order_with_float32_rounding(backend):
    with scope():
        # 2**24 + 1 is lost in float32 whatever the order; 1 + 1 first would be kept.
        result = tf.add_n([tf.tensor([16777216.0]), tf.tensor([1.0]), tf.tensor([1.0])])
        assert result.array_sync() == [16777216.0]
        assert tf.add_n((tf.tensor([1, 2], dtype="int32"),)).dtype == "int32"


def test_add_n_takes_numpy_arrays_and_lists(backend):
    with scope():
        result = tf.add_n([np.array([1, 2], np.int32), np.array([3, 4], np.int32)])
        assert (result.dtype, result.array_sync()) == ("int32", [4, 6])
        assert tf.add_n([[1, 2], [3.5, 4]]).array_sync() == [4.5, 6.0]


def test_ops_of_python_values_leave_only_their_result(backend):
    for make in (
        lambda: tf.add_n([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]),
        lambda: tf.div_no_nan([1.0, 2.0], [0.0, 4.0]),
        lambda: tf.maximum([True, False], [False, False]),
    ):
        before = tf.memory()["num_tensors"]
        result = make()
        assert tf.memory()["num_tensors"] == before + 1
        result.dispose()


def test_bad_input_leaves_nothing_allocated(backend):
    def add_n_of_mismatched_shapes():
        with raises_with(ValueError):
            tf.add_n([[1.0], [2.0], [1.0, 2.0]])

    def div_no_nan_of_shapes_that_do_not_broadcast():
        with raises_with(ValueError):
            tf.div_no_nan([[1.0, 2.0]], [1.0, 2.0, 3.0])

    no_new_buffers(add_n_of_mismatched_shapes)
    no_new_buffers(div_no_nan_of_shapes_that_do_not_broadcast)


def test_div_no_nan_gives_zero_where_the_divisor_is_zero(backend):
    with scope():
        result = tf.div_no_nan(tf.tensor2d([[0.0, 1.0], [-1.0, 6.0]]), tf.tensor1d([0.0, 2.0]))
        assert result.array_sync() == [[0.0, 0.5], [0.0, 3.0]]
        ints = tf.div_no_nan(tf.tensor([7, -7, 3], dtype="int32"), tf.tensor([2, 2, 0], dtype="int32"))
        assert (ints.dtype, ints.array_sync()) == ("int32", [3, -4, 0])


def test_atan2_of_int32_truncates(backend):
    with scope():
        result = tf.atan2(tf.tensor([1, -1], dtype="int32"), tf.tensor([-1, -1], dtype="int32"))
        assert (result.dtype, result.array_sync()) == ("int32", [2, -2])
        assert math.isclose(tf.atan2(1, -1).array_sync(), 3 * math.pi / 4, rel_tol=1e-7)


def test_squared_difference_of_int32_wraps(backend):
    with scope():
        result = tf.squared_difference(tf.tensor([46341], dtype="int32"), tf.tensor([0], dtype="int32"))
        assert result.array_sync() == [-2147479015]


# ---- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize("op", BINARY, ids=lambda op: op.__name__)
def test_binary_ops_reject_shapes_that_do_not_broadcast(op, backend):
    with pytest.raises(
        ValueError, match=rf"{op.__name__}: Operands could not be broadcast .* shapes 2,3 and 4\."
    ):
        tf.tidy(lambda: op(tf.zeros([2, 3]), tf.zeros([4])))


@pytest.mark.parametrize("op", BINARY, ids=lambda op: op.__name__)
def test_binary_ops_reject_strings(op):
    with pytest.raises(TypeError, match=rf"'a' passed to '{op.__name__}' must be numeric.*string"):
        op(["x"], [1.0])


@pytest.mark.parametrize("op", [*BINARY[:1], *BINARY[2:]], ids=lambda op: op.__name__)
def test_binary_ops_reject_complex(op):
    with pytest.raises(TypeError, match=rf"{op.__name__}.*complex64"):
        op(np.array([1 + 2j], np.complex64), np.array([1j], np.complex64))


def test_add_n_rejects_what_is_not_a_list():
    x = tf.tensor([1.0])
    try:
        with pytest.raises(TypeError, match=r"add_n.*'tensors'.*list of tensors.*Tensor"):
            tf.add_n(x)
    finally:
        x.dispose()


def test_add_n_rejects_an_empty_list():
    with pytest.raises(ValueError, match=r"add_n.*at least one tensor.*got 0"):
        tf.add_n([])


def test_add_n_rejects_mixed_dtypes_and_shapes(backend):
    with pytest.raises(TypeError, match=r"add_n.*same dtype.*tensors\[1\] is int32.*float32"):
        tf.add_n([[1.0], np.array([1], np.int32)])
    with pytest.raises(ValueError, match=r"add_n.*same shape.*tensors\[2\] has shape \[2\].*\[1\]"):
        tf.add_n([[1.0], [2.0], [1.0, 2.0]])


def test_add_n_rejects_strings_and_complex():
    with pytest.raises(TypeError, match=r"'tensors\[0\]' passed to 'add_n' must be numeric"):
        tf.add_n([["a"]])
    with pytest.raises(TypeError, match=r"add_n.*complex64"):
        tf.add_n([np.array([1j], np.complex64)])
