"""Tensors / Creation (complex, real, imag, diag, eye, linspace, one_hot, range): what the
spec table and the conformance cases can not say (chained methods, keyword arguments,
complex downloads, long accumulations, memory) and one test per kind of bad input."""

from __future__ import annotations

import time

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import no_new_buffers, raises_with, tidy_numpy
from tfjs.backends.cpu.kernels.creation import accumulate
from tfjs.dtypes import to_int32


def test_complex_downloads_interleave_and_parts_round_trip(backend):
    z = tf.tidy(lambda: tf.complex(tf.tensor2d([[1, 2], [3, 4]]), tf.tensor2d([[5, 6], [7, 8]])))
    try:
        assert z.dtype == "complex64" and z.shape == (2, 2)
        np.testing.assert_array_equal(z.data_sync(), [1, 5, 2, 6, 3, 7, 4, 8])
        assert z.data_sync().dtype == np.float32
        assert z.array_sync() == [[1 + 5j, 2 + 6j], [3 + 7j, 4 + 8j]]
        np.testing.assert_array_equal(tidy_numpy(lambda: tf.real(z)), [[1, 2], [3, 4]])
        np.testing.assert_array_equal(tidy_numpy(lambda: tf.imag(z)), [[5, 6], [7, 8]])
        assert tidy_numpy(lambda: tf.real(z)).dtype == np.float32
    finally:
        z.dispose()


def test_complex_results_are_independent_of_their_parts(backend):
    real, imag = tf.tensor1d([1, 2]), tf.tensor1d([3, 4])
    z = tf.complex(real, imag)
    tf.dispose([real, imag])
    try:
        part = tf.real(z)
        z.dispose()
        assert part.array_sync() == [1, 2]  # still readable after its complex tensor is gone
        part.dispose()
    finally:
        z.dispose()


def test_keyword_arguments(backend):
    eye = tidy_numpy(lambda: tf.eye(num_rows=2, num_columns=3, batch_shape=[2], dtype="int32"))
    assert eye.shape == (2, 2, 3)
    assert tidy_numpy(lambda: tf.linspace(start=0, stop=1, num=3)).tolist() == [0, 0.5, 1]
    assert tidy_numpy(lambda: tf.range(start=3, stop=0, step=-1, dtype="int32")).tolist() == [3, 2, 1]
    hot = tidy_numpy(lambda: tf.one_hot(indices=[1], depth=2, on_value=5, off_value=-5, dtype="float32"))
    assert hot.tolist() == [[-5, 5]]
    assert tidy_numpy(lambda: tf.complex(real=[1], imag=[2])).tolist() == [1 + 2j]
    assert tidy_numpy(lambda: tf.diag(x=[1, 2])).tolist() == [[1, 0], [0, 2]]


def test_one_hot_is_a_chained_method(backend):
    indices = tf.tensor1d([2, 0], "int32")
    try:
        hot = tidy_numpy(lambda: indices.one_hot(3, 1, 0, "bool"))
        assert hot.tolist() == [[False, False, True], [True, False, False]]
    finally:
        indices.dispose()


def test_eye_defaults_and_dtypes(backend):
    assert tidy_numpy(lambda: tf.eye(2)).dtype == np.float32
    assert tidy_numpy(lambda: tf.eye(2, dtype="bool")).tolist() == [[True, False], [False, True]]
    assert tidy_numpy(lambda: tf.eye(2, 2, [1, 2, 3])).shape == (1, 2, 3, 2, 2)


@pytest.mark.parametrize(
    ("start", "step", "count"),
    [
        (0, 0.1, 100_000),
        (1e7, 0.3, 5000),
        (-3, 0.7, 20_000),
        (16777000, 0.5, 2000),
        (5, -1e-3, 50_000),
        (0, 1e-45, 300),
    ],
)
def test_float32_accumulation_matches_the_step_by_step_recurrence(start, step, count):
    """The run-wise accumulation against the plain loop TF.js runs."""
    expected = np.empty(count, np.float32)
    value = np.float32(start)
    for i in range(count):
        expected[i] = value
        value = np.float32(float(value) + step)
    got = accumulate(start, step, count, lambda v: np.asarray(v, np.float64).astype(np.float32))
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize(
    ("start", "step", "count"), [(-7, 1.5, 1000), (2147483000, 37.25, 5000), (5, -0.5, 300)]
)
def test_int32_accumulation_matches_the_step_by_step_recurrence(start, step, count):
    expected = np.empty(count, np.int32)
    value = int(to_int32(np.array([start], np.float64))[0])
    for i in range(count):
        expected[i] = value
        value = int(to_int32(np.array([value + step], np.float64))[0])
    np.testing.assert_array_equal(accumulate(start, step, count, to_int32), expected)


def test_large_ranges_are_fast_enough(backend):
    began = time.perf_counter()
    values = tidy_numpy(lambda: tf.range(0, 100_000, 0.1))
    assert values.shape == (1_000_000,)
    assert time.perf_counter() - began < 5


def test_creation_ops_leave_nothing_behind(backend):
    for fn in (lambda: tf.eye(3, 3, [2]), lambda: tf.one_hot([0, 1], 2), lambda: tf.diag([1, 2])):
        no_new_buffers(lambda fn=fn: tf.tidy(lambda: fn().sum()).dispose())


# ---- bad input ---------------------------------------------------------------------------


def test_complex_rejects_shapes_that_differ_and_non_numeric_parts():
    with raises_with(ValueError, "tf.complex()", "real and imag", "2,3 and 3,2"):
        tf.tidy(lambda: tf.complex(tf.zeros([2, 3]), tf.zeros([3, 2])))
    with raises_with(TypeError, "'real'", "'complex'", "string"):
        tf.complex(["a"], ["b"])
    with raises_with(TypeError, "complex", "'imag'", "complex64"):
        tf.complex([1.0], [1j])


def test_real_imag_and_diag_reject_strings():
    for op in (tf.real, tf.imag):
        with raises_with(TypeError, "'input'", f"'{op.__name__}'", "string"):
            op(["a"])
    with raises_with(TypeError, "'x'", "'diag'", "string"):
        tf.diag(["a"])
    with raises_with(TypeError, "diag", "complex64"):
        tf.diag(np.array([1j]))


def test_eye_rejects_negative_sizes_and_bad_batch_shapes():
    with raises_with(ValueError, "eye", "[-1,-1]"):
        tf.eye(-1)
    with raises_with(ValueError, "eye", "[2,1.5]"):
        tf.eye(2, 1.5)
    with raises_with(ValueError, "eye", "batchShapes", "4D"):
        tf.eye(2, 2, [1, 1, 1, 1])
    with raises_with(ValueError, "eye", "batch_shape", "[-2]"):
        tf.eye(2, 2, [-2])
    with raises_with(ValueError, "string"):
        tf.eye(2, dtype="string")


def test_linspace_rejects_counts_that_are_not_positive_integers():
    for num in (0, -2):
        with raises_with(ValueError, "linspace", "should be positive", f"num={num}"):
            tf.linspace(0, 1, num)
    with raises_with(ValueError, "linspace", "num", "2.5"):
        tf.linspace(0, 1, 2.5)
    with raises_with(TypeError, "linspace", "start", "'a'"):
        tf.linspace("a", 1, 2)


def test_one_hot_rejects_small_depths_and_non_integer_indices():
    with raises_with(ValueError, "oneHot", "depth", ">=2", "1"):
        tf.one_hot([0], 1)
    with raises_with(TypeError, "one_hot", "depth", "2.5"):
        tf.one_hot([0], 2.5)
    with raises_with(TypeError, "'indices'", "'oneHot'", "int32", "float32"):
        tf.tidy(lambda: tf.one_hot(tf.tensor1d([0.5]), 3))
    with raises_with(ValueError, "one_hot", "data type", "string"):
        tf.one_hot([0], 3, dtype="string")
    with raises_with(TypeError, "one_hot", "on_value", "'x'"):
        tf.one_hot([0], 3, "x")


def test_range_rejects_zero_and_endless_steps_and_other_dtypes():
    with raises_with(ValueError, "range", "step of zero"):
        tf.range(0, 3, 0)
    with raises_with(ValueError, "range", "Invalid typed array length", "Infinity"):
        tf.range(0, float("inf"))
    with raises_with(ValueError, "range", "Invalid typed array length", "5e+45"):
        tf.range(0, 5, 1e-45)
    with raises_with(ValueError, "range", "data type", "bool"):
        tf.range(0, 3, 1, "bool")
    with raises_with(TypeError, "range", "stop", "None"):
        tf.range(0, None)
