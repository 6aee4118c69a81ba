"""Gradients of Operations / Arithmetic: add, sub, mul, div, floor_div, mod, pow, add_n,
atan2, maximum, minimum, squared_difference, and of where (Select) and greater_equal.
(div_no_nan has none in TF.js: tests/ops/test_arithmetic_gradients.py checks ours says so.)"""

from __future__ import annotations

from collections.abc import Callable

import tfjs as tf
from tests.conformance.values import inf, nan


def g(f: Callable[..., tf.Tensor]) -> Callable[..., list[tf.Tensor]]:
    """The gradients of `f` with respect to each of its arguments."""
    return lambda *xs: tf.grads(f)(list(xs))


_M23 = [[1, 2, 3], [4, 5, 6]]

# TF.js's Maximum, Minimum and SquaredDifference gradients do not sum a broadcast
# gradient back to the input's shape, so its tape rejects them ("The gradient of input
# 'a' has shape '2,3', which does not match the shape of the input '2,1'"); ours sum
# them, as its other binary gradients (and TensorFlow's) do.
KNOWN_DIFFERENCES = {"maximum/broadcast", "minimum/broadcast", "squared_difference/broadcast"}

CASES = {
    "add/same_shape": lambda: g(lambda a, b: tf.add(a, b))(tf.tensor([1, 2, 3]), tf.tensor([4, 5, 6])),
    "add/broadcast": lambda: g(lambda a, b: tf.mul(tf.add(a, b), tf.tensor2d(_M23)))(
        tf.tensor2d([[1], [2]]), tf.tensor1d([1, 2, 3])
    ),
    "add/scalar": lambda: g(lambda a, b: tf.mul(tf.add(a, b), tf.tensor([1, 2, 3])))(
        tf.tensor([1, 2, 3]), tf.scalar(2)
    ),
    "sub/same_shape": lambda: g(lambda a, b: tf.sub(a, b))(tf.tensor([1, 2, 3]), tf.tensor([4, 5, 6])),
    "sub/broadcast": lambda: g(lambda a, b: tf.mul(tf.sub(a, b), tf.tensor2d(_M23)))(
        tf.tensor2d([[1], [2]]), tf.tensor1d([1, 2, 3])
    ),
    "mul/same_shape": lambda: g(lambda a, b: tf.mul(a, b))(tf.tensor([1, -2, 0.5]), tf.tensor([4, 5, -6])),
    "mul/broadcast": lambda: g(lambda a, b: tf.mul(a, b))(tf.tensor2d(_M23), tf.tensor1d([0.5, -1, 2])),
    "mul/int_other": lambda: tf.grad(lambda a: tf.mul(a, tf.tensor([2, 3], [2], "int32")))(
        tf.tensor([1.5, 2.5])
    ),
    "div/same_shape": lambda: g(lambda a, b: tf.div(a, b))(
        tf.tensor([1, -2, 0.5, 3]), tf.tensor([4, 5, -6, 0.1])
    ),
    "div/broadcast": lambda: g(lambda a, b: tf.mul(tf.div(a, b), tf.tensor2d(_M23)))(
        tf.tensor2d(_M23), tf.tensor1d([0.3, -1.7, 2.9])
    ),
    "div/broadcast_a": lambda: g(lambda a, b: tf.div(a, b))(tf.scalar(3), tf.tensor2d([[1, 2], [-4, 7]])),
    "div/by_zero": lambda: g(lambda a, b: tf.div(a, b))(tf.tensor([1, 0, -1, 0]), tf.tensor([0, 0, 0, -0.0])),
    "div/nan": lambda: g(lambda a, b: tf.div(a, b))(tf.tensor([nan, 1, inf]), tf.tensor([1, nan, 2])),
    "floor_div/float": lambda: g(lambda a, b: tf.floor_div(a, b))(
        tf.tensor([5, 7, -7.5]), tf.tensor([2, -2, 2])
    ),
    "floor_div/broadcast": lambda: g(lambda a, b: tf.floor_div(a, b))(
        tf.tensor2d([[5, 7], [-3, 1]]), tf.tensor1d([2, 3])
    ),
    "mod/float": lambda: g(lambda a, b: tf.mod(a, b))(tf.tensor([5, -5, 7.5, 1]), tf.tensor([3, 3, -2, 4])),
    "mod/broadcast": lambda: g(lambda a, b: tf.mod(a, b))(tf.tensor2d([[5, -5], [7.5, 1]]), tf.scalar(3)),
    "pow/float": lambda: g(lambda a, b: tf.pow(a, b))(
        tf.tensor([2, 3, 0.5, 1.5]), tf.tensor([3, 2, -1, 0.5])
    ),
    "pow/base_zero_and_negative": lambda: g(lambda a, b: tf.pow(a, b))(
        tf.tensor([0, 0, -2, -2, 0]), tf.tensor([2, 0, 2, 3, 1])
    ),
    "pow/broadcast": lambda: g(lambda a, b: tf.pow(a, b))(
        tf.tensor2d([[1, 2], [3, 4]]), tf.tensor1d([2, 0.5])
    ),
    "pow/int_exp": lambda: tf.grad(lambda a: tf.pow(a, tf.scalar(2, "int32")))(tf.tensor([-1, 0, 3])),
    "pow/second_order": lambda: tf.grad(tf.grad(lambda a: tf.pow(a, tf.scalar(3))))(tf.tensor([-1, 0, 2])),
    "add_n/three": lambda: g(lambda a, b, c: tf.add_n([a, b, c]))(
        tf.tensor([1, 2]), tf.tensor([3, 4]), tf.tensor([5, 6])
    ),
    "add_n/repeated": lambda: tf.grad(lambda a: tf.add_n([a, tf.mul(a, a), a]))(tf.tensor([1, -2, 3])),
    "atan2/float": lambda: g(lambda a, b: tf.atan2(a, b))(
        tf.tensor([1, -1, 0, 3.5]), tf.tensor([1, 2, -1, -2])
    ),
    "atan2/origin": lambda: g(lambda a, b: tf.atan2(a, b))(tf.tensor([0, 0]), tf.tensor([0, -0.0])),
    "atan2/broadcast": lambda: g(lambda a, b: tf.atan2(a, b))(
        tf.tensor2d([[1], [-1]]), tf.tensor1d([1, 2, -3])
    ),
    "maximum/float": lambda: g(lambda a, b: tf.maximum(a, b))(
        tf.tensor([1, 4, 3, -0.5]), tf.tensor([2, 2, 9, -0.25])
    ),
    "maximum/ties": lambda: g(lambda a, b: tf.maximum(a, b))(
        tf.tensor([1, -0.0, 0, 2]), tf.tensor([1, 0, -0.0, 2])
    ),
    "maximum/nan": lambda: g(lambda a, b: tf.maximum(a, b))(
        tf.tensor([nan, 1, nan]), tf.tensor([1, nan, nan])
    ),
    "maximum/scalar_other": lambda: tf.grad(lambda a: tf.maximum(a, tf.scalar(0)))(tf.tensor([-1, 0, 2])),
    "maximum/broadcast": lambda: g(lambda a, b: tf.maximum(a, b))(
        tf.tensor2d([[1], [5]]), tf.tensor1d([2, 3, 6])
    ),
    "minimum/float": lambda: g(lambda a, b: tf.minimum(a, b))(
        tf.tensor([1, 4, 3, -0.5]), tf.tensor([2, 2, 9, -0.25])
    ),
    "minimum/ties": lambda: g(lambda a, b: tf.minimum(a, b))(
        tf.tensor([1, -0.0, 0, 2]), tf.tensor([1, 0, -0.0, 2])
    ),
    "minimum/nan": lambda: g(lambda a, b: tf.minimum(a, b))(
        tf.tensor([nan, 1, nan]), tf.tensor([1, nan, nan])
    ),
    "minimum/scalar_other": lambda: tf.grad(lambda a: tf.minimum(a, tf.scalar(0)))(tf.tensor([-1, 0, 2])),
    "minimum/broadcast": lambda: g(lambda a, b: tf.minimum(a, b))(
        tf.tensor2d([[1], [5]]), tf.tensor1d([2, 3, 6])
    ),
    "squared_difference/float": lambda: g(lambda a, b: tf.squared_difference(a, b))(
        tf.tensor([1, 4, 3, 0.1]), tf.tensor([1, 2, 9, 0.3])
    ),
    "squared_difference/scalar_other": lambda: tf.grad(lambda a: tf.squared_difference(a, tf.scalar(2)))(
        tf.tensor([1, 2, 3.5])
    ),
    "squared_difference/broadcast": lambda: g(lambda a, b: tf.squared_difference(a, b))(
        tf.tensor2d([[1], [5]]), tf.tensor1d([2, 3, 6])
    ),
    "where/same_shape": lambda: g(lambda a, b: tf.where(tf.tensor([True, False, True]), a, b))(
        tf.tensor([1, 2, 3]), tf.tensor([4, 5, 6])
    ),
    "where/broadcast": lambda: g(
        lambda a, b: tf.mul(tf.where(tf.tensor([True, False, True]), a, b), tf.tensor2d(_M23))
    )(tf.tensor2d([[1], [2]]), tf.scalar(5)),
    "where/condition_from_x": lambda: tf.grad(
        lambda a: tf.where(tf.greater_equal(a, 1), tf.mul(a, 3), tf.neg(a))
    )(tf.tensor([0, 1, 2])),
    "where/int_other": lambda: tf.grad(lambda a: tf.where(tf.tensor([True, False]), a, tf.tensor([1, 2])))(
        tf.tensor([7, 8])
    ),
    "second_order/mul": lambda: tf.grad(tf.grad(lambda a: tf.mul(tf.mul(a, a), a)))(tf.tensor([-1, 0, 2])),
    "second_order/div_b": lambda: tf.grad(tf.grad(lambda b: tf.div(tf.tensor([1, 2, 3]), b)))(
        tf.tensor([2, -1, 0.5])
    ),
    "second_order/atan2": lambda: tf.grad(tf.grad(lambda a: tf.atan2(a, tf.tensor([1, 2, -1]))))(
        tf.tensor([0.5, -1, 3])
    ),
    "second_order/squared_difference": lambda: tf.grad(
        tf.grad(lambda a: tf.squared_difference(a, tf.tensor([1, 2, 3])))
    )(tf.tensor([0.5, -1, 3])),
    "second_order/maximum": lambda: tf.grad(tf.grad(lambda a: tf.mul(tf.maximum(a, tf.scalar(1)), a)))(
        tf.tensor([0.5, 1, 3])
    ),
    "second_order/where": lambda: tf.grad(
        tf.grad(lambda a: tf.where(tf.tensor([True, False, True]), tf.mul(a, a), tf.neg(a)))
    )(tf.tensor([0.5, 1, 3])),
    "greater_equal/zeros": lambda: tf.grad(lambda a: tf.cast(tf.greater_equal(a, tf.scalar(1)), "float32"))(
        tf.tensor([0, 1, 2])
    ),
}
