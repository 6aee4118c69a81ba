"""Gradients of the convolution and fused kernels beyond what the spec sweep and the
recorded TF.js cases say: gradients of gradients (the backprop kernels' own gradients),
the fused kernels' gradients against the separate ops' (TF.js's numbers: it does not fuse
while a gradient is recorded), the kernels that have none, and memory."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import raises_with

Conv = Callable[[tf.Tensor, tf.Tensor], tf.Tensor]


def _values(shape: tuple[int, ...], seed: int) -> tf.Tensor:
    return tf.tensor(np.random.default_rng(seed).uniform(-2, 2, shape).astype(np.float32))


# (name, conv(x, w), x shape, w shape): linear in each input, so the gradient of
# sum(grad_x(conv)(x) * v) with respect to w is the gradient of sum(conv(v, w) * c)...
CONVS: list[tuple[str, Conv, tuple[int, ...], tuple[int, ...]]] = [
    ("conv2d", lambda x, w: tf.conv2d(x, w, 2, "same"), (2, 5, 6, 3), (3, 2, 3, 2)),
    ("conv2d-dilated-nchw", lambda x, w: tf.conv2d(x, w, 1, "valid", "NCHW", 2), (1, 3, 6, 5), (2, 2, 3, 2)),
    ("depthwise_conv2d", lambda x, w: tf.depthwise_conv2d(x, w, [1, 2], "same"), (2, 5, 5, 2), (3, 3, 2, 2)),
    (
        "depthwise_conv2d-dilated",
        lambda x, w: tf.depthwise_conv2d(x, w, 1, "valid", "NHWC", 2),
        (1, 5, 5, 2),
        (2, 2, 2, 3),
    ),
    ("conv3d", lambda x, w: tf.conv3d(x, w, [1, 2, 1], "same"), (1, 3, 4, 3, 2), (2, 2, 2, 2, 3)),
    (
        "conv2d_transpose",
        lambda x, w: tf.conv2d_transpose(x, w, [2, 5, 6, 2], 2, "same"),
        (2, 3, 3, 3),
        (3, 3, 2, 3),
    ),
    (
        "conv3d_transpose",
        lambda x, w: tf.conv3d_transpose(x, w, [1, 4, 3, 3, 2], [2, 1, 1], "valid"),
        (1, 2, 2, 2, 3),
        (2, 2, 2, 2, 3),
    ),
]


@pytest.mark.parametrize(("conv", "x_shape", "w_shape"), [c[1:] for c in CONVS], ids=[c[0] for c in CONVS])
def test_gradients_of_gradients(conv: Conv, x_shape: tuple[int, ...], w_shape: tuple[int, ...], backend: str):
    """Second derivatives through each backprop kernel's gradient: for a bilinear
    conv(x, w) and a weight c on its result, d/dw <grad_x, v> = d/dw <conv(v, w), c> and
    d/dx <grad_w, u> = d/dx <conv(x, u), c>."""

    def run() -> list[np.ndarray]:
        x, w = _values(x_shape, 1), _values(w_shape, 2)
        v, u = _values(x_shape, 3), _values(w_shape, 4)
        c = _values(conv(x, w).shape, 5)

        def weighted(a: tf.Tensor, b: tf.Tensor) -> tf.Tensor:
            return tf.sum(tf.mul(conv(a, b), c))

        through_input = tf.grad(lambda w_: tf.sum(tf.mul(tf.grad(lambda x_: weighted(x_, w_))(x), v)))(w)
        through_filter = tf.grad(lambda x_: tf.sum(tf.mul(tf.grad(lambda w_: weighted(x_, w_))(w), u)))(x)
        want_filter = tf.grad(lambda w_: weighted(v, w_))(w)
        want_input = tf.grad(lambda x_: weighted(x_, u))(x)
        return [t.numpy() for t in (through_input, want_filter, through_filter, want_input)]

    got_w, want_w, got_x, want_x = tf.tidy(run)
    np.testing.assert_allclose(got_w, want_w, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got_x, want_x, rtol=1e-5, atol=1e-5)


ACTIVATIONS = [
    ("linear", lambda z, a: z),
    ("relu", lambda z, a: tf.relu(z)),
    ("relu6", lambda z, a: tf.relu6(z)),
    ("elu", lambda z, a: tf.elu(z)),
    ("sigmoid", lambda z, a: tf.sigmoid(z)),
    ("leakyrelu", lambda z, a: tf.leaky_relu(z, 0.3)),
    ("prelu", lambda z, a: tf.prelu(z, a)),
]


def _fused_vs_separate(fused: Callable[..., tf.Tensor], separate: Callable[..., tf.Tensor], inputs: list):
    def run() -> tuple[list[np.ndarray], list[np.ndarray]]:
        tensors = [tf.tensor(np.asarray(v, np.float32)) for v in inputs]
        got = tf.grads(fused)(tensors)
        want = tf.grads(separate)(tensors)
        return [g.numpy() for g in got], [g.numpy() for g in want]

    got, want = tf.tidy(run)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, w)


@pytest.mark.parametrize(("activation", "apply"), ACTIVATIONS, ids=[a[0] for a in ACTIVATIONS])
@pytest.mark.parametrize("data_format", ["NHWC", "NCHW"])
def test_fused_conv2d_gradients_are_the_separate_ops(
    activation: str, apply: Callable, data_format: str, backend: str
):
    rng = np.random.default_rng(3)
    x_shape = (2, 5, 5, 3) if data_format == "NHWC" else (2, 3, 5, 5)
    channels = (4, 1, 1) if data_format == "NCHW" else (4,)
    inputs = [rng.uniform(-1, 1, x_shape), rng.uniform(-1, 1, (3, 3, 3, 4)), rng.uniform(-1, 1, (4,))]
    inputs.append(rng.uniform(-1, 1, (4,)))

    def fused(x: tf.Tensor, w: tf.Tensor, bias: tf.Tensor, alpha: tf.Tensor) -> tf.Tensor:
        return tf.fused.conv2d(
            x, w, 2, "same", data_format, bias=bias, activation=activation, prelu_activation_weights=alpha,
            leakyrelu_alpha=0.3,
        )  # fmt: skip

    def separate(x: tf.Tensor, w: tf.Tensor, bias: tf.Tensor, alpha: tf.Tensor) -> tf.Tensor:
        z = tf.add(tf.conv2d(x, w, 2, "same", data_format), tf.reshape(bias, channels))
        # an unused alpha has a zero gradient
        return tf.add(apply(z, tf.reshape(alpha, channels)), tf.mul(tf.sum(alpha), 0))

    _fused_vs_separate(fused, separate, inputs)


@pytest.mark.parametrize(("activation", "apply"), ACTIVATIONS, ids=[a[0] for a in ACTIVATIONS])
def test_fused_depthwise_and_mat_mul_gradients_are_the_separate_ops(
    activation: str, apply: Callable, backend: str
):
    rng = np.random.default_rng(4)
    conv_inputs = [
        rng.uniform(-1, 1, (2, 5, 5, 2)),
        rng.uniform(-1, 1, (2, 2, 2, 2)),
        rng.uniform(-1, 1, (4,)),
    ]
    mat_inputs = [rng.uniform(-1, 1, (2, 3, 4)), rng.uniform(-1, 1, (5, 4)), rng.uniform(-1, 1, (3, 1))]

    def depthwise(x: tf.Tensor, w: tf.Tensor, bias: tf.Tensor) -> tf.Tensor:
        return tf.fused.depthwise_conv2d(
            x,
            w,
            1,
            "valid",
            bias=bias,
            activation=activation,
            prelu_activation_weights=bias,
            leakyrelu_alpha=0.3,
        )

    def depthwise_separate(x: tf.Tensor, w: tf.Tensor, bias: tf.Tensor) -> tf.Tensor:
        return apply(tf.add(tf.depthwise_conv2d(x, w, 1, "valid"), bias), bias)

    def mat_mul(a: tf.Tensor, b: tf.Tensor, bias: tf.Tensor) -> tf.Tensor:
        return tf.fused.mat_mul(
            a, b, False, True, bias, activation, prelu_activation_weights=bias, leakyrelu_alpha=0.3
        )

    def mat_mul_separate(a: tf.Tensor, b: tf.Tensor, bias: tf.Tensor) -> tf.Tensor:
        return apply(tf.add(tf.mat_mul(a, b, False, True), bias), bias)

    _fused_vs_separate(depthwise, depthwise_separate, conv_inputs)
    _fused_vs_separate(mat_mul, mat_mul_separate, mat_inputs)


def test_fused_gradient_without_bias_or_weights(backend: str):
    def run() -> list[np.ndarray]:
        x, w = _values((1, 4, 4, 2), 1), _values((2, 2, 2, 3), 2)
        got = tf.grads(lambda a, b: tf.fused.conv2d(a, b, 1, "valid"))([x, w])
        want = tf.grads(lambda a, b: tf.conv2d(a, b, 1, "valid"))([x, w])
        return [t.numpy() for t in (*got, *want)]

    gx, gw, wx, ww = tf.tidy(run)
    np.testing.assert_array_equal(gx, wx)
    np.testing.assert_array_equal(gw, ww)


def test_dilation2d_has_no_second_derivative():
    """Dilation2DBackpropInput/Filter are in NON_DIFFERENTIABLE (TF.js and TensorFlow have no
    gradient for them either)."""
    x, f = _values((1, 4, 4, 1), 1), _values((2, 2, 1), 2)
    with raises_with(NotImplementedError, "gradient function not found for Dilation2DBackpropInput"):
        tf.grad(lambda v: tf.sum(tf.grad(lambda u: tf.dilation2d(u, f, 1, "valid"))(v)))(x)
    tf.dispose([x, f])


def test_dilation2d_gradient_goes_to_the_first_maximum(backend: str):
    """Equal maxima: the first in TF.js's tap order takes dy (its strict '>')."""

    def run() -> list[np.ndarray]:
        x = tf.tensor4d([[[[1], [1]], [[1], [1]]]])
        f = tf.zeros([2, 2, 1])
        return [g.numpy() for g in tf.grads(lambda a, b: tf.dilation2d(a, b, 1, "valid"))([x, f])]

    dx, df = tf.tidy(run)
    np.testing.assert_array_equal(dx[0, :, :, 0], [[1, 0], [0, 0]])
    np.testing.assert_array_equal(df[:, :, 0], [[1, 0], [0, 0]])


def test_training_loop_keeps_memory_flat():
    x = _values((2, 5, 5, 3), 1)
    w, bias = tf.tidy(lambda: (tf.variable(_values((3, 3, 3, 4), 2)), tf.variable(tf.zeros([4]))))
    optimizer = tf.train.sgd(0.01)

    def loss() -> tf.Tensor:
        return tf.mean(tf.square(tf.fused.conv2d(x, w, 1, "same", bias=bias, activation="relu")))

    optimizer.minimize(loss)
    before = tf.memory()["num_tensors"]
    for _ in range(5):
        optimizer.minimize(loss)
    assert tf.memory()["num_tensors"] == before
    tf.dispose([x, w, bias])
    optimizer.dispose()
