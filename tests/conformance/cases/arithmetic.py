"""Operations / Arithmetic: add_n, atan2, div_no_nan, maximum, minimum, squared_difference
(add, sub, mul, div, floor_div, mod, pow are in foundation.py)."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan

T, F = True, False


def _bools(values: list[bool]) -> tf.Tensor:
    return tf.tensor(values)


CASES = {
    "add_n/float": lambda: tf.add_n(
        [
            tf.tensor([0.1, 1e38, -0.0, 1]),
            tf.tensor([0.2, 1e38, -0.0, 1e-8]),
            tf.tensor([0.3, -1e38, -0.0, -1]),
        ]
    ),
    "add_n/one": lambda: tf.add_n([tf.tensor([-0.0, 1.5, nan])]),
    "add_n/special": lambda: tf.add_n([tf.tensor([inf, nan, inf, 3e38]), tf.tensor([-inf, 1, inf, 3e38])]),
    "add_n/int32_wraps": lambda: tf.add_n(
        [i32([2147483647, -2147483648, 5]), i32([1, -1, -5]), i32([1, 1, 0])]
    ),
    "add_n/bool": lambda: tf.add_n([_bools([T, F, F]), _bools([F, F, T])]),
    "add_n/bool_overlap": lambda: tf.add_n([_bools([T, T, F]), _bools([T, F, F])]),
    "add_n/2d": lambda: tf.add_n([tf.tensor2d([[1, 2], [3, 4]]), tf.tensor2d([[10, 20], [30, 40]])]),
    "add_n/numbers": lambda: tf.add_n([[1, 2], [3, 4]]),
    "add_n/scalars": lambda: tf.add_n([tf.scalar(1), tf.scalar(2), tf.scalar(3)]),
    "add_n/empty": lambda: tf.add_n([tf.zeros([0, 3]), tf.zeros([0, 3])]),
    "atan2/float": lambda: tf.atan2(
        tf.tensor([1, -1, 0, 0, -0.0, -0.0, 1, 3.5]), tf.tensor([0, 0, 1, -1, 1, -1, 1, -2])
    ),
    "atan2/special": lambda: tf.atan2(
        tf.tensor([inf, inf, -inf, nan, 1, 1, 1e-45]), tf.tensor([inf, -inf, 1, 1, nan, inf, 1e38])
    ),
    "atan2/int32": lambda: tf.atan2(i32([1, 1, -1, 2147483647, 0]), i32([0, -1, -1, 1, -5])),
    "atan2/bool": lambda: tf.atan2(_bools([T, T, F, F]), _bools([F, T, T, F])),
    "atan2/broadcast": lambda: tf.atan2(tf.tensor2d([[1], [-1]]), tf.tensor1d([1, 2, -3])),
    "atan2/mixed": lambda: tf.atan2(i32([1, 2]), tf.scalar(0.5)),
    "atan2/empty": lambda: tf.atan2(tf.zeros([2, 0]), tf.zeros([1, 0])),
    "atan2/string": lambda: tf.atan2(tf.tensor(["a"]), tf.tensor([1])),
    "div_no_nan/float": lambda: tf.div_no_nan(
        tf.tensor([1, 0, -1, 0, 6, nan, inf, 1]), tf.tensor([0, 0, 0, -0.0, 3, 0, 0, nan])
    ),
    "div_no_nan/special": lambda: tf.div_no_nan(
        tf.tensor([inf, 1, 1e38, -0.0]), tf.tensor([inf, inf, 1e-38, 5])
    ),
    "div_no_nan/int32": lambda: tf.div_no_nan(i32([7, -7, 5, 0, -2147483648]), i32([2, 2, 0, 0, -1])),
    "div_no_nan/broadcast": lambda: tf.div_no_nan(tf.tensor2d([[1, 2], [3, 4]]), tf.tensor1d([0, 2])),
    "div_no_nan/scalar_zero": lambda: tf.div_no_nan(tf.tensor([1, 2, 3]), 0),
    "div_no_nan/bool": lambda: tf.div_no_nan(_bools([T, T, F]), _bools([T, F, F])),
    "div_no_nan/empty": lambda: tf.div_no_nan(tf.zeros([0]), tf.zeros([0])),
    "maximum/float": lambda: tf.maximum(tf.tensor([1, 4, 3, 16, -0.5]), tf.tensor([1, 2, 9, 4, -0.25])),
    "maximum/nan": lambda: tf.maximum(tf.tensor([nan, 1, nan, -inf]), tf.tensor([1, nan, nan, nan])),
    "maximum/zeros": lambda: tf.maximum(tf.tensor([-0.0, 0, -0.0, 0]), tf.tensor([0, -0.0, -0.0, 0])),
    "maximum/with_zero": lambda: tf.maximum(tf.tensor([-5, 2, -0.0, 0, nan, -1e-45]), 0),
    "maximum/with_negative_zero": lambda: tf.maximum(tf.tensor([-5, 2, -0.0, 0, -1e-45]), -0.0),
    "maximum/inf": lambda: tf.maximum(tf.tensor([inf, -inf, 3e38, -inf]), tf.tensor([-inf, 1, 1e38, -inf])),
    "maximum/int32": lambda: tf.maximum(i32([2147483647, -2147483648, 3]), i32([-2147483648, 0, 3])),
    "maximum/bool": lambda: tf.maximum(_bools([T, F, F]), _bools([F, F, T])),
    "maximum/mixed": lambda: tf.maximum(i32([1, 5]), tf.scalar(2.5)),
    "maximum/broadcast": lambda: tf.maximum(tf.tensor2d([[1], [5]]), tf.tensor1d([2, 3, 6])),
    "maximum/empty": lambda: tf.maximum(tf.zeros([0, 2]), tf.scalar(1)),
    "maximum/string": lambda: tf.maximum(tf.tensor(["a"]), tf.tensor(["b"])),
    "minimum/float": lambda: tf.minimum(tf.tensor([1, 4, 3, 16, -0.5]), tf.tensor([1, 2, 9, 4, -0.25])),
    "minimum/nan": lambda: tf.minimum(tf.tensor([nan, 1, nan, inf]), tf.tensor([1, nan, nan, nan])),
    "minimum/zeros": lambda: tf.minimum(tf.tensor([-0.0, 0, -0.0, 0]), tf.tensor([0, -0.0, -0.0, 0])),
    "minimum/with_zero": lambda: tf.minimum(tf.tensor([5, -2, -0.0, 0, nan, 1e-45]), 0),
    "minimum/with_negative_zero": lambda: tf.minimum(tf.tensor([5, -2, -0.0, 0, 1e-45]), -0.0),
    "minimum/inf": lambda: tf.minimum(tf.tensor([inf, -inf, 1e-45, inf]), tf.tensor([-inf, 1, 0, inf])),
    "minimum/int32": lambda: tf.minimum(i32([2147483647, -2147483648, 3]), i32([-2147483648, 0, 3])),
    "minimum/bool": lambda: tf.minimum(_bools([T, T, F]), _bools([F, T, T])),
    "minimum/mixed": lambda: tf.minimum(i32([1, 5]), tf.scalar(2.5)),
    "minimum/broadcast": lambda: tf.minimum(tf.tensor2d([[1], [5]]), tf.tensor1d([2, 3, 6])),
    "minimum/empty": lambda: tf.minimum(tf.zeros([3, 0]), tf.zeros([1, 0])),
    "squared_difference/float": lambda: tf.squared_difference(
        tf.tensor([1, 4, 3, 16, 0.1, -0.0]), tf.tensor([1, 2, 9, 4, 0.3, 0])
    ),
    "squared_difference/special": lambda: tf.squared_difference(
        tf.tensor([inf, inf, nan, 3e38, 1e-30, 1e20]), tf.tensor([inf, -inf, 1, -3e38, 0, 1e-20])
    ),
    "squared_difference/int32": lambda: tf.squared_difference(
        i32([46341, 2147483647, -2147483648, 100000, 3]), i32([0, -2147483648, 2147483647, -100000, -4])
    ),
    "squared_difference/bool": lambda: tf.squared_difference(_bools([T, T, F, F]), _bools([T, F, T, F])),
    "squared_difference/broadcast": lambda: tf.squared_difference(
        tf.tensor2d([[1], [5]]), tf.tensor1d([2, 3, 6])
    ),
    "squared_difference/mixed": lambda: tf.squared_difference(i32([1, 5]), tf.scalar(0.5)),
    "squared_difference/empty": lambda: tf.squared_difference(tf.zeros([0]), tf.scalar(1)),
    "div/bool": lambda: tf.div(_bools([T, T, F, F]), _bools([T, F, T, F])),
    "mod/bool": lambda: tf.mod(_bools([T, T, F, F]), _bools([T, F, T, F])),
    "pow/bool": lambda: tf.pow(_bools([T, T, F, F]), _bools([T, F, T, F])),
}

KNOWN_DIFFERENCES = {
    # TF.js adds bool tensors byte by byte in a Uint8Array, so two trues make a bool
    # tensor holding 2 (data() gives [2, 1, 0]); here a bool holds only true or false.
    "add_n/bool_overlap",
}
