"""The conv2d family (conv1d, conv2d, conv2d_transpose, depthwise_conv2d,
separable_conv2d) and conv_util: what the spec table and the conformance cases do not say
(chained methods, keywords, the kernel bodies the fused kernels reuse, memory), and one
test per kind of bad input, each checking the exception type and that the text names the
op, the argument and the offending value."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.backends.tolerance import assert_close_for_backend
from tests.helpers import i32, raises_with, scope, tidy_numpy
from tfjs.backend_util import conv_info, conv_padding, conv_types
from tfjs.backends.cpu.kernels.conv import conv2d_values, depthwise_conv2d_values

# ---- values that need more than a spec row -------------------------------------------


def test_chained_methods_match_the_ops(backend):
    def run():
        x = tf.tensor4d(list(range(1, 10)), [1, 3, 3, 1])
        f = tf.ones([2, 2, 1, 1])
        assert x.conv2d(f, 1, "valid").array_sync() == [[[[12.0], [16.0]], [[24.0], [28.0]]]]
        assert x.depthwise_conv2d(f, 1, "valid").array_sync() == [[[[12.0], [16.0]], [[24.0], [28.0]]]]
        assert x.separable_conv2d(f, tf.ones([1, 1, 1, 2]), 2, "valid").array_sync() == [[[[12.0, 12.0]]]]
        t = tf.tensor3d([1, 2, 3, 4], [1, 4, 1])
        assert t.conv1d(tf.tensor3d([1, -1], [2, 1, 1]), 1, "valid").array_sync() == [
            [[-1.0], [-1.0], [-1.0]]
        ]
        y = tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1])
        assert y.conv2d_transpose(f, [1, 3, 3, 1], 1, "valid").shape == (1, 3, 3, 1)

    tf.tidy(run)


def test_keyword_arguments(backend):
    def run():
        x = tf.ones([1, 2, 5, 5])
        y = tf.conv2d(
            x,
            filter=tf.ones([3, 3, 2, 4]),
            strides=[1, 2],
            pad=1,
            data_format="NCHW",
            dilations=1,
            dim_rounding_mode="ceil",
        )
        assert y.shape == (1, 4, 5, 5)  # TF.js sizes a numeric pad's width by the height's stride
        d = tf.depthwise_conv2d(x, filter=tf.ones([2, 2, 2, 3]), strides=1, pad="same", data_format="NCHW")
        assert d.shape == (1, 6, 5, 5)
        c = tf.conv1d(tf.ones([6, 2]), filter=tf.ones([3, 2, 1]), stride=1, pad="valid", dilation=2)
        assert c.shape == (2, 1)
        s = tf.separable_conv2d(
            tf.ones([5, 5, 1]),
            depthwise_filter=tf.ones([3, 3, 1, 2]),
            pointwise_filter=tf.ones([1, 1, 2, 1]),
            strides=1,
            pad="valid",
            dilation=2,
        )
        assert s.array_sync() == [[[18.0]]]
        tr = tf.conv2d_transpose(
            tf.ones([1, 2, 2, 1]),
            filter=tf.ones([2, 2, 3, 1]),
            output_shape=[1, 4, 4, 3],
            strides=2,
            pad="valid",
        )
        assert tr.shape == (1, 4, 4, 3)

    tf.tidy(run)


def test_values_from_tfjs_tests(backend):
    """conv2d_test.ts: 'x=[2,2,1] f=[1,1,1,2] s=1 d=1 p=0' and the depthwise docs example."""
    got = tidy_numpy(
        lambda: tf.conv2d(tf.tensor3d([1, 2, 3, 4], [2, 2, 1]), tf.tensor4d([2, 3], [1, 1, 1, 2]), 1, 0)
    )
    np.testing.assert_array_equal(got, np.array([[[2, 3], [4, 6]], [[6, 9], [8, 12]]], np.float32))
    x = tf.tensor4d(
        [0.230664, 0.987388, 0.0685208, 0.419224, 0.887861, 0.731641, 0.0741907, 0.409265, 0.351377],
        [1, 3, 3, 1],
    )
    try:
        w = tf.tensor4d([0.303873, 0.229223, 0.144333, 0.803373], [2, 2, 1, 1])
        got = tidy_numpy(lambda: tf.depthwise_conv2d(x, w, 1, "valid"))
        want = [1.07022, 1.03167, 0.67041, 0.778863]
        np.testing.assert_allclose(got.reshape(-1), want, rtol=1e-5)
        w.dispose()
    finally:
        x.dispose()


def _tfjs_conv2d_loop(x: np.ndarray, w: np.ndarray, stride: int, top: int, left: int, out_hw) -> np.ndarray:
    """TF.js's cpu Conv2D loop, one output at a time (NHWC): each product added in a
    double and stored into a float32, in the order filter row, filter column, channel."""
    n, h, wd, cin = x.shape
    fh, fw, _, cout = w.shape
    y = np.zeros((n, *out_hw, cout), np.float32)
    for b, r, c, d2 in np.ndindex(y.shape):
        total = np.float32(0)
        for kh, kw, d1 in np.ndindex(fh, fw, cin):
            row, col = r * stride - top + kh, c * stride - left + kw
            if 0 <= row < h and 0 <= col < wd:
                total = np.float32(float(total) + float(x[b, row, col, d1]) * float(w[kh, kw, d1, d2]))
        y[b, r, c, d2] = total
    return y


@pytest.mark.parametrize("data_format", ["NHWC", "NCHW"])
def test_small_conv2d_rounds_after_every_product_like_tfjs(backend, data_format, monkeypatch):
    rng = np.random.default_rng(5)
    x = (rng.integers(1, 100, (2, 5, 6, 3)) / 7).astype(np.float32)
    w = (rng.integers(-50, 50, (3, 3, 3, 2)) / 9).astype(np.float32)
    want = _tfjs_conv2d_loop(x, w, 2, 1, 0, (3, 3))  # "same": pads 1 row on top, no column on the left
    x_in = x if data_format == "NHWC" else x.transpose(0, 3, 1, 2)
    got = tidy_numpy(lambda: tf.conv2d(x_in, w, 2, "same", data_format))
    got = got if data_format == "NHWC" else got.transpose(0, 2, 3, 1)
    if backend != "cpu":  # torch runs the algorithm that measured fastest: its own order
        assert_close_for_backend(backend, got, want)
        return
    np.testing.assert_array_equal(got, want)
    # the float32 BLAS path of larger problems sums in another order: within a few ulps
    from tfjs.backends.cpu.kernels import conv_util as kernels

    monkeypatch.setattr(kernels, "_CONV_STEPWISE_WORK", 0)
    once = tidy_numpy(lambda: tf.conv2d(x_in, w, 2, "same", data_format))
    once = once if data_format == "NHWC" else once.transpose(0, 2, 3, 1)
    np.testing.assert_allclose(once, want, rtol=1e-6, atol=1e-5)


def _tfjs_depthwise_loop(
    x: np.ndarray, w: np.ndarray, stride: int, top: int, left: int, out_hw
) -> np.ndarray:
    """TF.js's cpu DepthwiseConv2dNative loop (NHWC), every output at once: each tap's
    product (filter row, then column) added in a double and stored into a float32 (a tap
    in the padding adds a zero here, the same for finite values)."""
    n, h, wd, c = x.shape
    fh, fw, _, multiplier = w.shape
    oh, ow = out_hw
    padded = np.zeros((n, max(top + h, (oh - 1) * stride + fh), max(left + wd, (ow - 1) * stride + fw), c))
    padded[:, top : top + h, left : left + wd] = x
    total = np.zeros((n, oh, ow, c, multiplier), np.float32)
    for kh, kw in np.ndindex(fh, fw):
        patch = padded[:, kh : kh + (oh - 1) * stride + 1 : stride, kw : kw + (ow - 1) * stride + 1 : stride]
        total = (total + patch[..., None] * w[kh, kw].astype(np.float64)).astype(np.float32)
    return total.reshape(n, oh, ow, c * multiplier)


def test_small_depthwise_rounds_after_every_tap_like_tfjs(backend, monkeypatch):
    rng = np.random.default_rng(7)
    x = (rng.integers(1, 100, (2, 5, 6, 3)) / 7).astype(np.float32)
    w = (rng.integers(-50, 50, (3, 3, 3, 2)) / 9).astype(np.float32)
    want = _tfjs_depthwise_loop(x, w, 2, 1, 0, (3, 3))  # "same": pads 1 row on top, no column on the left
    np.testing.assert_array_equal(tidy_numpy(lambda: tf.depthwise_conv2d(x, w, 2, "same")), want)
    # float32 products (the fast path of larger problems) are an ulp off here
    from tfjs.backends.cpu.kernels import conv_util as kernels

    monkeypatch.setattr(kernels, "_STEPWISE_WORK", 0)
    fast = tidy_numpy(lambda: tf.depthwise_conv2d(x, w, 2, "same"))
    assert not np.array_equal(fast, want)
    np.testing.assert_allclose(fast, want, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("data_format", ["NHWC", "NCHW"])
def test_large_depthwise_takes_float32_products(backend, data_format, monkeypatch):
    """Beyond the small bounds (here 40*40*24 outputs x 9 taps) the products are float32:
    within 1e-6 of TF.js's, and TF.js's to the bit where the sums could overflow."""
    rng = np.random.default_rng(8)
    x = rng.uniform(0.1, 1, (1, 40, 40, 12)).astype(np.float32)
    w = rng.uniform(0.1, 1, (3, 3, 12, 2)).astype(np.float32)
    want = _tfjs_depthwise_loop(x, w, 1, 1, 1, (40, 40))

    def run(x: np.ndarray) -> np.ndarray:
        x_in = x if data_format == "NHWC" else x.transpose(0, 3, 1, 2)
        got = tidy_numpy(lambda: tf.depthwise_conv2d(x_in, w, 1, "same", data_format))
        return got if data_format == "NHWC" else got.transpose(0, 2, 3, 1)

    fast = run(x)
    assert not np.array_equal(fast, want)  # the fast path ran
    np.testing.assert_allclose(fast, want, rtol=1e-6)
    x[0, 20, 20, 5] = 1e38  # partial sums near float32's limit: TF.js's order
    np.testing.assert_array_equal(run(x), _tfjs_depthwise_loop(x, w, 1, 1, 1, (40, 40)))
    from tfjs.backends.cpu.kernels import conv_util as kernels

    x[0, 20, 20, 5] = 0.5
    monkeypatch.setattr(kernels, "_STEPWISE_WORK", 1 << 62)  # the exact path, however large
    np.testing.assert_array_equal(run(x), _tfjs_depthwise_loop(x, w, 1, 1, 1, (40, 40)))


def test_infinite_filter_skips_padding_like_tfjs(backend):
    """TF.js skips a tap in the padding rather than multiplying a zero by it."""
    got = tidy_numpy(
        lambda: tf.conv2d(tf.ones([1, 1, 1, 1]), tf.tensor4d([np.inf, 1, 1, 1], [2, 2, 1, 1]), 1, "same")
    )
    assert got.reshape(-1).tolist() == [np.inf]


def test_nchw_depthwise_convolves_the_channels(backend):
    """(TF.js's cpu kernel ignores data_format here: a documented difference.)"""
    x = np.arange(18, dtype=np.float32).reshape(1, 2, 3, 3)
    w = np.array([1, 10, 100, 1000], np.float32).reshape(1, 1, 2, 2)
    got = tidy_numpy(lambda: tf.depthwise_conv2d(x, w, 1, "valid", "NCHW"))
    want = np.stack([x[0, 0] * 1, x[0, 0] * 10, x[0, 1] * 100, x[0, 1] * 1000])[None]
    np.testing.assert_array_equal(got, want)


def test_kernel_bodies_take_numpy_and_a_conv_info(backend):
    """The fused kernels run these and then add bias and activation: cpu's ops give their
    bits; torch's within its tolerance (it runs whichever convolution algorithm measured
    fastest in the process, which sums in its own order)."""
    x = np.arange(2 * 4 * 4 * 3, dtype=np.float32).reshape(2, 4, 4, 3) / 7
    w = np.linspace(-1, 1, 3 * 3 * 3 * 2, dtype=np.float32).reshape(3, 3, 3, 2)
    info = conv_info.compute_conv2d_info(x.shape, w.shape, 1, 1, "same")
    y = conv2d_values(x, w, info)
    assert y.dtype == np.float32 and y.shape == info.out_shape
    assert_close_for_backend(backend, tidy_numpy(lambda: tf.conv2d(x, w, 1, "same")), y)
    info = conv_info.compute_conv2d_info(x.shape, w.shape, 2, 1, "valid", None, True)
    y = depthwise_conv2d_values(x, w, info)
    assert y.shape == (2, 1, 1, 6)
    assert_close_for_backend(backend, tidy_numpy(lambda: tf.depthwise_conv2d(x, w, 2, "valid")), y)


def test_conv_util_pads_and_rounding():
    same = conv_info.compute_conv2d_info([1, 4, 4, 1], [2, 2, 1, 1], 1, 1, "same")
    assert same.pad_info == conv_types.PadInfo(top=0, left=0, right=1, bottom=1, type="SAME")
    for mode, size in (("floor", 3), ("round", 4), ("ceil", 4), (None, 3)):
        info = conv_info.compute_pool2d_info([1, 6, 6, 1], 3, 2, 1, 1, mode)
        assert (info.out_height, info.out_width) == (size, size)
    explicit = conv_info.compute_conv2d_info(
        [1, 2, 5, 5], [3, 3, 2, 1], 1, 1, [[0, 0], [0, 0], [1, 2], [0, 0]], None, False, "channelsFirst"
    )
    assert explicit.pad_info.type == "EXPLICIT" and explicit.out_shape == (1, 1, 6, 3)
    pool3d = conv_info.compute_pool3d_info([1, 4, 5, 6, 2], [2, 2, 2], 2, 1, "same", None, "NDHWC")
    assert pool3d.out_shape == (1, 2, 3, 3, 2) and pool3d.pad_info.back == 0
    assert conv_padding.compute_default_pad([5, 5], 3, 1) == 1
    assert conv_info.either_strides_or_dilations_are_one([2, 2], 1)
    assert not conv_info.either_strides_or_dilations_are_one(2, [1, 2])
    assert conv_info.convert_conv2d_data_format("NCHW") == "channelsFirst"
    with raises_with(ValueError, "Unknown dataFormat NDHWC"):
        conv_info.convert_conv2d_data_format("NDHWC")


def test_empty_inputs(backend):
    assert tidy_numpy(lambda: tf.conv2d(tf.zeros([0, 3, 3, 1]), tf.ones([2, 2, 1, 2]), 1, "valid")).shape == (
        0,
        2,
        2,
        2,
    )
    got = tidy_numpy(lambda: tf.conv2d(tf.zeros([1, 3, 3, 0]), tf.ones([3, 3, 0, 2]), 1, "same"))
    assert got.shape == (1, 3, 3, 2) and not got.any()
    assert tidy_numpy(
        lambda: tf.depthwise_conv2d(tf.ones([1, 0, 4, 2]), tf.ones([2, 2, 2, 1]), 1, "same")
    ).shape == (
        1,
        0,
        4,
        2,
    )
    assert tidy_numpy(
        lambda: tf.conv2d_transpose(tf.zeros([2, 0, 3, 1]), tf.ones([2, 2, 1, 1]), [2, 0, 3, 1], 1, "same")
    ).shape == (2, 0, 3, 1)


def test_inputs_are_not_modified_and_nothing_leaks(backend):
    x = tf.tensor4d(list(range(16)), [1, 4, 4, 1])
    f = tf.ones([3, 3, 1, 1])
    before = tf.memory()["num_tensors"]
    y = tf.conv2d(x, f, 1, "same")
    assert tf.memory()["num_tensors"] == before + 1
    assert x.data_sync().tolist() == list(range(16))
    with pytest.raises(ValueError):
        tf.conv2d([[[[1.0]]]], [[[[1.0, 2.0]]]], [[1, 2]], "valid")
    assert tf.memory()["num_tensors"] == before + 1
    tf.dispose([x, f, y])


# ---- bad input: one test per kind -----------------------------------------------------

OPS_4D = [
    ("conv2d", lambda x, f, **kw: tf.conv2d(x, f, **kw)),
    ("depthwise_conv2d", lambda x, f, **kw: tf.depthwise_conv2d(x, f, **kw)),
]


@pytest.mark.parametrize(("name", "fn"), OPS_4D, ids=[n for n, _ in OPS_4D])
def test_wrong_rank(backend, name, fn):
    with scope():
        js = "conv2d" if name == "conv2d" else "depthwiseConv2d"
        with raises_with(ValueError, name, f"Error in {js}: input must be rank 4, but got rank 2."):
            fn(tf.zeros([3, 3]), tf.ones([1, 1, 1, 1]), strides=1, pad="valid")
        with raises_with(ValueError, name, "filter must be rank 4, but got rank 3"):
            fn(tf.zeros([1, 3, 3, 1]), tf.ones([1, 1, 1]), strides=1, pad="valid")
        with raises_with(ValueError, "conv1d", "input must be rank 3, but got rank 4"):
            tf.conv1d(tf.zeros([1, 1, 3, 1]), tf.ones([1, 1, 1]), 1, "valid")
        with raises_with(ValueError, "separable_conv2d", "pointwise filter must be rank 4, but got rank 2"):
            tf.separable_conv2d(tf.zeros([1, 3, 3, 1]), tf.ones([1, 1, 1, 1]), tf.ones([1, 1]), 1, "valid")
        with raises_with(ValueError, "conv2d_transpose", "inShape must be length 4, but got length 2"):
            tf.conv2d_transpose(tf.zeros([2, 2]), tf.ones([1, 1, 1, 1]), [2, 2], 1, "valid")


def test_channels_that_do_not_match(backend):
    with scope():
        with raises_with(ValueError, "conv2d", "depth of input (2) must match input depth for filter 3"):
            tf.conv2d(tf.zeros([1, 3, 3, 2]), tf.ones([1, 1, 3, 1]), 1, "valid")
        with raises_with(ValueError, "depthwise_conv2d", "number of input channels (4)", "filter 2"):
            tf.depthwise_conv2d(tf.zeros([1, 4, 3, 3]), tf.ones([1, 1, 2, 1]), 1, "valid", "NCHW")
        with raises_with(ValueError, "conv1d", "depth of input (2) must match input depth for filter 1"):
            tf.conv1d(tf.zeros([1, 4, 2]), tf.ones([2, 1, 1]), 1, "valid")
        with raises_with(
            ValueError, "separable_conv2d", "third dimension of pointwise filter must be 4, but got 2"
        ):
            tf.separable_conv2d(
                tf.zeros([1, 3, 3, 2]), tf.ones([1, 1, 2, 2]), tf.ones([1, 1, 2, 1]), 1, "valid"
            )
        with raises_with(
            ValueError, "conv2d_transpose", "depth of output (2) must match output depth for filter 3"
        ):
            tf.conv2d_transpose(tf.zeros([1, 2, 2, 2]), tf.ones([2, 2, 1, 3]), [1, 3, 3, 1], 1, "valid")


def test_strides_and_dilations(backend):
    with scope():
        x, f = tf.zeros([1, 5, 5, 1]), tf.ones([2, 2, 1, 1])
        try:
            with raises_with(
                ValueError,
                "conv2d",
                "Either strides or dilations must be 1. Got strides 2,2 and dilations '2'",
            ):
                tf.conv2d(x, f, [2, 2], "valid", "NHWC", 2)
            with raises_with(ValueError, "depthwise_conv2d", "Either strides or dilations must be 1"):
                tf.depthwise_conv2d(x, f, 2, "valid", "NHWC", [1, 3])
            with raises_with(ValueError, "conv2d", "Strides should be larger than 0"):
                tf.conv2d(x, f, [1, -1], "valid")
            with raises_with(ValueError, "conv2d", "Dilated rates should be larger than 0"):
                tf.conv2d(x, f, 1, "valid", "NHWC", 0)
            with raises_with(ValueError, "conv2d", "strides", "[1,2,3]"):
                tf.conv2d(x, f, [1, 2, 3], "valid")
            with raises_with(ValueError, "conv2d", "dilations", "1.5"):
                tf.conv2d(x, f, 1, "valid", "NHWC", 1.5)
            with raises_with(TypeError, "conv2d", "strides", "'2'"):
                tf.conv2d(x, f, "2", "valid")
            with raises_with(
                ValueError, "conv1d", "Either stride or dilation must be 1. Got stride 2 and dilation '2'"
            ):
                tf.conv1d(tf.zeros([1, 8, 1]), tf.ones([2, 1, 1]), 2, "valid", "NWC", 2)
            with raises_with(ValueError, "conv2d_transpose", "strides must be larger than 0, got 0"):
                tf.conv2d_transpose(tf.zeros([1, 2, 2, 1]), f, [1, 3, 3, 1], 0, "valid")
        finally:
            tf.dispose([x, f])


def test_filter_larger_than_a_valid_input(backend):
    with scope():
        with raises_with(
            ValueError, "conv2d", "filter of shape [3,3,1,1]", "input x of shape [1,2,5,1]", "'valid'"
        ):
            tf.conv2d(tf.zeros([1, 2, 5, 1]), tf.ones([3, 3, 1, 1]), 1, "valid")
        with raises_with(ValueError, "depthwise_conv2d", "filter of shape [2,2,1,1]", "[1,3,3,1]"):
            tf.depthwise_conv2d(tf.zeros([1, 3, 3, 1]), tf.ones([2, 2, 1, 1]), 1, "valid", "NHWC", 3)
        with raises_with(ValueError, "conv1d", "filter of shape [1,4,1,1]"):
            tf.conv1d(tf.zeros([1, 3, 1]), tf.ones([4, 1, 1]), 1, "valid")
        with raises_with(
            ValueError, "conv2d", "filter of shape [5,5,1,1]", "pad [[0, 0], [1, 1], [0, 0], [0, 0]]"
        ):
            tf.conv2d(tf.zeros([1, 2, 5, 1]), tf.ones([5, 5, 1, 1]), 1, [[0, 0], [1, 1], [0, 0], [0, 0]])


def test_bad_pad(backend):
    with scope():
        x, f = tf.zeros([1, 4, 4, 1]), tf.ones([2, 2, 1, 1])
        try:
            with raises_with(ValueError, "conv2d", "Unknown padding parameter: full"):
                tf.conv2d(x, f, 1, "full")
            with raises_with(ValueError, "conv2d", "explicit pad must be 4 pairs", "[[1, 1], [1, 1]]"):
                tf.conv2d(x, f, 1, [[1, 1], [1, 1]])
            with raises_with(ValueError, "conv2d", "explicit pad", "-1"):
                tf.conv2d(x, f, 1, [[0, 0], [-1, 0], [0, 0], [0, 0]])
            with raises_with(ValueError, "conv2d", "pad must be a non-negative integer, got 1.5"):
                tf.conv2d(x, f, 1, 1.5)
            with raises_with(ValueError, "conv2d", "pad must be a non-negative integer, got -1"):
                tf.conv2d(x, f, 1, -1)
            with raises_with(
                ValueError,
                "conv2d",
                "pad must be an integer when using dimRoundingMode ceil but got pad same",
            ):
                tf.conv2d(x, f, 1, "same", "NHWC", 1, "ceil")
            with raises_with(ValueError, "conv2d", "Unknown roundingMode up"):
                tf.conv2d(x, f, 1, 1, "NHWC", 1, "up")
            with raises_with(ValueError, "conv1d", "Size(", "pad 1 also pads the height"):
                tf.conv1d(tf.zeros([1, 6, 1]), tf.ones([3, 1, 1]), 1, 1)
        finally:
            tf.dispose([x, f])


def test_bad_data_format(backend):
    with scope():
        x, f = tf.zeros([1, 4, 4, 1]), tf.ones([2, 2, 1, 1])
        try:
            with raises_with(ValueError, "conv2d", "Unknown dataFormat NWHC"):
                tf.conv2d(x, f, 1, "valid", "NWHC")
            with raises_with(ValueError, "depthwise_conv2d", "Unknown dataFormat nhwc"):
                tf.depthwise_conv2d(x, f, 1, "valid", "nhwc")
            with raises_with(
                ValueError, "conv1d", "got dataFormat of NCW but only NWC is currently supported"
            ):
                tf.conv1d(tf.zeros([1, 4, 1]), tf.ones([2, 1, 1]), 1, "valid", "NCW")
            with raises_with(ValueError, "separable_conv2d", "does not support dataFormat NCHW"):
                tf.separable_conv2d(x, f, tf.ones([1, 1, 1, 1]), 1, "valid", 1, "NCHW")
        finally:
            tf.dispose([x, f])


def test_wrong_dtype(backend):
    with scope():
        with raises_with(
            TypeError, "Argument 'x' passed to 'conv2d' must be float32 tensor, but got int32 tensor"
        ):
            tf.conv2d(i32([1, 2, 3, 4], [1, 2, 2, 1]), tf.ones([1, 1, 1, 1]), 1, "valid")
        with raises_with(
            TypeError, "'filter' passed to 'depthwise_conv2d' must be float32 tensor, but got bool"
        ):
            tf.depthwise_conv2d(tf.ones([1, 2, 2, 1]), tf.tensor([True], [1, 1, 1, 1], "bool"), 1, "valid")
        with raises_with(
            TypeError, "Argument 'x' passed to 'conv2d' must be float32 tensor, but got int32 tensor"
        ):
            tf.conv1d(i32([1, 2, 3], [1, 3, 1]), tf.ones([1, 1, 1]), 1, "valid")
        with raises_with(
            TypeError, "'filter' passed to 'conv2d' must be float32 tensor, but got int32 tensor"
        ):
            tf.separable_conv2d(
                tf.ones([1, 2, 2, 1]), tf.ones([1, 1, 1, 1]), i32([1], [1, 1, 1, 1]), 1, "valid"
            )
        with raises_with(TypeError, "conv2d_transpose", "conv2dBackpropInput does not support complex64"):
            tf.conv2d_transpose(
                tf.complex([1.0], [2.0]).reshape([1, 1, 1, 1]),
                tf.ones([1, 1, 1, 1]),
                [1, 1, 1, 1],
                1,
                "valid",
            )
        with raises_with(TypeError, "Argument 'x' passed to 'conv2d_transpose'", "string"):
            tf.conv2d_transpose(
                tf.tensor(["a"]).reshape([1, 1, 1, 1]), tf.ones([1, 1, 1, 1]), [1, 1, 1, 1], 1, "valid"
            )


def test_conv2d_transpose_output_shape(backend):
    with scope():
        x, f = tf.zeros([1, 2, 2, 1]), tf.ones([2, 2, 1, 1])
        try:
            with raises_with(
                ValueError, "conv2d_transpose", "x of shape [1,2,2,1]", "[1,5,5,1]", "[1,4,4,1]"
            ):
                tf.conv2d_transpose(x, f, [1, 5, 5, 1], 1, "valid")
            with raises_with(
                ValueError, "conv2d_transpose", "Length of inShape (3) and rank of dy (4) must match"
            ):
                tf.conv2d_transpose(x, f, [3, 3, 1], 1, "valid")
            with raises_with(
                ValueError, "conv2d_transpose", "output_shape must be a list of non-negative integers"
            ):
                tf.conv2d_transpose(x, f, [1, -3, 3, 1], 1, "valid")
        finally:
            tf.dispose([x, f])


def test_separable_pointwise_filter_shape(backend):
    with scope():
        x, d = tf.zeros([1, 3, 3, 1]), tf.ones([1, 1, 1, 2])
        try:
            with raises_with(
                ValueError, "separable_conv2d", "first dimension of pointwise filter  must be 1, but got 2"
            ):
                tf.separable_conv2d(x, d, tf.ones([2, 1, 2, 1]), 1, "valid")
            with raises_with(
                ValueError, "separable_conv2d", "second dimension of pointwise filter must be 1, but got 3"
            ):
                tf.separable_conv2d(x, d, tf.ones([1, 3, 2, 1]), 1, "valid")
        finally:
            tf.dispose([x, d])


def test_values_derived_from_a_read_only_buffer_are_remembered_until_it_is_freed():
    import gc

    from tfjs.backends.cpu.kernels import buffer_memo

    calls = []

    def derived(values):
        return buffer_memo.remembered(values, "test", lambda: calls.append(1) or float(values.sum()))

    group = np.arange(12, dtype=np.float32)  # a weight group's buffer, its weights views of it
    first, second = group[:6], group[6:]
    first.flags.writeable = second.flags.writeable = False
    assert (derived(first), derived(first), derived(second)) == (15.0, 15.0, 51.0)
    assert len(calls) == 2  # once per view: the second read of `first` was remembered
    writable = np.ones(3, np.float32)
    assert derived(writable) == derived(writable) == 3.0
    assert len(calls) == 4  # a writable array may change: computed every time
    root = id(group)
    del group, first, second
    gc.collect()
    assert root not in buffer_memo._REMEMBERED
