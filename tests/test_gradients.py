"""tf.grad, tf.grads, tf.value_and_grad(s), tf.variable_grads and tf.custom_grad: values,
the tape's bookkeeping (nothing recorded outside a gradient, nothing left behind), and
their errors, in TF.js's words."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import raises_with, scope


def test_grad_of_a_composition(backend):
    def run():
        x = tf.tensor1d([1.0, -2.0, 3.0])
        return tf.grad(lambda x: tf.sum(tf.mul(tf.square(x), 3)))(x).array_sync()

    assert tf.tidy(run) == [6.0, -12.0, 18.0]


def test_grad_scales_by_dy(backend):
    def run():
        g = tf.grad(lambda x: tf.square(x))
        return g(tf.tensor1d([1.0, 2.0]), tf.tensor1d([10.0, -1.0])).array_sync()

    assert tf.tidy(run) == [20.0, -4.0]


def test_grads_value_and_grads_and_value_and_grad(backend):
    def run():
        a, b = tf.tensor1d([2.0, 3.0]), tf.tensor1d([5.0, 7.0])
        ga, gb = tf.grads(lambda a, b: tf.mul(a, b))([a, b])
        value, grads = tf.value_and_grads(lambda a, b: tf.sum(tf.mul(a, b)))([a, b])
        value1, grad1 = tf.value_and_grad(lambda a: tf.sum(tf.square(a)))(a)
        return (
            ga.array_sync(),
            gb.array_sync(),
            value.array_sync(),
            [g.array_sync() for g in grads],
            value1.array_sync(),
            grad1.array_sync(),
        )

    assert tf.tidy(run) == ([5.0, 7.0], [2.0, 3.0], 31.0, [[5.0, 7.0], [2.0, 3.0]], 13.0, [4.0, 6.0])


def test_second_order_gradient(backend):
    def run():
        x = tf.tensor1d([1.0, 2.0])
        return tf.grad(tf.grad(lambda x: tf.mul(tf.square(x), x)))(x).array_sync()

    assert tf.tidy(run) == [6.0, 12.0]  # d²(x³)/dx² = 6x


def test_a_value_used_twice_sums_its_gradients(backend):
    def run():
        x = tf.tensor1d([3.0])
        return tf.grad(lambda x: tf.add(tf.mul(x, x), x))(x).array_sync()

    assert tf.tidy(run) == [7.0]


def test_variable_grads_names_each_trainable_variable(backend):
    a = tf.tidy(lambda: tf.variable(tf.tensor1d([1.0, 2.0]), name="grad_test_a"))
    b = tf.tidy(lambda: tf.variable(tf.scalar(3.0), name="grad_test_b"))
    frozen = tf.tidy(lambda: tf.variable(tf.scalar(1.0), trainable=False, name="grad_test_frozen"))
    try:

        def run():
            value, grads = tf.variable_grads(lambda: tf.sum(tf.mul(tf.mul(a, b), frozen)), [a, b, frozen])
            return value.array_sync(), {k: (None if g is None else g.array_sync()) for k, g in grads.items()}

        value, grads = tf.tidy(run)
        assert value == 9.0
        assert grads == {"grad_test_a": [3.0, 3.0], "grad_test_b": 3.0, "grad_test_frozen": None}
    finally:
        tf.dispose([a, b, frozen])


def test_custom_grad_replaces_the_gradient(backend):
    def forward(x, save):
        save([x])
        return {"value": tf.square(x), "grad_func": lambda dy, saved: [tf.mul(dy, tf.mul(saved[0], 10))]}

    def run():
        x = tf.tensor1d([1.0, 2.0])
        custom = tf.custom_grad(forward)
        return custom(x).array_sync(), tf.grad(lambda x: tf.sum(custom(x)))(x).array_sync()

    assert tf.tidy(run) == ([1.0, 4.0], [10.0, 20.0])


def test_nothing_is_recorded_outside_a_gradient():
    x = tf.tensor1d([1.0, 2.0])
    try:
        tf.tidy(lambda: tf.square(x).sum()).dispose()
        assert tf.engine().active_tape is None
        assert tf.engine().gradient_depth == 0
    finally:
        x.dispose()


def test_gradients_leave_no_tensor_behind(backend):
    x = tf.tensor2d([[1.0, 2.0], [3.0, 4.0]])
    before = tf.memory()["num_tensors"]
    g = tf.grad(lambda x: tf.sum(tf.mul(tf.square(x), tf.exp(x))))(x)
    assert tf.memory()["num_tensors"] == before + 1  # only the gradient
    assert tf.engine().active_tape is None
    tf.dispose([g, x])


def test_errors_inside_f_end_the_tape_cleanly(backend):
    x = tf.tensor1d([1.0])

    def failing(x):
        tf.square(x)
        raise RuntimeError("boom")

    try:
        with pytest.raises(RuntimeError, match="boom"):
            tf.grad(failing)(x)
        assert tf.engine().active_tape is None
        assert tf.engine().gradient_depth == 0
    finally:
        x.dispose()


# ---- bad input ---------------------------------------------------------------------


def test_f_must_be_a_function():
    for make in (tf.grad, tf.grads, tf.value_and_grad, tf.value_and_grads, tf.custom_grad):
        with raises_with(TypeError, "must be a function"):
            make(3)
    with raises_with(TypeError, "variable_grads(f) must be a function"):
        tf.variable_grads(3)


def test_gradients_of_non_float_tensors_are_refused():
    with scope():
        with raises_with(TypeError, "grad(f)(x)", "float32", "int32"):
            tf.grad(lambda x: x)(tf.tensor1d([1, 2], "int32"))
        with raises_with(TypeError, "grads(f)(args)", "float32", "bool"):
            tf.grads(lambda x: x)([tf.tensor1d([True])])


def test_f_must_lead_from_x_to_y(backend):
    x = tf.tensor1d([1.0])
    try:
        with raises_with(ValueError, "Cannot compute gradient of y=f(x) with respect to x"):
            tf.grad(lambda x: tf.ones([2]))(x)
        with raises_with(TypeError, "The result y returned by f() must be a tensor"):
            tf.grad(lambda x: 3.0)(x)
    finally:
        x.dispose()


def test_dy_must_match_the_shape_of_y(backend):
    with scope():
        x = tf.tensor1d([1.0, 2.0])
        with raises_with(ValueError, "The shape of dy passed in grad(f)(x, dy) must match", "[3]", "[2]"):
            tf.grad(lambda x: tf.square(x))(x, tf.tensor1d([1.0, 1.0, 1.0]))
        with raises_with(TypeError, "dy must have 'float32' dtype, but has 'int32'"):
            tf.grad(lambda x: tf.square(x))(x, tf.tensor1d([1, 1], "int32"))
        before = tf.memory()["num_tensors"]
        with raises_with(ValueError, "value_and_grads(f)([x1,...], dy) must match"):
            tf.value_and_grads(lambda x: tf.square(x))([x], tf.tensor1d([1.0]))
        assert tf.memory()["num_tensors"] == before + 1  # only the dy made in the call


def test_variable_grads_refuses_non_variables_and_non_scalar_losses(backend):
    v = tf.tidy(lambda: tf.variable(tf.tensor1d([1.0, 2.0]), name="grad_test_v"))
    frozen = tf.tidy(lambda: tf.variable(tf.scalar(1.0), trainable=False, name="grad_test_frozen2"))
    try:
        with raises_with(TypeError, "var_list passed in variable_grads(f, var_list) must be an array"):
            tf.variable_grads(lambda: tf.sum(v), [v, "not a variable"])
        with raises_with(ValueError, "must return a scalar, but it returned a rank-1 tensor"):
            tf.variable_grads(lambda: tf.square(v), [v])
        with raises_with(ValueError, "none of the 1 variables is trainable"):
            tf.variable_grads(lambda: tf.square(frozen), [frozen])
        with raises_with(ValueError, "Cannot find a connection between any variable and the result"):
            tf.variable_grads(lambda: tf.scalar(1.0), [v])
    finally:
        tf.dispose([v, frozen])


def test_a_kernel_without_a_gradient_is_named(backend):
    x = tf.tensor1d([1.0, 2.0])
    try:
        with raises_with(NotImplementedError, "gradient function not found for Equal"):
            tf.grad(lambda x: tf.cast(tf.equal(x, x), "float32"))(x)
    finally:
        x.dispose()


def test_custom_grad_checks_what_f_returns(backend):
    x = tf.tensor1d([1.0])
    try:
        with raises_with(TypeError, "`obj.value` is a tensor"):
            tf.custom_grad(lambda x, save: {"value": 1.0, "grad_func": lambda dy, s: [dy]})(x)
        with raises_with(TypeError, "`obj.grad_func` is a function"):
            tf.custom_grad(lambda x, save: {"value": tf.square(x)})(x)
        wrong_count = tf.custom_grad(
            lambda x, save: {"value": tf.square(x), "grad_func": lambda dy, s: [dy, dy]}
        )
        with raises_with(ValueError, "the same number of tensors as inputs"):
            tf.grad(wrong_count)(x)
        with raises_with(TypeError, "must all be tensors"):
            tf.custom_grad(lambda x, save: {"value": x, "grad_func": lambda dy, s: [dy]})(1.0)
    finally:
        x.dispose()


def test_gradient_nan_passes_through(backend):
    def run():
        return tf.grad(lambda x: tf.mul(x, tf.scalar(math.nan)))(tf.tensor1d([1.0])).numpy()

    assert np.isnan(tf.tidy(run)).all()
