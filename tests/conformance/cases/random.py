"""Tensors / Random (and truncated_normal, multinomial, dropout): with a seed, the exact draws."""

from __future__ import annotations

import itertools

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r


def _values(*values: float):
    """A rand() function giving `values` in turn."""
    return iter(values).__next__


def _counter(step: float):
    """A rand() function giving 0, step, 2·step, ... (JavaScript's `(i++) * step`)."""
    return map(lambda i: i * step, itertools.count()).__next__


CASES = {
    "random_uniform/default": lambda: tf.random_uniform([5], 0, 1, "float32", 1),
    "random_uniform/2d": lambda: tf.random_uniform([2, 3], -3, 7, "float32", 42),
    "random_uniform/many": lambda: tf.random_uniform([3000], -1, 1, "float32", 123),
    "random_uniform/int32": lambda: tf.random_uniform([20], -30, 70, "int32", "abc"),
    "random_uniform/int32_limits": lambda: tf.random_uniform([10], -2147483648, 2147483647, "int32", 5),
    "random_uniform/bool": lambda: tf.random_uniform([10], 0, 2, "bool", 5),
    "random_uniform/bool_wide": lambda: tf.random_uniform([10], 0, 5, "bool", 3),
    "random_uniform/seed_zero": lambda: tf.random_uniform([3], 0, 1, "float32", 0),
    "random_uniform/seed_string": lambda: tf.random_uniform([3], 0, 1, "float32", "hello"),
    "random_uniform/seed_unicode": lambda: tf.random_uniform([3], 0, 1, "float32", "ünï€😀"),
    "random_uniform/seed_empty_string": lambda: tf.random_uniform([3], 0, 1, "float32", ""),
    "random_uniform/seed_float": lambda: tf.random_uniform([3], 0, 1, "float32", 1.5),
    "random_uniform/seed_negative": lambda: tf.random_uniform([3], 0, 1, "float32", -7),
    "random_uniform/seed_large": lambda: tf.random_uniform([3], 0, 1, "float32", 1e21),
    "random_uniform/seed_small": lambda: tf.random_uniform([3], 0, 1, "float32", 1e-7),
    "random_uniform/seed_nan": lambda: tf.random_uniform([3], 0, 1, "float32", nan),
    "random_uniform/large_range": lambda: tf.random_uniform([4], -1e38, 3e38, "float32", 9),
    "random_uniform/overflow": lambda: tf.random_uniform([4], -3e38, 3e38, "float32", 9),
    "random_uniform/inverted": lambda: tf.random_uniform([4], 5, 1, "float32", 9),
    "random_uniform/nan_bound": lambda: tf.random_uniform([2], nan, 1, "float32", 9),
    "random_uniform/scalar": lambda: tf.random_uniform([], 0, 1, "float32", 9),
    "random_uniform/empty": lambda: tf.random_uniform([0, 3], 0, 1, "float32", 9),
    "random_uniform_int/basic": lambda: tf.random_uniform_int([10], 0, 10, 5),
    "random_uniform_int/negative": lambda: tf.random_uniform_int([10], -10, -2, 5),
    "random_uniform_int/2d": lambda: tf.random_uniform_int([3, 4], -100, 100, "seed"),
    "random_uniform_int/one_value": lambda: tf.random_uniform_int([5], 0, 1, 5),
    "random_normal/default": lambda: tf.random_normal([6], 0, 1, "float32", 7),
    "random_normal/odd_count": lambda: tf.random_normal([5], 0, 1, "float32", 7),
    "random_normal/mean_std": lambda: tf.random_normal([2, 3], 10, 0.5, "float32", 8),
    "random_normal/many": lambda: tf.random_normal([3001], -2, 3, "float32", 99),
    "random_normal/int32": lambda: tf.random_normal([20], 1, 20, "int32", 7),
    "random_normal/default_dtype": lambda: tf.random_normal([3], 0, 1, None, 7),
    "random_normal/seed_string": lambda: tf.random_normal([3], 0, 1, "float32", "x"),
    "random_normal/seed_float": lambda: tf.random_normal([3], 0, 1, "float32", 0.25),
    "random_normal/std_zero": lambda: tf.random_normal([3], 4, 0, "float32", 7),
    "random_normal/std_inf": lambda: tf.random_normal([4], 0, inf, "float32", 7),
    "random_normal/mean_nan": lambda: tf.random_normal([4], nan, 1, "float32", 7),
    "random_normal/huge_std": lambda: tf.random_normal([4], 0, 1e38, "float32", 7),
    "random_normal/empty": lambda: tf.random_normal([0], 0, 1, "float32", 7),
    "random_normal/bool": lambda: tf.random_normal([2], 0, 1, "bool", 7),
    "random_standard_normal/basic": lambda: tf.random_standard_normal([2, 2], "float32", 7),
    "random_standard_normal/int32": lambda: tf.random_standard_normal([6], "int32", 3),
    "random_standard_normal/bool": lambda: tf.random_standard_normal([2], "bool", 7),
    "truncated_normal/default": lambda: tf.truncated_normal([6], 0, 1, "float32", 7),
    "truncated_normal/many": lambda: tf.truncated_normal([3000], -1, 3, "float32", 9),
    "truncated_normal/int32": lambda: tf.truncated_normal([31], 0, 2, "int32", 9),
    "truncated_normal/std_zero": lambda: tf.truncated_normal([3], 1.5, 0, "float32", 9),
    "truncated_normal/std_inf": lambda: tf.truncated_normal([4], 0, inf, "float32", 9),
    "truncated_normal/empty": lambda: tf.truncated_normal([2, 0], 0, 1, "float32", 9),
    "truncated_normal/bool": lambda: tf.truncated_normal([2], 0, 1, "bool", 9),
    "random_gamma/alpha_1": lambda: tf.random_gamma([5], 1, 1, "float32", 11),
    "random_gamma/alpha_large": lambda: tf.random_gamma([2, 3], 5, 2, "float32", 11),
    "random_gamma/alpha_small": lambda: tf.random_gamma([10], 0.3, 1, "float32", 11),
    "random_gamma/many": lambda: tf.random_gamma([2000], 2.5, 1.5, "float32", 12),
    "random_gamma/many_alpha_small": lambda: tf.random_gamma([2000], 0.5, 0.5, "float32", 12),
    "random_gamma/int32": lambda: tf.random_gamma([20], 3, 0.5, "int32", 13),
    "random_gamma/int32_alpha_small": lambda: tf.random_gamma([20], 0.7, 0.1, "int32", 13),
    "random_gamma/alpha_zero": lambda: tf.random_gamma([3], 0, 1, "float32", 13),
    "random_gamma/alpha_negative": lambda: tf.random_gamma([3], -1, 1, "float32", 13),
    "random_gamma/alpha_inf": lambda: tf.random_gamma([3], inf, 1, "float32", 3),
    "random_gamma/alpha_huge": lambda: tf.random_gamma([3], 1e300, 1, "float32", 3),
    "random_gamma/alpha_tiny": lambda: tf.random_gamma([3], 1e-300, 1, "float32", 3),
    "random_gamma/alpha_nan": lambda: tf.random_gamma([3], nan, 1, "float32", 3),
    "random_gamma/beta_inf": lambda: tf.random_gamma([3], 2, inf, "float32", 13),
    "random_gamma/seed_string": lambda: tf.random_gamma([3], 2, 1, "float32", "gamma"),
    "random_gamma/empty": lambda: tf.random_gamma([0], 2, 1, "float32", 13),
    "random_gamma/bool": lambda: tf.random_gamma([2], 1, 1, "bool", 13),
    "rand/constant": lambda: tf.rand([2, 2], lambda: 2.7),
    "rand/counter": lambda: tf.rand([5], _counter(0.1)),
    "rand/int32": lambda: tf.rand([6], _values(2.7, -2.7, 3e9, -3e9, nan, inf), "int32"),
    "rand/bool": lambda: tf.rand([5], _values(0.5, 1.7, 0, 256.5, 1), "bool"),
    "rand/bool_wide": lambda: tf.rand([2], _values(-1, 2.5), "bool"),
    "rand/empty": lambda: tf.rand([0], lambda: 1),
    "rand/complex": lambda: tf.rand([1], lambda: 1, "complex64"),
    "multinomial/normalized": lambda: tf.multinomial(tf.tensor1d([0.75, 0.25]), 10, 1, True),
    "multinomial/logits": lambda: tf.multinomial(tf.tensor1d([1, 2, 3]), 10, 5),
    "multinomial/batch": lambda: tf.multinomial(tf.tensor2d([[1, 2, 3], [3, 2, 1], [0, 0, 0]]), 8, 5),
    "multinomial/many": lambda: tf.multinomial(tf.tensor1d([-1, 0, 0.5, 2, 1]), 2000, 17),
    "multinomial/zero_probability": lambda: tf.multinomial(tf.tensor1d([0, 0.5, 0, 0.5, 0]), 20, 3, True),
    "multinomial/negative_probability": lambda: tf.multinomial(
        tf.tensor2d([[0.5, -0.2, 0.7], [nan, 0.5, 0.5]]), 20, 3, True
    ),
    "multinomial/large_logits": lambda: tf.multinomial(tf.tensor1d([1000, 1001, -inf]), 20, 4),
    "multinomial/int32_logits": lambda: tf.multinomial(i32([1, 3]), 10, 4),
    "multinomial/seed_string": lambda: tf.multinomial(tf.tensor1d([1, 1]), 10, "abc"),
    "multinomial/seed_float": lambda: tf.multinomial(tf.tensor1d([1, 1]), 10, 2.5),
    "multinomial/no_samples": lambda: tf.multinomial(tf.tensor1d([0.1, 0.9]), 0, 1, True),
    "multinomial/one_outcome": lambda: tf.multinomial(tf.tensor1d([1]), 3, 1),
    "multinomial/rank_3": lambda: tf.multinomial(tf.zeros([1, 2, 2]), 3, 1),
    "multinomial/complex": lambda: tf.multinomial(tf.complex([1, 2], [1, 2]), 3, 1),
    "dropout/basic": lambda: tf.dropout(tf.tensor1d([1, 2, 2, 1]), 0.5, None, 2),
    "dropout/2d": lambda: tf.dropout(tf.tensor2d(list(r(12)), [3, 4]), 0.3, None, 7),
    "dropout/many": lambda: tf.dropout(tf.ones([2000]), 0.75, None, "drop"),
    "dropout/noise_shape": lambda: tf.dropout(tf.tensor2d(list(r(12)), [3, 4]), 0.5, [3, 1], 5),
    "dropout/noise_shape_null": lambda: tf.dropout(tf.tensor2d(list(r(12)), [3, 4]), 0.5, [None, 1], 5),
    "dropout/noise_shape_broadcast": lambda: tf.dropout(tf.tensor2d(list(r(12)), [3, 4]), 0.5, [4], 5),
    "dropout/special": lambda: tf.dropout(tf.tensor1d([nan, inf, -inf, -0.0, 1e38, 3]), 0.1, None, 1),
    "dropout/rate_zero": lambda: tf.dropout(tf.tensor1d([1, 2]), 0),
    "dropout/list": lambda: tf.dropout([1, 2, 3], 0.5, None, 3),
    "dropout/int32": lambda: tf.dropout(i32([1, 2]), 0.5),
    "dropout/rate_one": lambda: tf.dropout(tf.ones([2]), 1),
    "dropout/rate_negative": lambda: tf.dropout(tf.ones([2]), -0.1),
}

KNOWN_DIFFERENCES = {
    # TF.js fills a bool tensor through a Uint8Array, so it can hold 2, 3 or 255; a bool
    # tensor here holds True/False (the truncated value's being non-zero).
    "random_uniform/bool_wide",
    "rand/bool_wide",
    # TF.js's message is a broken template: "Unsupported data type $ { dtype }".
    "truncated_normal/bool",
}
