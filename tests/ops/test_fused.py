"""tf.fused: what the spec table and the conformance cases do not say (keywords, equality
with the unfused ops, memory), and one test per kind of bad input, each checking the
exception type and that the text names the op, the argument and the value."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import i32, no_new_buffers, raises_with

RNG = np.random.default_rng(11)
X = RNG.standard_normal((2, 6, 6, 3)).astype(np.float32)
W = RNG.standard_normal((3, 3, 3, 4)).astype(np.float32)
DW = RNG.standard_normal((3, 3, 3, 2)).astype(np.float32)
A = RNG.standard_normal((2, 5, 7)).astype(np.float32)
B = RNG.standard_normal((7, 4)).astype(np.float32)

# Each activation as the unfused op TF.js's fallback applies (alpha for prelu/leakyrelu).
UNFUSED = {
    "linear": lambda t, alpha: t,
    "relu": lambda t, alpha: tf.relu(t),
    "relu6": lambda t, alpha: tf.relu6(t),
    "elu": lambda t, alpha: tf.elu(t),
    "sigmoid": lambda t, alpha: tf.sigmoid(t),
    "leakyrelu": lambda t, alpha: tf.leaky_relu(t, 0.3),
    "prelu": lambda t, alpha: tf.prelu(t, alpha),
}


def _extras(activation, channels):
    alpha = tf.tensor1d(np.linspace(-1, 1, channels).astype(np.float32))
    kwargs = {"activation": activation}
    if activation == "prelu":
        kwargs["prelu_activation_weights"] = alpha
    if activation == "leakyrelu":
        kwargs["leakyrelu_alpha"] = 0.3
    return alpha, kwargs


# Each fused op with its inputs, a bias, and the unfused op it stands for.
FUSED = {
    "conv2d": (
        lambda x, w, **kw: tf.fused.conv2d(x, w, [2, 1], "same", **kw),
        lambda x, w: tf.conv2d(x, w, [2, 1], "same"),
        (X, W),
        [0.5, -0.25, 1, -2],
    ),
    "depthwise_conv2d": (
        lambda x, w, **kw: tf.fused.depthwise_conv2d(x, w, 1, "valid", dilations=2, **kw),
        lambda x, w: tf.depthwise_conv2d(x, w, 1, "valid", "NHWC", 2),
        (X, DW),
        np.arange(6, dtype=np.float32) - 3,
    ),
    "mat_mul": (
        lambda a, b, **kw: tf.fused.mat_mul(a, b, **kw),
        lambda a, b: tf.mat_mul(a, b),
        (A, B),
        [1, -1, 0.5, 0],
    ),
}


@pytest.mark.parametrize("activation", sorted(UNFUSED))
@pytest.mark.parametrize("name", sorted(FUSED))
def test_fused_op_is_the_op_then_bias_then_activation(backend, name, activation):
    fused_op, op, inputs, bias_values = FUSED[name]

    def run():
        tensors = [tf.tensor(v) for v in inputs]
        bias = tf.tensor1d(bias_values)
        alpha, kwargs = _extras(activation, bias.shape[0])
        fused = fused_op(*tensors, bias=bias, **kwargs)
        unfused = UNFUSED[activation](tf.add(op(*tensors), bias), alpha)
        np.testing.assert_array_equal(fused.numpy(), unfused.numpy())

    tf.tidy(run)


def test_nchw_bias_and_prelu_weights_are_per_channel(backend):
    def run():
        x_nchw = tf.transpose(tf.tensor(X), [0, 3, 1, 2])
        w = tf.tensor(W)
        bias, alpha = tf.tensor1d([0.5, -0.25, 1, -2]), tf.tensor1d([0.1, 0.2, -1, 2])
        fused = tf.fused.conv2d(
            x_nchw, w, 1, "valid", "NCHW", bias=bias, activation="prelu", prelu_activation_weights=alpha
        )
        nhwc = tf.fused.conv2d(
            tf.tensor(X), w, 1, "valid", bias=bias, activation="prelu", prelu_activation_weights=alpha
        )
        np.testing.assert_array_equal(fused.numpy(), tf.transpose(nhwc, [0, 3, 1, 2]).numpy())

    tf.tidy(run)


def test_keyword_arguments_as_tfjs_config_keys(backend):
    def run():
        conv = tf.fused.conv2d(
            x=tf.tensor(X),
            filter=tf.tensor(W),
            strides=[1, 1],
            pad="valid",
            data_format="NHWC",
            dilations=[1, 1],
            dim_rounding_mode=None,
            bias=tf.zeros([4]),
            activation="leakyrelu",
            leakyrelu_alpha=0.1,
        )
        assert conv.shape == (2, 4, 4, 4)
        depthwise = tf.fused.depthwise_conv2d(
            x=tf.tensor(X), filter=tf.tensor(DW), strides=1, pad=1, dim_rounding_mode="floor", activation=None
        )
        assert depthwise.shape == (2, 6, 6, 6)
        product = tf.fused.mat_mul(
            a=tf.tensor(A),
            b=tf.tensor(B),
            transpose_a=False,
            transpose_b=False,
            bias=None,
            activation="prelu",
            prelu_activation_weights=tf.scalar(0.5),
        )
        assert product.shape == (2, 5, 4)

    tf.tidy(run)


def test_leakyrelu_alpha_defaults_to_0_2(backend):
    """TF.js's fused convolutions give NaN here (alpha undefined); leaky_relu's 0.2 instead."""

    def run():
        x = tf.tensor4d([-1, 2], [1, 1, 2, 1])
        result = tf.fused.conv2d(x, tf.ones([1, 1, 1, 1]), 1, "valid", activation="leakyrelu")
        np.testing.assert_allclose(result.numpy().ravel(), [-0.2, 2], rtol=1e-6)
        depthwise = tf.fused.depthwise_conv2d(x, tf.ones([1, 1, 1, 1]), 1, "valid", activation="leakyrelu")
        np.testing.assert_allclose(depthwise.numpy().ravel(), [-0.2, 2], rtol=1e-6)

    tf.tidy(run)


def test_fused_ops_leave_only_their_result(backend):
    x, w, dw, bias = tf.tensor(X), tf.tensor(W), tf.tensor(DW), tf.scalar(1)
    a, b, alpha, x3 = tf.tensor(A), tf.tensor(B), tf.scalar(0.5), tf.tensor(X[0])
    try:
        for run in (
            lambda: tf.fused.conv2d(
                x, w, 1, "same", bias=bias, activation="prelu", prelu_activation_weights=alpha
            ),
            lambda: tf.fused.depthwise_conv2d(x, dw, 1, "same", bias=bias, activation="elu"),
            lambda: tf.fused.mat_mul(a, b, bias=bias, activation="sigmoid"),
            lambda: tf.fused.conv2d(x3, w, 1, "same", bias=bias, activation="relu"),
        ):
            buffers = tf.backend().num_data_ids()
            tensors = tf.memory()["num_tensors"]
            result = run()
            assert tf.memory()["num_tensors"] == tensors + 1
            assert tf.backend().num_data_ids() == buffers + 1
            result.dispose()
    finally:
        tf.dispose([x, w, dw, bias, a, b, alpha, x3])


# ---- bad input: each raises before any kernel runs, naming op, argument and value -----


@pytest.fixture
def tensors():
    made = {
        "x": tf.tensor(X),
        "w": tf.tensor(W),
        "dw": tf.tensor(DW),
        "a": tf.tensor(A),
        "b": tf.tensor(B),
        "ints": i32([1, 2, 3, 4], [1, 2, 2, 1]),
        "vec": tf.ones([3]),
        "c": tf.complex([1], [1]),
        "w2": tf.zeros([3, 3, 2, 1]),
        "w5": tf.zeros([3, 3, 5, 1]),
        "w7": tf.zeros([7, 7, 3, 1]),
        "one": tf.ones([1, 1, 1, 1]),
    }
    yield made
    tf.dispose(list(made.values()))


def _fails_cleanly(fn, error, *fragments):
    def attempt():
        with raises_with(error, *fragments):
            fn()

    no_new_buffers(attempt)


def test_wrong_rank(backend, tensors):
    t = tensors
    _fails_cleanly(lambda: tf.fused.conv2d(t["vec"], t["w"], 1, "same"), ValueError, "fused.conv2d", "rank 1")
    _fails_cleanly(
        lambda: tf.fused.depthwise_conv2d(t["x"], t["vec"], 1, "same"),
        ValueError,
        "fused.depthwise_conv2d",
        "filter must be rank 4, but got rank 1",
    )
    _fails_cleanly(
        lambda: tf.fused.mat_mul(t["vec"], t["b"]), ValueError, "fused.mat_mul", "rank at least 2", "[3]"
    )


def test_channels_that_do_not_match(backend, tensors):
    t = tensors
    _fails_cleanly(
        lambda: tf.fused.conv2d(t["x"], t["w2"], 1, "same"),
        ValueError,
        "fused.conv2d",
        "depth of input (3) must match input depth for filter 2",
    )
    _fails_cleanly(
        lambda: tf.fused.depthwise_conv2d(t["x"], t["w5"], 1, "same"),
        ValueError,
        "fused.depthwise_conv2d",
        "number of input channels (3)",
        "filter 5",
    )
    _fails_cleanly(
        lambda: tf.fused.mat_mul(t["a"], t["a"]), ValueError, "fused.mat_mul", "inner shapes (7) and (5)"
    )


def test_strides_with_dilations_and_filter_too_large(backend, tensors):
    t = tensors
    _fails_cleanly(
        lambda: tf.fused.conv2d(t["x"], t["w"], 2, "same", dilations=2),
        ValueError,
        "fused.conv2d",
        "Either strides or dilations must be 1",
    )
    _fails_cleanly(
        lambda: tf.fused.depthwise_conv2d(t["x"], t["w7"], 1, "valid"),
        ValueError,
        "fused.depthwise_conv2d",
        "[7,7,3,1]",
        "larger than the input",
    )


def test_bias_that_does_not_fit(backend, tensors):
    t = tensors
    _fails_cleanly(
        lambda: tf.fused.conv2d(t["x"], t["w"], 1, "same", bias=[1, 2, 3]),
        ValueError,
        "fused.conv2d",
        "could not be broadcast",
        "2,6,6,4 and 3",
    )
    _fails_cleanly(
        lambda: tf.fused.mat_mul(t["a"], t["b"], bias=np.ones((3, 2, 5, 4), np.float32)),
        ValueError,
        "fused.mat_mul",
        "bias of shape [3,2,5,4]",
        "[2,5,4]",
    )
    x_nchw = tf.zeros([1, 3, 4, 4])
    try:
        _fails_cleanly(
            lambda: tf.fused.conv2d(x_nchw, t["w"], 1, "same", "NCHW", bias=[1, 2]),
            ValueError,
            "fused.conv2d",
            "bias shape (2) is not compatible with the number of output channels (4)",
        )
    finally:
        x_nchw.dispose()
    _fails_cleanly(
        lambda: tf.fused.mat_mul(t["a"], t["b"], bias=t["c"]), TypeError, "fused.mat_mul", "bias", "complex64"
    )


def test_prelu_weights_that_do_not_fit(backend, tensors):
    t = tensors
    _fails_cleanly(
        lambda: tf.fused.conv2d(
            t["x"], t["w"], 1, "same", activation="prelu", prelu_activation_weights=[1, 2]
        ),
        ValueError,
        "fused.conv2d",
        "PReLU activation weights (2) is not compatible with the number of output channels (4)",
    )
    _fails_cleanly(
        lambda: tf.fused.depthwise_conv2d(
            t["x"], t["dw"], 1, "same", activation="prelu", prelu_activation_weights=[1, 2, 3]
        ),
        ValueError,
        "fused.depthwise_conv2d",
        "2,6,6,6 and 3",
    )
    _fails_cleanly(
        lambda: tf.fused.mat_mul(t["a"], t["b"], activation="prelu"),
        ValueError,
        "fused.mat_mul",
        "prelu_activation_weights",
    )


def test_unknown_activation_and_bad_alpha(backend, tensors):
    t = tensors
    _fails_cleanly(
        lambda: tf.fused.conv2d(t["x"], t["w"], 1, "same", activation="tanh"),
        ValueError,
        "fused.conv2d",
        "Activation tanh has not been implemented",
    )
    _fails_cleanly(
        lambda: tf.fused.mat_mul(t["a"], t["b"], activation="leakyrelu", leakyrelu_alpha="big"),
        TypeError,
        "fused.mat_mul",
        "leakyrelu_alpha",
        "big",
    )


def test_wrong_dtype(backend, tensors):
    t = tensors
    _fails_cleanly(
        lambda: tf.fused.conv2d(t["ints"], t["one"], 1, "same"),
        TypeError,
        "'x' passed to 'fused.conv2d'",
        "float32",
        "int32",
    )
    _fails_cleanly(
        lambda: tf.fused.mat_mul([["a"]], [["b"]]), TypeError, "'a' passed to 'fused.mat_mul'", "string"
    )
