"""Pooling: what the spec table and the conformance cases do not say (chained methods,
keywords, result types, both reduction paths of the kernel, memory), and one test per kind
of bad input, each checking the exception type and that the text names the op, the
argument and the value."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import i32, raises_with, scope, tidy_numpy

# ---- values that need more than a spec row -------------------------------------------


def test_chained_methods_match_the_ops(backend):
    def run():
        x = tf.tensor4d(list(range(16)), [1, 4, 4, 1])
        assert x.avg_pool(2, 2, "valid").array_sync() == [[[[2.5], [4.5]], [[10.5], [12.5]]]]
        assert x.max_pool(2, 2, "valid").array_sync() == [[[[5.0], [7.0]], [[13.0], [15.0]]]]
        assert x.pool(2, "max", "valid", 2).array_sync() == tf.pool(x, 2, "max", "valid", 2).array_sync()

    tf.tidy(run)


def test_keyword_arguments(backend):
    def run():
        x = tf.tensor4d(list(range(25)), [1, 5, 5, 1])
        ceil = tf.avg_pool(x, filter_size=2, strides=2, pad=1, dim_rounding_mode="ceil")
        assert ceil.shape == (1, 4, 4, 1)
        floor = tf.max_pool(x, filter_size=[2, 2], strides=[2, 2], pad=1, dim_rounding_mode="floor")
        assert floor.shape == (1, 3, 3, 1)
        pooled = tf.pool(x, window_shape=2, pooling_type="avg", pad="same", strides=2)
        assert pooled.shape == (1, 3, 3, 1)
        dilated = tf.pool(input=x, window_shape=[2, 2], pooling_type="max", pad="valid", dilations=[2, 2])
        assert dilated.data_sync().tolist() == [12, 13, 14, 17, 18, 19, 22, 23, 24]
        v = tf.tensor4d(list(range(8)), [2, 2, 2, 1])
        averaged = tf.avg_pool3d(v, filter_size=2, strides=1, pad="valid", data_format="NDHWC")
        assert averaged.array_sync() == [[[[3.5]]]]
        assert tf.max_pool3d(v, filter_size=None, strides=1, pad="valid").shape == (2, 2, 2, 1)
        argmax = tf.max_pool_with_argmax(x, filter_size=5, strides=1, pad=0, include_batch_in_index=True)
        assert argmax.indexes.array_sync() == [[[[24]]]]

    tf.tidy(run)


def test_max_pool_with_argmax_returns_named_result(backend):
    def run():
        x = tf.tensor4d([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], [2, 2, 2, 2])
        out = tf.max_pool_with_argmax(x, 2, 2, "valid", True)
        assert out._fields == ("result", "indexes")
        result, indexes = out
        assert result.array_sync() == [[[[6.0, 7.0]]], [[[14.0, 15.0]]]]
        assert indexes.dtype == "int32"
        assert indexes.array_sync() == [[[[6, 7]]], [[[14, 15]]]]
        assert tf.max_pool_with_argmax(x, 2, 2, "valid").indexes.array_sync() == [[[[6, 7]]], [[[6, 7]]]]

    tf.tidy(run)


def test_max_pool3d_result_is_float32_for_any_dtype(backend):
    """TF.js's cpu kernel labels its result float32 whatever the input's dtype."""

    def run():
        assert tf.max_pool3d(i32([1, -2, 3, 4], [1, 2, 2, 1]), 1, 1, "valid").dtype == "float32"
        flags = tf.tensor4d([True, False], [1, 1, 2, 1], "bool")
        assert tf.max_pool3d(flags, 1, 1, "same").dtype == "float32"
        assert tf.max_pool(i32([1, -2, 3, 4], [2, 2, 1]), 2, 1, "valid").dtype == "int32"

    tf.tidy(run)


def test_large_windows_reduce_as_small_ones(backend, monkeypatch):
    """Windows larger than _SEQUENTIAL_WINDOW are reduced on a copy (argmax, sum); the
    result must be the same bits as the one-position-at-a-time loop, NaN and ±0 included."""
    from tfjs.backends.cpu.kernels import pool as pool_kernels

    rng = np.random.default_rng(5)
    values = rng.uniform(-3, 3, size=(2, 9, 8, 3)).astype(np.float32)
    values[0, :4, :4, 0] = np.nan
    values[1, :, :, 1] = rng.choice([0.0, -0.0], size=(9, 8))
    values[1, 2, 3, 2] = -np.inf

    def run() -> list[tf.Tensor]:
        x = tf.tensor(values)
        argmax = tf.max_pool_with_argmax(x, [4, 3], 1, "same", True)
        return [tf.max_pool(x, [4, 3], [2, 1], "same"), tf.avg_pool(x, 3, 1, "same"), *argmax]

    looped = tidy_numpy(run)
    monkeypatch.setattr(pool_kernels, "_SEQUENTIAL_WINDOW", 0)
    reduced = tidy_numpy(run)
    for a, b in zip(looped, reduced, strict=True):
        np.testing.assert_array_equal(a, b)
        assert np.array_equal(np.signbit(a), np.signbit(b))


def test_identity_window_shares_the_input(backend):
    """A 1x1 window keeping the shape is TF.js's identity: NaN and -0 come back as they are."""

    def run():
        x = tf.tensor4d([np.nan, -0.0, 1, 2], [1, 2, 2, 1])
        got = tf.avg_pool(x, 1, 1, "same").data_sync()
        assert np.isnan(got[0]) and np.signbit(got[1])

    tf.tidy(run)


def test_no_tensor_left_after_pooling(backend):
    x, image, volume = tf.ones([2, 6, 6, 2]), tf.ones([6, 6, 2]), tf.ones([2, 2, 2, 1])
    before = tf.memory()["num_tensors"]
    outputs = [
        tf.avg_pool(image, 2, 2, "same"),
        tf.pool(x, 3, "avg", "same", 2),
        tf.pool(image, 2, "max", "valid", [1, 2]),
        *tf.max_pool_with_argmax(x, 2, 2, "same"),
        tf.max_pool3d(volume, 2, 1, "same"),
    ]
    assert tf.memory()["num_tensors"] == before + len(outputs)
    tf.dispose([x, image, volume, *outputs])


# ---- bad input ------------------------------------------------------------------------


def test_wrong_rank(backend):
    with scope():
        with raises_with(ValueError, "avg_pool", "x must be rank 4 but got rank 2"):
            tf.avg_pool(tf.zeros([3, 3]), 2, 1, "valid")
        with raises_with(ValueError, "max_pool", "input must be rank 4 but got rank 5"):
            tf.max_pool(tf.zeros([1, 1, 3, 3, 1]), 2, 1, "valid")
        with raises_with(ValueError, "avg_pool3d", "x must be rank 5 but got rank 3"):
            tf.avg_pool3d(tf.zeros([2, 2, 2]), 1, 1, "valid")
        with raises_with(ValueError, "max_pool3d", "x must be rank 5 but got rank 6"):
            tf.max_pool3d(tf.zeros([1, 1, 2, 2, 2, 1]), 1, 1, "valid")
        with raises_with(ValueError, "max_pool_with_argmax", "x must be rank 4 but got rank 3"):
            tf.max_pool_with_argmax(tf.zeros([2, 2, 1]), 1, 1, "valid")
        with raises_with(ValueError, "pool", "must be rank 4 but got rank 2"):
            tf.pool(tf.zeros([3, 3]), 2, "max", "valid")


def test_window_larger_than_valid_input(backend):
    with scope():
        with raises_with(ValueError, "avg_pool", "[3,3]", "[1,2,2,1]", "'valid'"):
            tf.avg_pool(tf.zeros([1, 2, 2, 1]), 3, 1, "valid")
        with raises_with(ValueError, "max_pool", "[5,2]", "[1,4,4,1]"):
            tf.max_pool(tf.zeros([1, 4, 4, 1]), [5, 2], 1, "valid")
        with raises_with(ValueError, "max_pool3d", "[1,1,4]", "[1,2,2,2,1]"):
            tf.max_pool3d(tf.zeros([1, 2, 2, 2, 1]), [1, 1, 4], 1, "valid")
        with raises_with(ValueError, "max_pool_with_argmax", "[3,3]"):
            tf.max_pool_with_argmax(tf.zeros([1, 2, 2, 1]), 3, 1, "valid")
        with raises_with(ValueError, "pool", "[3,3]", "[1,2,2,1]"):  # a dilated 2x2 window spans 3x3
            tf.pool(tf.zeros([1, 2, 2, 1]), 2, "avg", "valid", 2)


def test_bad_strides_and_window(backend):
    with scope():
        x = tf.zeros([1, 4, 4, 1])
        with raises_with(ValueError, "avg_pool", "Stride must be > 0, but got '0'"):
            tf.avg_pool(x, 2, 0, "valid")
        with raises_with(ValueError, "max_pool", "Stride must be > 0, but got '1,-1'"):
            tf.max_pool(x, 2, [1, -1], "valid")
        with raises_with(ValueError, "avg_pool3d", "Stride must be > 0, but got '1,0,1'"):
            tf.avg_pool3d(tf.zeros([1, 2, 2, 2, 1]), 1, [1, 0, 1], "valid")
        with raises_with(ValueError, "max_pool", "filter_size must be > 0, but got '0'"):
            tf.max_pool(x, 0, 1, "same")
        with raises_with(ValueError, "avg_pool", "filter_size", "1.5"):
            tf.avg_pool(x, 1.5, 1, "same")
        with raises_with(ValueError, "max_pool3d", "filter_size", "list of 3 integers"):
            tf.max_pool3d(tf.zeros([1, 2, 2, 2, 1]), [1, 1], 1, "same")
        with raises_with(ValueError, "pool", "window_shape must be > 0"):
            tf.pool(x, [0, 1], "max", "same")


def test_strides_and_dilations(backend):
    with scope():
        x = tf.zeros([1, 5, 5, 1])
        with raises_with(ValueError, "pool: Error in pool: Either", "Got strides 2 and dilations '2'"):
            tf.pool(x, 2, "avg", "same", 2, 2)
        with raises_with(ValueError, "pool", "Dilated rates should be larger than 0"):
            tf.pool(x, 2, "max", "same", [0, 1])
        with raises_with(ValueError, "pool", "pad must be 'same' or 'valid' with dilations > 1", "1"):
            tf.pool(x, 2, "max", 1, 2)  # TF.js silently ignores such a pad
        with raises_with(ValueError, "pool", "poolingType", "'min'"):
            tf.pool(x, 2, "min", "same")


def test_bad_pad(backend):
    with scope():
        x = tf.zeros([1, 4, 4, 1])
        with raises_with(ValueError, "avg_pool", "Unknown padding parameter: full"):
            tf.avg_pool(x, 2, 1, "full")
        with raises_with(ValueError, "max_pool", "explicit pad must be 4 pairs"):
            tf.max_pool(x, 2, 1, [[1, 1], [1, 1]])
        with raises_with(ValueError, "max_pool", "non-negative"):
            tf.max_pool(x, 2, 1, -1)
        with raises_with(ValueError, "avg_pool", "1.5"):
            tf.avg_pool(x, 2, 1, 1.5)
        with raises_with(ValueError, "avg_pool3d", "Unknown padding parameter"):
            tf.avg_pool3d(tf.zeros([1, 2, 2, 2, 1]), 1, 1, [[0, 0]] * 5)
        with raises_with(ValueError, "max_pool", "Unknown roundingMode trunc"):
            tf.max_pool(x, 2, 1, 1, "trunc")
        with raises_with(ValueError, "avg_pool", "integer when using dimRoundingMode floor", "pad same"):
            tf.avg_pool(x, 2, 1, "same", "floor")
        with raises_with(ValueError, "max_pool3d", "Only NDHWC is currently supported", "NCDHW"):
            tf.max_pool3d(tf.zeros([1, 2, 2, 2, 1]), 1, 1, "valid", None, "NCDHW")


def test_wrong_dtype(backend):
    with scope():
        with raises_with(TypeError, "Argument 'x' passed to 'avg_pool' must be float32 tensor", "int32"):
            tf.avg_pool(i32([1, 2, 3, 4], [1, 2, 2, 1]), 1, 1, "valid")
        with raises_with(TypeError, "'avg_pool3d' must be float32 tensor, but got bool tensor"):
            tf.avg_pool3d(tf.tensor4d([True, False], [1, 1, 2, 1], "bool"), 1, 1, "valid")
        with raises_with(TypeError, "'avg_pool' must be float32 tensor, but got int32 tensor"):
            tf.pool(i32([1, 2, 3, 4], [1, 2, 2, 1]), 1, "avg", "valid")
        with raises_with(TypeError, "'max_pool' must be numeric tensor, but got string tensor"):
            tf.max_pool(tf.tensor(["a", "b", "c", "d"], [1, 2, 2, 1]), 1, 1, "valid")
        complex_x = tf.complex(tf.zeros([1, 2, 2, 1]), tf.zeros([1, 2, 2, 1]))
        for call, name in [
            (lambda: tf.max_pool3d(tf.reshape(complex_x, [1, 1, 2, 2, 1]), 1, 1, "valid"), "maxPool3d"),
            (lambda: tf.max_pool_with_argmax(complex_x, 1, 1, "valid"), "MaxPoolWithArgmax"),
            (lambda: tf.pool(complex_x, 1, "max", "valid"), "maxPool"),
        ]:
            with raises_with(TypeError, f"{name} does not support complex64 tensors"):
                tf.tidy(call)


@pytest.mark.parametrize(
    "call",
    [
        lambda x: tf.avg_pool(x, 9, 1, "valid"),
        lambda x: tf.pool(x, 2, "avg", "valid", 4),
        lambda x: tf.pool(x, 2, "max", "same", 2, 1, "floor"),
    ],
)
def test_bad_input_leaves_nothing_allocated(backend, call):
    x = tf.zeros([1, 4, 4, 1])
    before = tf.memory()["num_tensors"]
    with pytest.raises(ValueError):
        call(x)
    assert tf.memory()["num_tensors"] == before
    x.dispose()
