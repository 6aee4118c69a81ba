"""Normalization: what the spec table and the conformance cases do not say (chained
methods, keywords, results, memory), and one test per kind of bad input, each checking
the exception type and that the text names the op, the argument and the value."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import i32, no_new_buffers, raises_with, settled

# ---- values that need more than a spec row -------------------------------------------


def test_chained_methods_match_the_ops(backend):
    def run():
        x = tf.tensor2d([[1, 2, 3], [4, 5, 7]])
        assert x.softmax().array_sync() == tf.softmax(x).array_sync()
        assert x.log_softmax().array_sync() == tf.log_softmax(x).array_sync()
        normalized = x.batch_norm([1, 2, 3], [1, 1, 1], None, None, 0)
        assert normalized.array_sync() == [[0, 0, 0], [3, 3, 4]]
        cube = tf.tensor3d([1, 2, 3], [1, 1, 3])
        assert (
            cube.local_response_normalization(1).array_sync()
            == tf.local_response_normalization(cube, 1).array_sync()
        )

    tf.tidy(run)


def test_keyword_arguments(backend):
    def run():
        x = tf.tensor2d([[1, 2], [3, 4]])
        result = tf.batch_norm(x, mean=[1, 2], variance=[4, 1], scale=[2, 2], variance_epsilon=0)
        assert result.array_sync() == [[0, 0], [2, 4]]
        assert tf.batch_norm4d(tf.reshape(x, [1, 1, 2, 2]), [1, 2], [4, 1], offset=[1, 1]).shape == (
            1,
            1,
            2,
            2,
        )
        lrn = tf.local_response_normalization(
            tf.reshape(x, [1, 2, 2]), depth_radius=0, bias=0, alpha=1, beta=1
        )
        np.testing.assert_allclose(lrn.numpy(), [[[1, 0.5], [1 / 3, 0.25]]], rtol=1e-6)
        assert tf.softmax(logits=x, dim=1).shape == (2, 2)
        assert tf.log_softmax(logits=x, axis=-1).shape == (2, 2)
        mean, variance = tf.moments(x, axis=0, keep_dims=True)
        assert mean.array_sync() == [[2, 3]] and variance.array_sync() == [[1, 1]]
        dense = tf.sparse_to_dense(
            sparse_indices=i32([1]), sparse_values=tf.scalar(5), output_shape=[3], default_value=-1
        )
        assert dense.array_sync() == [-1, 5, -1]

    tf.tidy(run)


def test_moments_is_a_named_tuple(backend):
    def run():
        result = tf.moments(tf.tensor1d([1, 2, 3, 4]))
        assert result._fields == ("mean", "variance")
        assert result.mean.array_sync() == 2.5 and result.variance.array_sync() == 1.25

    tf.tidy(run)


def test_batch_norm_broadcasts_parameters_that_are_not_a_suffix(backend):
    """A [2, 1] mean for [2, 3] x: one mean per row (TF.js's cpu kernel would cycle it)."""
    result = tf.tidy(
        lambda: tf.batch_norm(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), [[1], [4]], [[1], [1]], None, None, 0)
    )
    assert result.array_sync() == [[0, 1, 2], [0, 1, 2]]
    result.dispose()


def test_sparse_to_dense_last_repeated_index_wins_on_large_input(backend):
    rng = np.random.default_rng(7)
    indices = rng.integers(0, 50, 400).astype(np.int32)
    values = rng.standard_normal(400).astype(np.float32)
    expected = np.zeros(50, np.float32)
    for i, v in zip(indices, values, strict=True):
        expected[i] = v
    result = tf.tidy(lambda: tf.sparse_to_dense(tf.tensor(indices), tf.tensor(values), [50]))
    np.testing.assert_array_equal(result.numpy(), expected)
    result.dispose()


def test_softmax_of_a_large_tensor_matches_numpy(backend):
    values = np.random.default_rng(3).standard_normal((64, 1000)).astype(np.float32) * 10
    result = tf.tidy(lambda: tf.softmax(tf.tensor(values)))
    e = np.exp(values.astype(np.float64) - values.max(-1, keepdims=True))
    np.testing.assert_allclose(result.numpy(), e / e.sum(-1, keepdims=True), rtol=1e-5, atol=1e-12)
    result.dispose()


def test_ops_free_their_intermediates(backend):
    x = tf.tensor2d([[1, 2, 3], [4, 5, 6]])
    mean, cube, index = tf.tensor1d([1, 2, 3]), tf.ones([1, 2, 3]), i32([0])
    try:
        for run in (
            lambda: tf.batch_norm(x, mean, mean, mean, mean),
            lambda: tf.local_response_normalization(cube),
            lambda: tf.softmax(x),
            lambda: tf.log_softmax(x),
            lambda: tf.sparse_to_dense(index, 1, [4]),
        ):
            before = tf.memory()["num_tensors"]
            result = run()
            assert tf.memory()["num_tensors"] == before + 1
            result.dispose()
        before = tf.memory()["num_tensors"]
        moments = tf.moments(x, 1)
        assert tf.memory()["num_tensors"] == before + 2
        tf.dispose(moments)
    finally:
        tf.dispose([x, mean, cube, index])


# ---- bad input: each raises before any kernel runs, naming op, argument and value -----


def _fails_cleanly(fn, error, *fragments):
    def attempt():
        with raises_with(error, *fragments):
            settled(fn)

    no_new_buffers(attempt)


@pytest.mark.parametrize(
    ("op_name", "call"),
    [
        ("batch_norm2d", lambda x, p: tf.batch_norm2d(x, p, p)),
        ("batch_norm3d", lambda x, p: tf.batch_norm3d(x, p, p)),
        ("batch_norm4d", lambda x, p: tf.batch_norm4d(x, p, p)),
    ],
)
def test_batch_norm_nd_wrong_rank(backend, op_name, call):
    x, p = tf.ones([2, 2, 2, 2, 2]), tf.ones([2])
    try:
        rank = op_name[-2]
        _fails_cleanly(lambda: call(x, p), ValueError, op_name, f"x must be rank {rank} but got rank 5")
    finally:
        tf.dispose([x, p])


def test_batch_norm_parameter_wrong_rank(backend):
    x, v, m = tf.ones([2, 3]), tf.ones([3]), tf.ones([1, 3])
    try:
        _fails_cleanly(
            lambda: tf.batch_norm2d(x, v, v, [[[1, 1, 1]]]),
            ValueError,
            "batch_norm2d",
            "offset must be rank 2 or rank 1 but got rank 3",
        )
        _fails_cleanly(
            lambda: tf.batch_norm(x, v, m), ValueError, "batch_norm", "mean and variance to have equal ranks"
        )
    finally:
        tf.dispose([x, v, m])


@pytest.mark.parametrize(
    ("name", "args", "shape"),
    [
        ("mean", ([1, 2], [1, 1, 1]), "[2]"),
        ("variance", ([1, 2, 3], [1, 1, 1, 1]), "[4]"),
        ("scale", ([[1, 2, 3]], [[1, 1, 1]], None, [[1, 2, 3], [1, 2, 3], [1, 2, 3]]), "[3,3]"),
        ("offset", ([[1, 2, 3]], [[1, 1, 1]], [[1], [2], [3]]), "[3,1]"),
    ],
)
def test_batch_norm_parameter_that_does_not_broadcast(backend, name, args, shape):
    """TF.js's cpu kernel computes garbage here; this port says what is wrong."""
    x = tf.ones([2, 3])
    try:
        _fails_cleanly(
            lambda: tf.batch_norm(x, *args), ValueError, "batch_norm", name, shape, "x of shape [2,3]"
        )
    finally:
        x.dispose()


def test_batch_norm_wrong_dtype(backend):
    c = tf.complex([1], [1])
    try:
        _fails_cleanly(
            lambda: tf.batch_norm(["a"], [1], [1]), TypeError, "'x' passed to 'batch_norm'", "string"
        )
        _fails_cleanly(lambda: tf.batch_norm([1.0], c, [1]), TypeError, "'mean'", "batch_norm", "complex64")
        _fails_cleanly(lambda: tf.batch_norm([1.0], [1], [1], None, None, "x"), TypeError, "variance_epsilon")
    finally:
        c.dispose()


def test_lrn_wrong_rank_and_radius(backend):
    x, cube = tf.ones([2, 3]), tf.ones([1, 2, 3])
    c = tf.complex([[[1, 1]]], [[[1, 1]]])
    try:
        _fails_cleanly(
            lambda: tf.local_response_normalization(x), ValueError, "local_response_normalization", "rank 2"
        )
        _fails_cleanly(
            lambda: tf.local_response_normalization(cube, 2.5),
            ValueError,
            "local_response_normalization",
            "depthRadius must be an integer but got depthRadius 2.5",
        )
        _fails_cleanly(lambda: tf.local_response_normalization(cube, 1, "a"), TypeError, "bias")
        _fails_cleanly(
            lambda: tf.local_response_normalization(c),
            TypeError,
            "local_response_normalization",
            "complex64",
        )
    finally:
        tf.dispose([x, cube, c])


def test_softmax_axis_and_dtype(backend):
    x, ints, scalar = tf.ones([2, 3]), i32([1, 2]), tf.scalar(1)
    try:
        _fails_cleanly(lambda: tf.softmax(x, 0), ValueError, "softmax", "non-last dimension", "dim was 0")
        _fails_cleanly(
            lambda: tf.log_softmax(x, 3), ValueError, "log_softmax", "non-last dimension", "axis was 3"
        )
        _fails_cleanly(
            lambda: tf.softmax(ints), TypeError, "'logits' passed to 'softmax'", "float32", "int32"
        )
        _fails_cleanly(lambda: tf.softmax(scalar), ValueError, "softmax", "axis -1")
    finally:
        tf.dispose([x, ints, scalar])


def test_moments_axis_out_of_range(backend):
    x = tf.ones([2, 3])
    try:
        _fails_cleanly(lambda: tf.moments(x, [0, 5]), ValueError, "moments", "[-2, 2)", "0,5")
        _fails_cleanly(lambda: tf.moments(x, [1, 1]), ValueError, "moments", "more than once")
    finally:
        x.dispose()


def test_sparse_to_dense_bad_input(backend):
    values, three, empty = tf.tensor1d([1, 2]), tf.ones([3]), tf.zeros([0])
    index, two, float_index, int_default = i32([0, 1]), i32([0, 3]), tf.tensor1d([0.0, 1.0]), i32([0])
    try:
        _fails_cleanly(
            lambda: tf.sparse_to_dense(two, values, [3]),
            IndexError,
            "sparse_to_dense",
            "Invalid indices: 3 does not index into 3",
        )
        _fails_cleanly(
            lambda: tf.sparse_to_dense(float_index, values, [3]),
            TypeError,
            "'sparse_indices' passed to 'sparse_to_dense'",
            "int32",
        )
        _fails_cleanly(
            lambda: tf.sparse_to_dense(index, values, [3], int_default),
            TypeError,
            "'default_value' passed to 'sparse_to_dense'",
            "float32",
        )
        _fails_cleanly(
            lambda: tf.sparse_to_dense(index, values, [3], empty),
            ValueError,
            "sparse_to_dense",
            "default_value",
        )
        _fails_cleanly(
            lambda: tf.sparse_to_dense(index, values, [3, -1]), ValueError, "sparse_to_dense", "[3,-1]"
        )
        _fails_cleanly(
            lambda: tf.sparse_to_dense(index, three, [3]),
            ValueError,
            "sparse_to_dense",
            "sparseValues has incorrect shape 3",
        )
        _fails_cleanly(
            lambda: tf.sparse_to_dense(index, values, [3, 3]),
            ValueError,
            "outputShape has incorrect number of elements",
        )
    finally:
        tf.dispose([values, three, empty, index, two, float_index, int_default])
