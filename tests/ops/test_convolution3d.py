"""conv3d, conv3d_transpose and dilation2d: what the spec table and the conformance cases
do not say (chained methods, keywords, larger inputs, the transpose as conv3d's adjoint,
the exact paths of the Conv3D kernel, memory), and one test per kind of bad input, each
checking the exception type and that the text names the op, the argument and the value."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import i32, no_new_buffers, raises_with, tidy_numpy
from tests.ops.specs.convolution3d import _conv3d_ref, _dilation2d_ref

# ---- values that need more than a spec row -------------------------------------------


def three(v: int | list[int]) -> tuple[int, ...]:
    return (v,) * 3 if isinstance(v, int) else tuple(v)


def test_chained_dilation2d_and_keywords(backend):
    def run():
        x = tf.tensor3d([1, 5, 2, 0], [2, 2, 1])
        f = tf.tensor3d([0, 1], [1, 2, 1])
        assert x.dilation2d(f, 1, "valid").array_sync() == [[[6.0]], [[2.0]]]
        assert tf.dilation2d(x=x, filter=f, strides=[1, 1], pad="same", dilations=1).shape == (2, 2, 1)
        x5 = tf.ones([1, 2, 2, 2, 1])
        y = tf.conv3d(x=x5, filter=tf.ones([2, 2, 2, 1, 1]), strides=1, pad="valid", dilations=[1, 1, 1])
        assert y.array_sync() == [[[[[8.0]]]]]
        dx = tf.conv3d_transpose(
            x=y, filter=tf.ones([2, 2, 2, 1, 1]), output_shape=[1, 2, 2, 2, 1], strides=1, pad=0
        )
        assert dx.data_sync().tolist() == [8.0] * 8

    tf.tidy(run)


def test_chained_methods_are_as_tfjs():
    # TF.js chains dilation2d but not conv3d or conv3dTranspose
    assert hasattr(tf.Tensor, "dilation2d")
    assert not hasattr(tf.Tensor, "conv3d") and not hasattr(tf.Tensor, "conv3d_transpose")


@pytest.mark.parametrize(
    ("strides", "pad", "dilations"), [(1, "same", 1), ([2, 1, 3], "valid", 1), (1, "same", [2, 3, 1])]
)
def test_larger_conv3d_matches_numpy(backend, strides, pad, dilations):
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 7, 9, 8, 5)).astype(np.float32)
    w = rng.standard_normal((3, 2, 3, 5, 6)).astype(np.float32)
    got = tidy_numpy(lambda: tf.conv3d(x, w, strides, pad, "NDHWC", dilations))

    want = _conv3d_ref(three(strides), pad, three(dilations))(x.astype(np.float64), w.astype(np.float64))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(("strides", "pad"), [(1, "same"), ([2, 3, 1], "valid"), (2, "same")])
def test_conv3d_transpose_is_the_adjoint_of_conv3d(backend, strides, pad):
    # <conv3d(x), g> == <x, conv3d_transpose(g)> for every x and g
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 6, 7, 5, 3)).astype(np.float32)
    w = rng.standard_normal((3, 2, 2, 3, 4)).astype(np.float32)
    y = tidy_numpy(lambda: tf.conv3d(x, w, strides, pad))
    g = rng.standard_normal(y.shape).astype(np.float32)
    dx = tidy_numpy(lambda: tf.conv3d_transpose(g, w, list(x.shape), strides, pad))
    assert dx.shape == x.shape
    np.testing.assert_allclose(np.vdot(y.astype(np.float64), g), np.vdot(x.astype(np.float64), dx), rtol=1e-5)


def test_im2col_blocks_give_the_same_values(monkeypatch):
    # cpu's kernels build their im2col matrices a few output planes at a time (on torch,
    # where nothing is chunked, the comparison only measured cuDNN's run-to-run choices)
    from tfjs.backends.cpu.kernels import conv_util as kernels

    tf.set_backend("cpu")
    monkeypatch.setattr(kernels, "_CONV_STEPWISE_WORK", 0)  # BLAS, however small

    rng = np.random.default_rng(9)
    x = rng.standard_normal((2, 6, 5, 4, 3)).astype(np.float32)
    w = rng.standard_normal((3, 2, 2, 3, 2)).astype(np.float32)
    dy = rng.standard_normal((2, 3, 5, 4, 2)).astype(np.float32)

    def run():
        return [
            tf.conv3d(x, w, [2, 1, 1], "same"),
            tf.conv3d_transpose(dy, w, list(x.shape), [2, 1, 1], "same"),
        ]

    whole = tidy_numpy(run)
    monkeypatch.setattr(kernels, "_CHUNK", 1)
    for a, b in zip(tidy_numpy(run), whole, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-6)  # BLAS may block a smaller product otherwise


def test_larger_dilation2d_matches_numpy(backend):
    rng = np.random.default_rng(8)
    x = rng.standard_normal((2, 11, 13, 4)).astype(np.float32)
    f = rng.standard_normal((3, 4, 4)).astype(np.float32)
    got = tidy_numpy(lambda: tf.dilation2d(x, f, [2, 1], "same", 1))
    np.testing.assert_array_equal(got, _dilation2d_ref((2, 1), "same")(x, f).astype(np.float32))


@pytest.mark.parametrize(("strides", "pad", "dilations"), [([1, 2, 1], "same", 1), (1, "same", [1, 2, 2])])
def test_conv3d_per_product_path_matches_numpy(backend, strides, pad, dilations):
    # weights near 1e36 could overflow float32 on the way: the kernel then stores after
    # every product as TF.js does (one tap and in-channel at a time) instead of using BLAS
    rng = np.random.default_rng(11)
    x = rng.standard_normal((2, 5, 6, 7, 3)).astype(np.float32)
    w = (rng.standard_normal((2, 3, 2, 3, 4)) * 1e36).astype(np.float32)
    got = tidy_numpy(lambda: tf.conv3d(x, w, strides, pad, "NDHWC", dilations))

    want = _conv3d_ref(three(strides), pad, three(dilations))(x.astype(np.float64), w.astype(np.float64))
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e31)


def test_conv3d_follows_tfjs_float32_stores_where_they_matter(backend):
    def run():
        # a partial sum past float32's range stays infinite in TF.js's Float32Array
        big = tf.conv3d(
            tf.tensor5d([3e38, 3e38], [1, 2, 1, 1, 1]), tf.tensor5d([2, -1], [2, 1, 1, 1, 1]), 1, "valid"
        )
        assert big.data_sync().tolist() == [np.inf]
        # int32 sums truncate after each product: 1 * 0.5 + 1 * 0.5 is 0, not 1
        half = tf.conv3d(i32([1, 1], [1, 2, 1, 1, 1]), tf.tensor5d([0.5, 0.5], [2, 1, 1, 1, 1]), 1, "valid")
        assert half.dtype == "int32" and half.data_sync().tolist() == [0]

    tf.tidy(run)


def test_bool_inputs_give_bool_results_as_tfjs_bytes(backend):
    def run():
        # TF.js stores the sums 256 and 128 in a Uint8Array: 256 wraps to 0 (false)
        x = tf.tensor5d([True, True, False, True], [1, 4, 1, 1, 1])
        y = tf.conv3d(x, tf.tensor5d([128, 128], [2, 1, 1, 1, 1], "int32"), [2, 1, 1], "valid")
        assert y.dtype == "bool" and y.data_sync().tolist() == [False, True]
        d = tf.dilation2d(tf.tensor3d([True, False], [1, 2, 1]), tf.tensor3d([-1], [1, 1, 1]), 1, "valid")
        assert d.dtype == "bool" and d.data_sync().tolist() == [False, True]

    tf.tidy(run)


def test_rank4_and_rank3_inputs_keep_their_rank(backend):
    def run():
        assert tf.conv3d(tf.ones([3, 3, 3, 2]), tf.ones([2, 2, 2, 2, 4]), 1, "valid").shape == (2, 2, 2, 4)
        dx = tf.conv3d_transpose(tf.ones([2, 2, 2, 4]), tf.ones([2, 2, 2, 2, 4]), [3, 3, 3, 2], 1, "valid")
        assert dx.shape == (3, 3, 3, 2) and dx.dtype == "float32"
        assert tf.dilation2d(tf.ones([4, 4, 2]), tf.ones([2, 2, 2]), 2, "same").shape == (2, 2, 2)

    tf.tidy(run)


def test_inputs_are_not_changed(backend):
    def run():
        x = tf.tensor5d([1.0, 2, 3, 4], [1, 4, 1, 1, 1])
        w = tf.tensor5d([1.0, -1], [2, 1, 1, 1, 1])
        tf.conv3d(x, w, 1, "same")
        tf.conv3d_transpose(x, w, [1, 4, 1, 1, 1], 1, "same")
        assert x.data_sync().tolist() == [1, 2, 3, 4] and w.data_sync().tolist() == [1, -1]

    tf.tidy(run)


# ---- bad input: one test per kind -------------------------------------------------------

X5 = np.ones((1, 4, 4, 4, 2), np.float32)
W5 = np.ones((2, 2, 2, 2, 3), np.float32)
DY = np.ones((1, 3, 3, 3, 3), np.float32)  # a conv3d of X5 with W5
X4 = np.ones((1, 5, 5, 2), np.float32)
W3 = np.ones((2, 2, 2), np.float32)


def _raises_cleanly(error: type[Exception], fn, *fragments: str) -> None:
    """`fn` raises `error` naming every fragment and leaves nothing allocated."""

    def call():
        with raises_with(error, *fragments):
            fn()

    no_new_buffers(call)


def test_wrong_rank(backend):
    _raises_cleanly(
        ValueError, lambda: tf.conv3d(np.ones((4, 4, 2)), W5, 1, "valid"), "conv3d", "input", "rank 3"
    )
    _raises_cleanly(
        ValueError, lambda: tf.conv3d(X5, np.ones((2, 2, 2, 3)), 1, "valid"), "conv3d", "filter", "rank 4"
    )
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d_transpose(np.ones((2, 2, 2)), W5, [4, 4, 3], 1, "valid"),
        "conv3d_transpose",
        "length 3",
    )
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d_transpose(np.ones((1, 2, 2, 2, 3)), W5, [4, 4, 4, 2], 1, "valid"),
        "conv3d_transpose",
        "inShape (4)",
        "rank of dy (5)",
    )
    _raises_cleanly(
        ValueError, lambda: tf.dilation2d(np.ones((5, 5)), W3, 1, "valid"), "dilation2d", "input", "rank 2"
    )
    _raises_cleanly(
        ValueError, lambda: tf.dilation2d(X4, np.ones((2, 2)), 1, "valid"), "dilation2d", "filter", "rank 2"
    )


def test_mismatched_channels(backend):
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d(X5, np.ones((2, 2, 2, 3, 3)), 1, "valid"),
        "conv3d",
        "depth of input (2)",
        "filter 3",
    )
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d_transpose(np.ones((1, 3, 3, 3, 3)), W5, [1, 4, 4, 4, 5], 1, "valid"),
        "conv3d_transpose",
        "depth of input (5)",
        "filter 2",
    )
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d_transpose(np.ones((1, 3, 3, 3, 4)), W5, [1, 4, 4, 4, 2], 1, "valid"),
        "conv3d_transpose",
        "depth of output (4)",
        "filter 3",
    )
    _raises_cleanly(
        ValueError,
        lambda: tf.dilation2d(X4, np.ones((2, 2, 3)), 1, "valid"),
        "dilation2d",
        "same depth: 2 vs 3",
    )


def test_bad_strides_and_dilations(backend):
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d(X5, W5, [1, 2, 1], "valid", "NDHWC", 2),
        "conv3d",
        "Either strides or dilations must be 1",
        "strides 1,2,1",
        "dilations '2'",
    )
    _raises_cleanly(
        ValueError, lambda: tf.conv3d(X5, W5, [1, 0, 1], "valid"), "conv3d", "Strides should be larger than 0"
    )
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d(X5, W5, 1, "valid", "NDHWC", -1),
        "conv3d",
        "Dilated rates should be larger than 0",
    )
    _raises_cleanly(ValueError, lambda: tf.conv3d(X5, W5, [1, 1], "valid"), "conv3d", "strides", "[1,1]")
    _raises_cleanly(ValueError, lambda: tf.conv3d(X5, W5, 1.5, "valid"), "conv3d", "strides", "1.5")
    _raises_cleanly(TypeError, lambda: tf.conv3d(X5, W5, "1", "valid"), "conv3d", "strides", "'1'")
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d_transpose(DY, W5, [1, 4, 4, 4, 2], 0, "valid"),
        "conv3d_transpose",
        "Strides",
    )
    _raises_cleanly(ValueError, lambda: tf.dilation2d(X4, W3, [1, 0], "valid"), "dilation2d", "Strides")
    _raises_cleanly(
        ValueError, lambda: tf.dilation2d(X4, W3, 1, "valid", [0, 1]), "dilation2d", "Dilated rates"
    )
    _raises_cleanly(
        ValueError, lambda: tf.dilation2d(X4, W3, [1, 1, 1], "valid"), "dilation2d", "strides", "[1,1,1]"
    )


def test_bad_pad_and_data_format(backend):
    _raises_cleanly(
        ValueError, lambda: tf.conv3d(X5, W5, 1, "full"), "conv3d", "Unknown padding parameter", "full"
    )
    _raises_cleanly(ValueError, lambda: tf.conv3d(X5, W5, 1, -1), "conv3d", "pad", "-1")
    _raises_cleanly(ValueError, lambda: tf.conv3d(X5, W5, 1, 0.5), "conv3d", "pad", "0.5")
    _raises_cleanly(ValueError, lambda: tf.conv3d(X5, W5, 1, [[0, 0]] * 5), "conv3d", "padding")
    _raises_cleanly(
        ValueError, lambda: tf.conv3d(X5, W5, 1, "valid", "NCDHW"), "conv3d", "dataFormat of NCDHW"
    )
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d_transpose(DY, W5, [1, 4, 4, 4, 2], 1, "full"),
        "conv3d_transpose",
        "full",
    )
    _raises_cleanly(
        ValueError,
        lambda: tf.dilation2d(X4, W3, 1, [[0, 0], [1, 1]]),
        "dilation2d",
        "explicit pad",
        "4 pairs",
    )
    _raises_cleanly(
        ValueError, lambda: tf.dilation2d(X4, W3, 1, "valid", 1, "NCHW"), "dilation2d", "dataFormat of NCHW"
    )


def test_filter_larger_than_input(backend):
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d(X5, np.ones((5, 1, 1, 2, 1)), 1, "valid"),
        "conv3d",
        "filter of shape [5,1,1,2,1]",
        "input x of shape [1,4,4,4,2]",
    )
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d(X5, W5, 1, "valid", "NDHWC", [1, 4, 1]),
        "conv3d",
        "larger than the input",
    )
    _raises_cleanly(
        ValueError,
        lambda: tf.dilation2d(X4, np.ones((6, 1, 2)), 1, "valid"),
        "dilation2d",
        "filter of shape [6,1,2]",
    )


def test_transpose_output_shape_that_does_not_fit(backend):
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d_transpose(np.ones((1, 2, 3, 3, 3)), W5, [1, 4, 4, 4, 2], 1, "valid"),
        "conv3d_transpose",
        "x of shape [1,2,3,3,3]",
        "output_shape [1,4,4,4,2]",
        "[1,3,3,3,3]",
    )
    _raises_cleanly(
        ValueError,
        lambda: tf.conv3d_transpose(DY, W5, [1, 4, -4, 4, 2], 1, "valid"),
        "conv3d_transpose",
        "output_shape",
    )


def test_wrong_dtype(backend):
    c_x5, c_w5, c_x4, text = tf.complex(X5, X5), tf.complex(W5, W5), tf.complex(X4, X4), tf.tensor([["a"]])
    try:
        _raises_cleanly(TypeError, lambda: tf.conv3d(c_x5, W5, 1, "valid"), "conv3d", "'x'", "complex64")
        _raises_cleanly(
            TypeError,
            lambda: tf.conv3d_transpose(DY, c_w5, [1, 4, 4, 4, 2], 1, "valid"),
            "conv3d_transpose",
            "'filter'",
            "conv3dBackpropInputV2 does not support complex64",
        )
        _raises_cleanly(
            TypeError, lambda: tf.dilation2d(c_x4, W3, 1, "valid"), "dilation2d", "'x'", "complex64"
        )
        _raises_cleanly(
            TypeError, lambda: tf.dilation2d(X4, text, 1, "valid"), "dilation2d", "filter", "string"
        )
    finally:
        tf.dispose([c_x5, c_w5, c_x4, text])
