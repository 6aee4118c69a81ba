"""Gradients of the pooling, normalization and image kernels beyond what the spec sweep
and the recorded TF.js cases say: TF.js's choices (AvgPoolGrad's division, which maximum
gets the gradient), the gradients TF.js lacks, gradients of gradients, adjoints, the
kernels that have none, and memory (the autouse fixture)."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import i32, raises_with

RNG = np.random.default_rng(6)


def _central(f, x: np.ndarray, step: float = 1e-5) -> np.ndarray:
    """d/dx of the scalar f(x), in float64."""
    grad = np.zeros_like(x)
    for index in np.ndindex(*x.shape):
        plus, minus = x.copy(), x.copy()
        plus[index] += step
        minus[index] -= step
        grad[index] = (f(plus) - f(minus)) / (2 * step)
    return grad


def test_avg_pool_gradient_divides_by_the_whole_window(backend: str):
    # TF.js's AvgPoolGrad: 1/9 per covering window, though a corner's windows average 4 values.
    def run():
        return tf.grad(lambda x: tf.avg_pool(x, 3, 1, "same"))(tf.ones([1, 3, 3, 1])).numpy()

    want = np.array([[4, 6, 4], [6, 9, 6], [4, 6, 4]], np.float32) / 9
    np.testing.assert_allclose(tf.tidy(run)[0, :, :, 0], want, rtol=1e-7)


def test_max_pool_gradient_goes_to_the_first_maximum_and_3d_to_the_last(backend: str):
    def run():
        two = tf.grad(lambda x: tf.max_pool(x, 2, 2, "valid"))(tf.ones([1, 2, 2, 1]))
        three = tf.grad(lambda x: tf.max_pool3d(x, 2, 2, "valid"))(tf.ones([1, 2, 2, 2, 1]))
        return two.numpy().ravel().tolist(), three.numpy().ravel().tolist()

    first, last = tf.tidy(run)
    assert first == [1, 0, 0, 0]
    assert last == [0, 0, 0, 0, 0, 0, 0, 1]


def test_max_pool3d_gradient_with_a_rectangular_window_reaches_each_maximum(backend: str):
    x = RNG.permutation(60).astype(np.float32).reshape(1, 3, 4, 5, 1)

    def run():
        return tf.grad(lambda v: tf.max_pool3d(v, [1, 3, 2], 1, "valid"))(tf.tensor(x)).numpy()

    want = np.zeros_like(x)
    for d in range(3):
        for row in range(2):
            for col in range(4):
                window = x[0, d, row : row + 3, col : col + 2, 0]
                r, c = np.unravel_index(np.argmax(window), window.shape)
                want[0, d, row + r, col + c, 0] += 1
    np.testing.assert_array_equal(tf.tidy(run), want)


def test_max_pool_with_argmax_gradient_is_max_pools(backend: str):
    x = RNG.normal(size=(2, 5, 4, 3)).astype(np.float32)

    def run():
        ours = tf.grad(lambda v: tf.max_pool_with_argmax(v, 3, 2, "same").result)(tf.tensor(x))
        max_pool = tf.grad(lambda v: tf.max_pool(v, 3, 2, "same"))(tf.tensor(x))
        return ours.numpy(), max_pool.numpy()

    ours, max_pool = tf.tidy(run)
    np.testing.assert_array_equal(ours, max_pool)


def test_batch_norm_second_order(backend: str):
    # (softmax's and log_softmax's gradients read their saved output, which the tape does
    # not follow to a second order, as in TF.js.)
    x, mean = RNG.normal(size=(2, 3)), RNG.normal(size=3)
    variance, w = RNG.uniform(0.5, 2, size=3), RNG.uniform(0.5, 1.5, size=(2, 3))

    def first(v: np.ndarray) -> np.ndarray:  # d/dv sum(batch_norm(x, mean, v) * w)
        return np.sum(-0.5 * (v + 0.1) ** -1.5 * (x - mean) * w, axis=0)

    def run():
        t = [tf.tensor(a.astype(np.float32)) for a in (x, mean, w)]
        g = tf.grad(tf.grad(lambda v: tf.mul(tf.batch_norm(t[0], t[1], v, None, None, 0.1), t[2])))
        return g(tf.tensor(variance.astype(np.float32))).numpy()

    np.testing.assert_allclose(tf.tidy(run), _central(lambda v: first(v).sum(), variance), rtol=1e-4)


@pytest.mark.parametrize(
    ("resize", "args"),
    [
        (tf.image.resize_bilinear, ([5, 7], False, True)),
        (tf.image.resize_bilinear, ([2, 3], True)),
        (tf.image.resize_nearest_neighbor, ([5, 2], False, True)),
        (tf.image.resize_nearest_neighbor, ([7, 3], True)),
    ],
)
def test_resize_gradient_is_the_adjoint_and_has_a_gradient(resize, args, backend: str):
    x = RNG.normal(size=(2, 3, 4, 2)).astype(np.float32)
    out_shape = (2, *args[0], 2)
    dy = RNG.normal(size=out_shape).astype(np.float32)
    w = RNG.normal(size=x.shape).astype(np.float32)

    def run():
        forward = resize(tf.tensor(x), *args).numpy()
        backward = tf.grad(lambda v: resize(v, *args))(tf.tensor(x), tf.tensor(dy)).numpy()
        # d/d(dy) of sum(grad(dy) * w): the backward kernel's own gradient, the resize of w.
        second = tf.grad(
            lambda d: tf.mul(tf.grad(lambda v: resize(v, *args))(tf.tensor(x), d), tf.tensor(w))
        )(tf.tensor(dy))
        return forward, backward, second.numpy(), resize(tf.tensor(w), *args).numpy()

    forward, backward, second, resized_w = tf.tidy(run)
    np.testing.assert_allclose(np.sum(forward * dy), np.sum(x * backward), rtol=1e-5)
    np.testing.assert_array_equal(second, resized_w)


def test_resize_bilinear_gradient_of_a_large_upsampling(backend: str):
    # Many additions per input pixel, each rounded to float32 as TF.js does: a component
    # whose terms cancel can be off by a few float32 ulps of its terms' sum, not of itself.
    rng = np.random.default_rng(2024)  # its own stream: the values do not depend on test order
    x = rng.normal(size=(1, 2, 3, 1)).astype(np.float32)
    dy = rng.normal(size=(1, 40, 50, 1)).astype(np.float32)

    def run():
        return tf.grad(lambda v: tf.image.resize_bilinear(v, [40, 50]))(tf.tensor(x), tf.tensor(dy)).numpy()

    def forward(v: np.ndarray) -> np.ndarray:
        return tf.tidy(lambda: tf.image.resize_bilinear(tf.tensor(v), [40, 50]).numpy())

    basis = np.eye(6, dtype=np.float32).reshape(6, 1, 2, 3, 1)
    terms = [forward(b).astype(np.float64) * dy for b in basis]
    want = np.array([np.sum(t) for t in terms]).reshape(x.shape)
    scale = np.array([np.sum(np.abs(t)) for t in terms]).reshape(x.shape)
    assert np.all(np.abs(tf.tidy(run) - want) <= 1e-4 * np.abs(want) + 1e-6 * scale)


def test_rotate_with_offset_gradient_is_the_adjoint(backend: str):
    x = RNG.normal(size=(2, 5, 6, 3)).astype(np.float32)
    dy = RNG.normal(size=x.shape).astype(np.float32)

    def run():
        rotated = tf.image.rotate_with_offset(tf.tensor(x), 0.8, 0, [0.3, 0.6]).numpy()
        grad = tf.grad(lambda v: tf.image.rotate_with_offset(v, 0.8, 9, [0.3, 0.6]))(
            tf.tensor(x), tf.tensor(dy)
        )
        return rotated, grad.numpy()

    rotated, grad = tf.tidy(run)
    np.testing.assert_allclose(np.sum(rotated * dy), np.sum(x * grad), rtol=1e-5)


def test_flip_left_right_second_order(backend: str):
    x = RNG.normal(size=(1, 2, 3, 1)).astype(np.float32)

    def run():
        first = tf.grad(lambda v: tf.mul(tf.image.flip_left_right(v), tf.image.flip_left_right(v)))
        return tf.grad(first)(tf.tensor(x)).numpy()

    np.testing.assert_array_equal(tf.tidy(run), np.full(x.shape, 2, np.float32))


def test_sparse_to_dense_gradient_of_repeated_indices_and_the_default(backend: str):
    def run():
        f = tf.grads(lambda v, d: tf.sparse_to_dense(i32([1, 3, 1]), v, [5], d))
        dv, dd = f([tf.tensor([1.0, 2, 3]), tf.scalar(0.5)], tf.tensor([10.0, 20, 30, 40, 50]))
        scalar = tf.grad(lambda v: tf.sparse_to_dense(i32([4, 0]), v, [5]))(tf.scalar(2.0))
        return dv.numpy().tolist(), float(dd.numpy()), float(scalar.numpy())

    values, default, scalar = tf.tidy(run)
    assert values == [0, 40, 20]  # of index 1 repeated, the last is written
    assert default == 10 + 30 + 50
    assert scalar == 2  # dy is ones: one value written twice


def test_batch_norm_gradients_without_offset_and_scale(backend: str):
    x = RNG.normal(size=(2, 2, 3))
    mean, variance = RNG.normal(size=3), RNG.uniform(0.5, 2, size=3)

    def run():
        f = tf.grads(lambda a, m, v: tf.batch_norm(a, m, v, None, None, 0.1))
        return [g.numpy() for g in f([tf.tensor(a.astype(np.float32)) for a in (x, mean, variance)])]

    def loss(a: np.ndarray, m: np.ndarray, v: np.ndarray) -> float:
        return float(np.sum((a - m) / np.sqrt(v + 0.1)))

    got = tf.tidy(run)
    want = [
        _central(lambda a: loss(a, mean, variance), x),
        _central(lambda m: loss(x, m, variance), mean),
        _central(lambda v: loss(x, mean, v), variance),
    ]
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize(
    ("f", "kernel"),
    [
        (lambda x: tf.grad(lambda v: tf.max_pool(v, 2, 1, "valid"))(x), "MaxPoolGrad"),
        (lambda x: tf.grad(lambda v: tf.avg_pool(v, 2, 1, "valid"))(x), "AvgPoolGrad"),
        (lambda x: tf.grad(lambda v: tf.local_response_normalization(v, 1))(x), "LRNGrad"),
        (lambda x: tf.image.crop_and_resize(x, [[0, 0, 1, 1]], [0], [2, 2]), "CropAndResize"),
        (lambda x: tf.image.transform(x, [[1, 0, 1, 0, 1, 0, 0, 0]]), "Transform"),
    ],
)
def test_kernels_without_a_gradient_say_so(f, kernel: str, backend: str):
    def run():
        with raises_with(NotImplementedError, f"gradient function not found for {kernel}"):
            tf.grad(f)(tf.ones([1, 3, 3, 2]))

    tf.tidy(run)
