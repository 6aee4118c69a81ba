"""Gradients of the basic math kernels beyond what the spec sweep and the recorded TF.js
cases say: gradients of gradients (and where TF.js cannot take them), EluGrad (its kernel
and the gradient TF.js lacks), Tensor methods, variables, and memory."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import no_new_buffers, raises_with
from tfjs.kernel_names import ELU_GRAD

X = [-1.7, -0.4, 0.3, 1.1, 2.5]


def _second_derivative(f, x: list[float]) -> list[float]:
    return tf.tidy(lambda: tf.grad(lambda x: tf.grad(f)(x))(tf.tensor(x)).array_sync())


@pytest.mark.parametrize(
    ("name", "values", "want"),
    [
        ("sin", X, lambda x: -np.sin(x)),
        ("cos", X, lambda x: -np.cos(x)),
        ("tan", X[1:4], lambda x: 2 * np.tan(x) / np.cos(x) ** 2),
        ("sinh", X, np.sinh),
        ("cosh", X, np.cosh),
        ("atan", X, lambda x: -2 * x / (1 + x * x) ** 2),
        ("asinh", X, lambda x: -x / (1 + x * x) ** 1.5),
        ("asin", X[1:3], lambda x: x / (1 - x * x) ** 1.5),
        ("atanh", X[1:3], lambda x: 2 * x / (1 - x * x) ** 2),
        ("log", X[2:], lambda x: -1 / x**2),
        ("log1p", X[1:], lambda x: -1 / (1 + x) ** 2),
        ("sqrt", X[2:], lambda x: -0.25 * x**-1.5),
        ("rsqrt", X[2:], lambda x: 0.75 * x**-2.5),
        ("reciprocal", X, lambda x: 2 / x**3),
        ("expm1", X, np.exp),
        ("erf", X, lambda x: -4 * x / math.sqrt(math.pi) * np.exp(-x * x)),
        ("softplus", X, lambda x: np.exp(-x) / (1 + np.exp(-x)) ** 2),
        ("log_sigmoid", X, lambda x: -np.exp(-x) / (1 + np.exp(-x)) ** 2),
        ("abs", X, np.zeros_like),
        ("relu", X, np.zeros_like),
    ],
)
def test_second_derivatives(name: str, values: list[float], want, backend: str):
    got = _second_derivative(getattr(tf, name), values)
    np.testing.assert_allclose(got, want(np.array(values)), rtol=2e-5, atol=1e-6)


def test_third_derivative_of_sin(backend: str):
    def run():
        return tf.grad(lambda x: tf.grad(lambda x: tf.grad(tf.sin)(x))(x))(tf.tensor(X)).array_sync()

    np.testing.assert_allclose(tf.tidy(run), -np.cos(X), rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize(
    ("name", "f", "kernel"),
    [
        ("leaky_relu", tf.leaky_relu, "Greater"),
        ("selu", tf.selu, "Greater"),
        ("relu6", tf.relu6, "LessEqual"),
        ("prelu", lambda x: tf.prelu(x, tf.scalar(0.5)), "Greater"),
        ("clip_by_value", lambda x: tf.clip_by_value(x, -1, 1), "LogicalAnd"),
    ],
)
def test_second_derivative_through_a_mask_names_the_kernel_as_tfjs_does(
    name: str, f, kernel: str, backend: str
):
    # Their gradients select with a comparison of x, which has no gradient in TF.js either.
    with raises_with(NotImplementedError, f"gradient function not found for {kernel}."):
        _second_derivative(f, X)


SECOND_DERIVATIVES = {
    "exp": np.exp,
    "sigmoid": lambda x: (s := 1 / (1 + np.exp(-x))) * (1 - s) * (1 - 2 * s),
    "tanh": lambda x: -2 * np.tanh(x) * (1 - np.tanh(x) ** 2),
    "elu": lambda x: np.where(x > 0, 0.0, np.exp(x)),
}


@pytest.mark.parametrize("name", sorted(SECOND_DERIVATIVES))
def test_second_derivative_through_a_saved_output(name: str, backend: str):
    # Their gradients keep a copy of the output, recorded after the kernel, so the tape
    # reaches x through it (TF.js records it before and cannot: a known difference).
    got = _second_derivative(getattr(tf, name), X)
    np.testing.assert_allclose(got, SECOND_DERIVATIVES[name](np.array(X)), rtol=1e-5, atol=1e-6)


def test_elu_grad_kernel_follows_tfjs(backend: str):
    def run():
        dy = tf.tensor([2.0, -3.0, 0.5, 4.0, math.nan])
        y = tf.tensor([0.0, 1.5, -0.25, -1.0, -0.5])
        return tf.engine().run_kernel(ELU_GRAD, {"dy": dy, "y": y}).data_sync()

    got = tf.tidy(run)
    want = np.float32([2.0, -3.0, np.float32(0.5 * 0.75), 0.0, math.nan])
    np.testing.assert_array_equal(got, want)


def test_elu_grad_has_tensorflows_gradient(backend: str):
    # TF.js has none; this is TensorFlow's _EluGradGrad: d/d(dy) = elu'(x) (from y),
    # d/dy = dy where y < 0.
    dy_values = np.float32([0.5, -2.0, 3.0, 1.5])
    y_values = np.float32([-0.5, 0.25, -0.9, 0.0])

    def run():
        g_dy, g_y = tf.grads(lambda dy, y: tf.engine().run_kernel(ELU_GRAD, {"dy": dy, "y": y}))(
            [tf.tensor(dy_values), tf.tensor(y_values)]
        )
        return g_dy.data_sync(), g_y.data_sync()

    g_dy, g_y = tf.tidy(run)
    np.testing.assert_allclose(g_dy, np.where(y_values >= 0, 1, y_values + 1), rtol=1e-7)
    np.testing.assert_allclose(g_y, np.where(y_values < 0, dy_values, 0), rtol=1e-7)


def test_elu_second_derivative_through_its_backward_dy(backend: str):
    # d/dx of (elu(x) * x)' = 2 elu'(x) + x elu''(x); the first reaches x through EluGrad's
    # dy input, the second through its y input.
    x = np.array(X)
    want = np.where(x > 0, 2.0, 2 * np.exp(x) + x * np.exp(x))
    got = _second_derivative(lambda y: tf.mul(tf.elu(y), y), X)
    np.testing.assert_allclose(got, want, rtol=1e-5)


def test_tensor_methods_carry_gradients(backend: str):
    def run():
        x = tf.tensor([-1.5, 0.5, 2.0])
        return tf.grad(lambda x: x.relu().add(x.sigmoid()).add(x.abs().sqrt()).cast("float32").clone())(x)

    got = tf.tidy(lambda: run().array_sync())
    x = np.array([-1.5, 0.5, 2.0])
    sig = 1 / (1 + np.exp(-x))
    want = (x > 0) + sig * (1 - sig) + np.sign(x) / (2 * np.sqrt(np.abs(x)))
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_prelu_alpha_trains_as_a_variable(backend: str):
    initial = tf.tensor([0.1, 0.2, 0.3])
    alpha = tf.variable(initial)

    def run():
        x = tf.tensor2d([[-1.0, 2.0, -3.0], [-4.0, -5.0, 6.0]])
        result = tf.variable_grads(lambda: tf.sum(tf.prelu(x, alpha)))
        return {name: g.array_sync() for name, g in result.grads.items()}

    try:
        assert tf.tidy(run) == {alpha.name: [-5.0, -5.0, -3.0]}
    finally:
        tf.dispose([initial, alpha])


def test_gradients_leave_no_buffers_behind(backend: str):
    def run():
        x = tf.tensor([-2.0, 0.5, 3.0])
        for f in (tf.elu, tf.selu, tf.tanh, tf.sigmoid, lambda x: tf.clip_by_value(x, -1, 1), tf.softplus):
            tf.grad(f)(x).dispose()
        tf.grad(lambda x: tf.grad(tf.sin)(x))(x).dispose()
        x.dispose()

    no_new_buffers(run)


def test_zero_gradients_are_float32_zeros_shaped_like_dy(backend: str):
    def run():
        x = tf.tensor2d([[0.5, -1.5], [2.5, math.nan]])
        ops = (tf.ceil, tf.floor, tf.round, tf.sign, tf.step, lambda x: tf.step(x, 2))
        return [tf.grad(f)(x).data_sync() for f in ops]

    for got in tf.tidy(run):
        assert got.dtype == np.float32 and list(got) == [0.0] * 4
