"""Gradients of the arithmetic kernels beyond what the spec sweep and the recorded TF.js
cases say: list inputs, int32 division, broadcasting where TF.js fails, the ops TF.js
cannot differentiate, and memory."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.helpers import i32, raises_with


def _values(tensors: list[tf.Tensor]) -> list[list[float]]:
    return [t.array_sync() for t in tensors]


def test_add_n_gives_dy_to_every_tensor_of_its_list(backend: str):
    def run():
        a, b, c = tf.tensor([1, 2]), tf.tensor([3, 4]), tf.tensor([5, 6])
        return _values(tf.grads(lambda a, b, c: tf.mul(tf.add_n([a, b, c]), tf.tensor([2, -1])))([a, b, c]))

    assert tf.tidy(run) == [[2.0, -1.0]] * 3


def test_add_n_sums_a_tensor_listed_twice(backend: str):
    def run():
        x = tf.tensor2d([[1, 2], [3, 4]])
        return tf.grad(lambda x: tf.add_n([x, x, tf.square(x)]))(x).array_sync()

    assert tf.tidy(run) == [[4.0, 6.0], [8.0, 10.0]]


def test_int32_div_runs_floor_div_whose_gradient_is_real_division(backend: str):
    # TF.js gives FloorDiv RealDiv's gradient, so the gradient through floor division
    # is 1 / b (not the 0 of a step function).
    def run():
        x = tf.tensor([5.0, 7.0])
        by_floor_div = tf.grad(lambda x: tf.floor_div(x, tf.tensor([2, -4])))(x)
        through_int = tf.grad(lambda x: tf.cast(tf.div(tf.cast(x, "int32"), i32([2, -4])), "float32"))(x)
        return by_floor_div.array_sync(), through_int.array_sync()

    assert tf.tidy(run) == ([0.5, -0.25], [0.5, -0.25])


def test_broadcast_gradients_are_summed_back_to_the_input_shape(backend: str):
    # TF.js's Maximum/Minimum/SquaredDifference gradients leave them broadcast (and its
    # tape rejects them); ours sum them as every other binary gradient does.
    def run():
        a, b = tf.tensor2d([[1], [5]]), tf.tensor1d([2, 3, 6])
        return {
            name: _values(tf.grads(f)([a, b]))
            for name, f in (
                ("maximum", tf.maximum),
                ("minimum", tf.minimum),
                ("squared_difference", tf.squared_difference),
            )
        }

    got = tf.tidy(run)
    assert got["maximum"] == [[[0.0], [2.0]], [1.0, 1.0, 2.0]]
    assert got["minimum"] == [[[3.0], [1.0]], [1.0, 1.0, 0.0]]
    assert got["squared_difference"] == [[[-16.0], [8.0]], [-4.0, 0.0, 12.0]]


def test_where_gradient_sums_broadcast_branches_and_ignores_the_condition(backend: str):
    def run():
        t, e = tf.tensor2d([[1], [2]]), tf.scalar(5)
        cond = tf.tensor([True, False, True])
        dt, de = tf.grads(lambda t, e: tf.where(cond, t, e))([t, e])
        return dt.array_sync(), de.array_sync()

    assert tf.tidy(run) == ([[2.0], [2.0]], 2.0)


def test_greater_equal_has_tfjs_zero_gradient(backend: str):
    def run():
        x = tf.tensor([0.0, 1.0, 2.0])
        dx = tf.grad(lambda x: tf.add(tf.cast(tf.greater_equal(x, 1), "float32"), x))(x)
        return dx.dtype, dx.array_sync()

    assert tf.tidy(run) == ("float32", [1.0, 1.0, 1.0])


def test_div_no_nan_has_no_gradient_as_in_tfjs(backend: str):
    # TF.js builds it from equal(b, zeros_like(a / b)): both arguments reach Equal.
    a, b = tf.tensor([1, 2, 3]), tf.tensor([2, 0, 4])
    try:
        for f, x in ((lambda x: tf.div_no_nan(x, b), a), (lambda x: tf.div_no_nan(a, x), b)):
            with raises_with(NotImplementedError, "gradient function not found for Equal"):
                tf.grad(f)(x)
    finally:
        tf.dispose([a, b])


def test_pow_gradients_at_zero_and_negative_bases(backend: str):
    def run():
        base, exp = tf.tensor([0, 0, -2, -2, 4]), tf.tensor([2, 0, 2, 3, 0.5])
        return _values(tf.grads(tf.pow)([base, exp]))

    d_base, d_exp = tf.tidy(run)
    np.testing.assert_array_equal(d_base, [0, np.nan, -4, 12, 0.25])
    # log(base) is taken as 0 where base <= 0.
    np.testing.assert_allclose(d_exp, [0, 0, 0, 0, 2 * np.log(4)], rtol=1e-6)


def test_third_order_gradient_of_pow(backend: str):
    def run():
        f = tf.grad(tf.grad(tf.grad(lambda x: tf.pow(x, 4))))
        return f(tf.tensor([-1.0, 0.5, 2.0])).array_sync()

    np.testing.assert_allclose(tf.tidy(run), [-24.0, 12.0, 48.0])


def test_gradients_leave_no_tensor_behind(backend: str):
    a, b = tf.tensor2d([[1, 2, 3], [4, 5, 6]]), tf.tensor1d([0.5, -2, 3])
    before = tf.memory()["num_tensors"]
    ops = (tf.add, tf.sub, tf.mul, tf.div, tf.floor_div, tf.mod, tf.pow, tf.atan2, tf.maximum, tf.minimum)
    ops += (tf.squared_difference, lambda a, b: tf.where(tf.greater_equal(a, b), a, b))
    ops += (lambda a, b: tf.add_n([a, tf.mul(a, b), a]),)
    for f in ops:
        tf.dispose(tf.grads(f)([a, b]))
    assert tf.memory()["num_tensors"] == before
    tf.dispose([a, b])
