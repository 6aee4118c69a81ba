"""tf.linalg (band_part, gram_schmidt, qr): what the spec table and the conformance
cases do not say (keywords, list results, batches TF.js cannot do, memory), and one
test per kind of bad input, each checking the exception type and that the text names
the op, the argument and the value."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import i32, no_new_buffers, raises_with, tidy_numpy


def test_keyword_arguments(backend):
    band = tidy_numpy(lambda: tf.linalg.band_part(a=tf.ones([3, 3]), num_lower=0, num_upper=1))
    np.testing.assert_array_equal(band, [[1, 1, 0], [0, 1, 1], [0, 0, 1]])
    q, r = tidy_numpy(lambda: tf.linalg.qr(x=tf.ones([3, 2]), full_matrices=True))
    assert q.shape == (3, 3) and r.shape == (3, 2)
    ys = tidy_numpy(lambda: tf.linalg.gram_schmidt(xs=tf.eye(2)))
    np.testing.assert_array_equal(ys, np.eye(2))


def test_qr_and_gram_schmidt_return_lists(backend):
    def run():
        result = tf.linalg.qr(tf.tensor2d([[1, 2], [3, 4]]))
        assert isinstance(result, list) and len(result) == 2
        ys = tf.linalg.gram_schmidt([tf.tensor1d([1, 0]), tf.tensor1d([1, 1])])
        assert isinstance(ys, list) and [y.shape for y in ys] == [(2,), (2,)]
        np.testing.assert_allclose(ys[1].numpy(), [0, 1], atol=1e-7)

    tf.tidy(run)


@pytest.mark.parametrize(
    ("shape", "full", "q_shape", "r_shape"),
    [
        ((2, 4, 3), False, (2, 4, 3), (2, 3, 3)),
        ((2, 4, 3), True, (2, 4, 4), (2, 4, 3)),
        ((3, 1, 2, 5), False, (3, 1, 2, 2), (3, 1, 2, 5)),
        ((0, 3, 2), False, (0, 3, 2), (0, 2, 2)),
    ],
)
def test_batched_qr_of_any_shape(backend, shape, full, q_shape, r_shape):
    # TF.js reshapes both results to x's shape, which only works for square matrices
    x = np.sin(np.arange(int(np.prod(shape))) * 1.3).reshape(shape).astype(np.float32)
    q, r = tidy_numpy(lambda: tf.linalg.qr(x, full))
    assert q.shape == q_shape and r.shape == r_shape
    np.testing.assert_allclose(q @ r, x, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(np.triu(r), r, atol=1e-6)  # below the diagonal: rounding residue only


def test_qr_takes_nested_lists(backend):
    # TF.js's qr reads x.rank without converting x, and fails on an array
    q, r = tidy_numpy(lambda: tf.linalg.qr([[1, 2], [3, 4]]))
    np.testing.assert_allclose(q @ r, [[1, 2], [3, 4]], rtol=1e-5)


def test_qr_frees_its_steps(backend):
    x = tf.tensor2d(np.arange(30, dtype=np.float32).reshape(6, 5) % 7)
    try:
        result = no_new_buffers(lambda: tf.dispose(tf.linalg.qr(x)))
        assert result is None
    finally:
        x.dispose()


def test_band_part_keeps_its_input(backend):
    x = tf.tensor2d([[1, 2], [3, 4]])
    try:
        tf.dispose(tf.linalg.band_part(x, 0, 0))
        assert x.array_sync() == [[1, 2], [3, 4]]
    finally:
        x.dispose()


# ---- bad input ---------------------------------------------------------------------


def test_band_part_wrong_rank(backend):
    with raises_with(ValueError, "band_part", "Rank must be at least 2, got 1"):
        no_new_buffers(lambda: tf.linalg.band_part([1, 2, 3], 0, 0))


@pytest.mark.parametrize(
    ("lower", "upper", "fragments"),
    [
        (0.5, 0, ("band_part", "numLower must be an integer, got 0.5")),
        (0, float("inf"), ("band_part", "numUpper must be an integer, got Infinity")),
        (4, 0, ("band_part", "numLower (4) must not be greater than the number of rows (3)")),
        (0, 5, ("band_part", "numUpper (5) must not be greater than the number of columns (4)")),
    ],
)
def test_band_part_bad_counts(backend, lower, upper, fragments):
    x = tf.zeros([3, 4])
    try:
        with raises_with(ValueError, *fragments):
            no_new_buffers(lambda: tf.linalg.band_part(x, lower, upper))
    finally:
        x.dispose()


def test_band_part_count_tensors(backend):
    x, f, v = tf.zeros([3, 3]), tf.scalar(1), i32([1, 1])
    try:
        with raises_with(TypeError, "band_part", "numLower's dtype must be an int32"):
            tf.linalg.band_part(x, f, 0)
        # TF.js broadcasts such a tensor against the band (garbage or a shape error)
        with raises_with(ValueError, "band_part", "numUpper must be a scalar", "[2]"):
            tf.linalg.band_part(x, 0, v)
        with raises_with(TypeError, "band_part", "numLower must be a number or an int32 scalar", "str"):
            tf.linalg.band_part(x, "1", 0)
    finally:
        tf.dispose([x, f, v])


def test_band_part_refuses_complex_and_strings(backend):
    c = tf.tidy(lambda: tf.complex(tf.zeros([2, 2]), tf.zeros([2, 2])))
    try:
        with raises_with(TypeError, "band_part", "complex64"):
            tf.linalg.band_part(c, 0, 0)
        with raises_with(TypeError, "band_part", "string"):
            tf.linalg.band_part([["a", "b"], ["c", "d"]], 0, 0)
    finally:
        c.dispose()


def test_gram_schmidt_bad_vectors(backend):
    def run():
        with raises_with(ValueError, "gram_schmidt", "must not be null, undefined, or empty"):
            tf.linalg.gram_schmidt([])
        with raises_with(ValueError, "gram_schmidt", "must not be null, undefined, or empty"):
            tf.linalg.gram_schmidt(tf.zeros([0, 3]))
        with raises_with(
            ValueError, "gram_schmidt", "Non-unique lengths found in the input vectors: (3 vs. 2)"
        ):
            tf.linalg.gram_schmidt([tf.ones([2]), tf.ones([3])])
        with raises_with(
            ValueError, "gram_schmidt", "Number of vectors (3) exceeds number of dimensions (2)"
        ):
            tf.linalg.gram_schmidt(tf.ones([3, 2]))
        with raises_with(ValueError, "gram_schmidt", "xs[1] must be a 1D tensor, got rank 2"):
            tf.linalg.gram_schmidt([tf.ones([2]), tf.ones([2, 1])])
        with raises_with(ValueError, "gram_schmidt", "2D tensor", "got rank 3"):
            tf.linalg.gram_schmidt(tf.ones([1, 2, 2]))

    no_new_buffers(lambda: tf.tidy(run))


def test_gram_schmidt_wrong_dtype(backend):
    x = i32([1, 0, 0, 1], [2, 2])
    try:
        with raises_with(TypeError, "gram_schmidt", "'sqrt' must be float32 tensor, but got int32 tensor"):
            no_new_buffers(lambda: tf.linalg.gram_schmidt(x))
    finally:
        x.dispose()


def test_qr_bad_input(backend):
    x, v = i32([1, 2, 3, 4], [2, 2]), tf.ones([3])
    try:
        with raises_with(ValueError, "qr", "requires input tensor to have a rank >= 2, but got rank 1"):
            no_new_buffers(lambda: tf.linalg.qr(v))
        with raises_with(TypeError, "qr", "'sqrt' must be float32 tensor, but got int32 tensor"):
            no_new_buffers(lambda: tf.linalg.qr(x))
    finally:
        tf.dispose([x, v])
