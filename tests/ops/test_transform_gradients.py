"""Gradients of the transformation, creation, matrix and spectral kernels beyond what the
spec sweep and the recorded TF.js cases say: the gradients TF.js lacks (Diag,
DepthToSpace, Einsum, Complex, Real, Imag, ComplexAbs's complex one, FFT, IFFT), list
inputs, gradients of gradients, broadcasting where TF.js fails, and what cannot be
differentiated."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.helpers import raises_with, tidy_numpy

RNG = np.random.default_rng(3)


def _numeric(f, arrays: list[np.ndarray], weights: np.ndarray, step: float = 1e-5) -> list[np.ndarray]:
    """Central differences of sum(f(*arrays) * weights), in float64."""
    wide = [a.astype(np.float64) for a in arrays]
    grads = []
    for p, array in enumerate(wide):
        grad = np.zeros(array.shape)
        for index in np.ndindex(*array.shape):
            plus, minus = [w.copy() for w in wide], [w.copy() for w in wide]
            plus[p][index] += step
            minus[p][index] -= step
            grad[index] = (np.sum(f(*plus) * weights) - np.sum(f(*minus) * weights)) / (2 * step)
        grads.append(grad)
    return grads


def _analytic(f, arrays: list[np.ndarray], weights: np.ndarray) -> list[np.ndarray]:
    def run():
        w = tf.tensor(weights.astype(np.float32))
        xs = [tf.tensor(a) for a in arrays]
        return [g.numpy() for g in tf.grads(lambda *x: tf.sum(tf.mul(f(*x), w)))(xs)]

    return tf.tidy(run)


def _check(f_tf, f_np, *shapes: tuple[int, ...], rtol: float = 1e-4) -> None:
    arrays = [RNG.standard_normal(s).astype(np.float32) for s in shapes]
    weights = RNG.uniform(0.5, 1.5, np.shape(f_np(*[a.astype(np.float64) for a in arrays])))
    for got, want in zip(_analytic(f_tf, arrays, weights), _numeric(f_np, arrays, weights), strict=True):
        np.testing.assert_allclose(got, want, rtol=rtol, atol=rtol)


def test_diag_gradient_is_the_diagonal_of_dy(backend: str):
    dy = np.arange(16, dtype=np.float32).reshape(2, 2, 2, 2)
    got = tidy_numpy(lambda: tf.grad(tf.diag)(tf.ones([2, 2]), tf.tensor(dy)))
    np.testing.assert_array_equal(got, np.diag(dy.reshape(4, 4)).reshape(2, 2))


def test_depth_to_space_gradient_is_space_to_depth(backend: str):
    # TF.js has none; each output value came from one input value, so the gradient puts
    # dy back where depth_to_space took it from.
    x = np.arange(2 * 2 * 3 * 8, dtype=np.float32).reshape(2, 2, 3, 8)
    for data_format, shape in (("NHWC", x.shape), ("NCHW", (2, 8, 2, 3))):
        values = x.reshape(shape)

        def run(values=values, data_format=data_format):
            source = tf.tensor(values)
            moved = tf.depth_to_space(source, 2, data_format)
            return tf.grad(lambda t: tf.depth_to_space(t, 2, data_format))(source, moved).numpy()

        np.testing.assert_array_equal(tf.tidy(run), values)


def test_einsum_gradients_reach_each_tensor_of_its_list(backend: str):
    for equation, shapes in (
        ("ij,jk->ik", [(2, 3), (3, 4)]),
        ("bij,bkj->bki", [(2, 3, 4), (2, 5, 4)]),
        ("ij,k->kj", [(2, 3), (4,)]),
        ("i,i->", [(5,), (5,)]),
        ("ij,kl->jl", [(2, 3), (4, 5)]),
        ("abc->cb", [(2, 3, 4)]),
        ("ij->", [(2, 3)]),
    ):
        _check(lambda *xs, e=equation: tf.einsum(e, *xs), lambda *xs, e=equation: np.einsum(e, *xs), *shapes)


def test_einsum_gradient_of_gradient(backend: str):
    # d/da of sum(d/db sum((a @ b)^2)) = d/da sum(2 a^T (a b)) for a = b = ones(2, 2): 16.
    def run():
        a, b = tf.ones([2, 2]), tf.ones([2, 2])
        inner = lambda a: tf.grad(lambda b: tf.square(tf.einsum("ij,jk->ik", a, b)))(b)  # noqa: E731
        return tf.grad(inner)(a).array_sync()

    assert tf.tidy(run) == [[16.0, 16.0], [16.0, 16.0]]


def test_mat_mul_gradients_are_summed_over_broadcast_batch_dimensions(backend: str):
    # TF.js's engine refuses these (its gradients keep the broadcast batch shape).
    def run():
        a, b = tf.ones([2, 1, 2, 3]), tf.ones([3, 3, 4])
        return [g.shape for g in tf.grads(lambda a, b: tf.mat_mul(a, b))([a, b])]

    assert tf.tidy(run) == [(2, 1, 2, 3), (3, 3, 4)]
    _check(
        lambda a, b: tf.mat_mul(a, b, False, True), lambda a, b: a @ np.swapaxes(b, -1, -2), (2, 3), (4, 5, 3)
    )


def test_mat_mul_gradient_of_gradient_with_transposes(backend: str):
    def run():
        a, b = tf.tensor([[1.0, 2.0], [3.0, 4.0]]), tf.tensor([[1.0, -1.0], [2.0, 0.5]])
        inner = lambda a: tf.grad(lambda b: tf.square(tf.mat_mul(a, b, True, True)))(b)  # noqa: E731
        return tf.grad(inner)(a).numpy()

    # inner(a) = sum(d/db sum((a^T b^T)^2)) = sum(2 (a^T b^T)^T a^T) = 2 sum(b a a^T).
    b = np.array([[1.0, -1.0], [2.0, 0.5]])
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    want = _numeric(lambda a: 2 * np.sum(b @ a @ a.T), [a], np.array(1.0))[0]
    np.testing.assert_allclose(tf.tidy(run), want, rtol=1e-4)


def test_pad_and_space_batch_gradients_of_gradients(backend: str):
    def run():
        x = tf.tensor([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]])
        padded = tf.grad(lambda x: tf.grad(lambda y: tf.square(tf.pad(y, [[1, 1], [2, 0]], 3)))(x))(x)
        blocks = tf.grad(lambda x: tf.grad(lambda y: tf.square(tf.space_to_batch_nd(y, [2], [[1, 1]])))(x))(
            tf.reshape(x, [1, 6, 1])
        )
        return padded.array_sync(), blocks.array_sync()

    padded, blocks = tf.tidy(run)
    assert padded == [[2.0] * 3] * 2
    assert blocks == [[[2.0]] * 6]


def test_mirror_pad_gradient_is_tfjs_slice(backend: str):
    # TF.js's gradient drops the mirrored copies' gradients (TensorFlow adds them back).
    got = tidy_numpy(
        lambda: tf.grad(lambda x: tf.mirror_pad(x, [[1, 2]], "symmetric"))(tf.tensor([1.0, 2, 3]))
    )
    assert got.tolist() == [1.0, 1.0, 1.0]


def test_complex_real_and_imag_gradients(backend: str):
    def run():
        x, y = tf.tensor([1.0, -2.0]), tf.tensor([3.0, 0.5])
        parts = lambda x, y: tf.add(tf.mul(tf.real(tf.complex(x, y)), 2), tf.imag(tf.complex(x, y)))  # noqa: E731
        return [g.array_sync() for g in tf.grads(parts)([x, y])]

    assert tf.tidy(run) == [[2.0, 2.0], [1.0, 1.0]]


def test_real_and_imag_of_a_real_tensor(backend: str):
    def run():
        x = tf.tensor([1.0, -2.0])
        return tf.grad(tf.real)(x).array_sync(), tf.grad(tf.imag)(x).array_sync()

    assert tf.tidy(run) == ([1.0, 1.0], [0.0, 0.0])


def test_complex_abs_gradient_is_x_over_its_magnitude_and_0_at_0(backend: str):
    def run():
        x, y = tf.tensor([3.0, 0.0, -0.0]), tf.tensor([4.0, 0.0, 2.0])
        return [g.array_sync() for g in tf.grads(lambda x, y: tf.abs(tf.complex(x, y)))([x, y])]

    dx, dy = tf.tidy(run)
    np.testing.assert_array_equal(dx, np.float32([0.6, 0, 0]))
    np.testing.assert_array_equal(dy, np.float32([0.8, 0, 1]))


def test_spectral_gradients(backend: str):
    def fft_parts(fn):
        return lambda re, im: tf.add(
            tf.real(fn(tf.complex(re, im))), tf.mul(tf.imag(fn(tf.complex(re, im))), 3)
        )

    def np_parts(fn):
        return lambda re, im: fn(re + 1j * im).real + 3 * fn(re + 1j * im).imag

    _check(fft_parts(tf.fft), np_parts(np.fft.fft), (2, 6), (2, 6))
    _check(fft_parts(tf.ifft), np_parts(np.fft.ifft), (3, 5), (3, 5))
    _check(lambda x: tf.abs(tf.rfft(x)), lambda x: np.abs(np.fft.rfft(x)), (2, 7))
    _check(
        lambda re, im: tf.irfft(tf.complex(re, im)),
        lambda re, im: np.fft.irfft(re + 1j * im, 8),
        (2, 5),
        (2, 5),
    )


def test_fft_gradient_of_gradient(backend: str):
    # sum(real(fft(x))) = n * x[0] for a real x; its gradient (n, 0, ...) does not depend
    # on x, so the second gradient (through IFFT's gradient) is 0.
    def run():
        x = tf.tensor([1.0, 2.0, 3.0, 4.0])
        first = tf.grad(lambda x: tf.real(tf.fft(tf.complex(x, tf.zeros_like(x)))))(x)
        second = tf.grad(
            lambda x: tf.grad(lambda y: tf.square(tf.real(tf.fft(tf.complex(y, tf.zeros_like(y))))))(x)
        )(x)
        return first.numpy(), second.numpy()

    first, second = tf.tidy(run)
    np.testing.assert_allclose(first, [4, 0, 0, 0], atol=1e-6)
    # d/dx of sum(2 F^T (F x)) with F the real part of the DFT matrix: 2 * sum over rows of F^T F.
    f = np.real(np.fft.fft(np.eye(4)))
    np.testing.assert_allclose(second, 2 * (f.T @ f).sum(axis=0), atol=1e-5)


def test_zeros_like_ones_like_and_one_hot_give_zeros(backend: str):
    def run():
        x = tf.tensor([1.5, -2.0])
        return [
            tf.grad(f)(x).array_sync()
            for f in (
                tf.zeros_like,
                tf.ones_like,
                lambda x: tf.one_hot(tf.cast(x, "int32"), 3, 1, 0, "float32"),
            )
        ]

    assert tf.tidy(run) == [[0.0, 0.0]] * 3


def test_random_draws_do_not_depend_on_their_input(backend: str):
    def run():
        x = tf.ones([2, 2])
        tf.grad(lambda x: tf.random_uniform(x.shape, 0, 1, "float32", 1))(x)

    with raises_with(ValueError, "Cannot compute gradient of y=f(x) with respect to x"):
        tf.tidy(run)


def test_qr_cannot_be_differentiated_as_in_tfjs(backend: str):
    # TF.js's Householder step takes its sign with where(greater(...)): Greater has no
    # gradient, so TF.js refuses too.
    with raises_with(NotImplementedError, "gradient function not found for Greater"):
        tf.tidy(lambda: tf.grad(lambda x: tf.linalg.qr(x)[1])(tf.tensor([[1.0, 2.0], [3.0, 4.0]])))
