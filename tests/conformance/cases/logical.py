"""Operations / Logical: bitwise_and, equal, not_equal, logical_and/not/or/xor, where,
where_async (greater, greater_equal, less, less_equal are in foundation.py; their string
cases are here)."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r

T, F = True, False


def _bools(values: list, shape: list[int] | None = None) -> tf.Tensor:
    return tf.tensor(values, shape, "bool")


CASES = {
    "bitwise_and/int32": lambda: tf.bitwise_and(
        i32([0, 5, 3, 14, -1, -2147483648, 2147483647, -6]),
        i32([5, 0, 7, 11, -2147483648, -1, -1, -3]),
    ),
    "bitwise_and/2d": lambda: tf.bitwise_and(
        tf.tensor2d([[12, 10], [255, 256]], [2, 2], "int32"),
        tf.tensor2d([[10, 12], [15, 255]], [2, 2], "int32"),
    ),
    "bitwise_and/scalar": lambda: tf.bitwise_and(tf.scalar(6, "int32"), tf.scalar(3, "int32")),
    "bitwise_and/empty": lambda: tf.bitwise_and(tf.zeros([0, 2], "int32"), tf.zeros([0, 2], "int32")),
    "equal/float": lambda: tf.equal(
        tf.tensor([1, nan, 0, -0.0, inf, -inf, 0.1, 16777217]),
        tf.tensor([1, nan, -0.0, 0, inf, inf, 0.1, 16777216]),
    ),
    "equal/int32": lambda: tf.equal(i32([2147483647, -2147483648, 0]), i32([2147483647, 2147483647, 0])),
    "equal/bool": lambda: tf.equal(_bools([T, T, F, F]), _bools([T, F, T, F])),
    "equal/mixed": lambda: tf.equal(i32([1, 2, 3]), tf.tensor([1, 2.5, 3])),
    "equal/bool_int32": lambda: tf.equal(_bools([T, F, T]), i32([1, 0, 2])),
    "equal/broadcast": lambda: tf.equal(tf.tensor2d([[1], [2]]), tf.tensor1d([1, 2, 3])),
    "equal/number": lambda: tf.equal(tf.tensor([1, 2, 3]), 2),
    "equal/strings": lambda: tf.equal(tf.tensor(["a", "b", "", "héllo"]), tf.tensor(["a", "B", "", "héllo"])),
    "equal/strings_broadcast": lambda: tf.equal(tf.tensor2d([["a", "b"], ["c", "a"]]), "a"),
    "equal/empty": lambda: tf.equal(tf.zeros([0, 3]), tf.zeros([1, 3])),
    "equal/string_number": lambda: tf.equal(tf.tensor(["a"]), tf.tensor([1])),
    "not_equal/float": lambda: tf.not_equal(
        tf.tensor([1, nan, 0, -0.0, inf, -inf, 0.1]), tf.tensor([1, nan, -0.0, 0, inf, inf, 0.2])
    ),
    "not_equal/int32": lambda: tf.not_equal(
        i32([2147483647, -2147483648, 0]), i32([2147483647, 2147483647, 0])
    ),
    "not_equal/bool": lambda: tf.not_equal(_bools([T, T, F, F]), _bools([T, F, T, F])),
    "not_equal/mixed": lambda: tf.not_equal(i32([1, 2, 3]), tf.tensor([1, 2.5, 3])),
    "not_equal/broadcast": lambda: tf.not_equal(tf.tensor2d([[1], [2]]), tf.tensor1d([1, 2, 3])),
    "not_equal/strings": lambda: tf.not_equal(tf.tensor(["a", "b", ""]), tf.tensor(["a", "B", ""])),
    "not_equal/empty": lambda: tf.not_equal(tf.zeros([0]), tf.scalar(1)),
    "not_equal/string_number": lambda: tf.not_equal(tf.tensor([1]), tf.tensor(["a"])),
    "greater/strings": lambda: tf.greater(
        tf.tensor(["a", "b", "B", "ab", ""]), tf.tensor(["b", "a", "a", "a", "a"])
    ),
    "less_equal/strings": lambda: tf.less_equal(
        tf.tensor(["a", "b", "B", "ab", ""]), tf.tensor(["b", "a", "a", "a", ""])
    ),
    "logical_and/table": lambda: tf.logical_and(_bools([F, F, T, T]), _bools([F, T, F, T])),
    "logical_and/broadcast": lambda: tf.logical_and(tf.tensor2d([[T], [F]]), tf.tensor1d([T, F, T], "bool")),
    "logical_and/numbers": lambda: tf.logical_and([1, 0, 0.4, 2, -1], [1, 1, 1, 1, 1]),
    "logical_and/scalar": lambda: tf.logical_and(tf.scalar(T), _bools([T, F])),
    "logical_and/empty": lambda: tf.logical_and(tf.zeros([0], "bool"), tf.scalar(T)),
    "logical_or/table": lambda: tf.logical_or(_bools([F, F, T, T]), _bools([F, T, F, T])),
    "logical_or/broadcast": lambda: tf.logical_or(tf.tensor2d([[T], [F]]), tf.tensor1d([T, F, T], "bool")),
    "logical_or/numbers": lambda: tf.logical_or([0, 0, 0.4, 0.6], [0, 1, 0, 0]),
    "logical_or/empty": lambda: tf.logical_or(tf.zeros([2, 0], "bool"), tf.zeros([1, 0], "bool")),
    "logical_xor/table": lambda: tf.logical_xor(_bools([F, F, T, T]), _bools([F, T, F, T])),
    "logical_xor/broadcast": lambda: tf.logical_xor(tf.tensor2d([[T], [F]]), tf.tensor1d([T, F, T], "bool")),
    "logical_xor/numbers": lambda: tf.logical_xor([1, 0, 3], [1, 1, 0]),
    "logical_xor/empty": lambda: tf.logical_xor(tf.zeros([0], "bool"), tf.zeros([0], "bool")),
    "logical_not/1d": lambda: tf.logical_not(_bools([T, F])),
    "logical_not/2d": lambda: tf.logical_not(tf.tensor2d([[T, F], [F, F]])),
    "logical_not/numbers": lambda: tf.logical_not([0, 1, 0.4, -2]),
    "logical_not/scalar": lambda: tf.logical_not(tf.scalar(F)),
    "logical_not/empty": lambda: tf.logical_not(tf.zeros([0, 2], "bool")),
    "where/float": lambda: tf.where(
        _bools([T, F, T, F]), tf.tensor([1, nan, -0.0, inf]), tf.tensor([-1, 2, 0, -0.0])
    ),
    "where/int32": lambda: tf.where(_bools([T, F]), i32([2147483647, 1]), i32([0, -2147483648])),
    "where/mixed": lambda: tf.where(
        _bools([T, F, T]), i32([16777217, 2, 2147483647]), tf.tensor([0.5, 1.5, 2.5])
    ),
    "where/bool": lambda: tf.where(_bools([T, F, T]), _bools([T, T, F]), _bools([F, F, T])),
    "where/bool_int32": lambda: tf.where(_bools([T, F]), _bools([T, T]), i32([5, 6])),
    "where/2d": lambda: tf.where(
        tf.tensor2d([[T, F], [F, T]]), tf.tensor2d([[1, 2], [3, 4]]), tf.tensor2d([[5, 6], [7, 8]])
    ),
    "where/scalar_condition": lambda: tf.where(
        tf.scalar(F), tf.tensor2d([[1, 2], [3, 4]]), tf.tensor2d([[5, 6], [7, 8]])
    ),
    "where/condition_row": lambda: tf.where(
        tf.tensor1d([T, F, T], "bool"), tf.tensor2d(list(r(6)), [2, 3]), tf.zeros([2, 3])
    ),
    "where/condition_column": lambda: tf.where(
        tf.tensor2d([[T], [F]]), tf.tensor2d(list(r(6)), [2, 3]), tf.scalar(-1)
    ),
    "where/broadcast_all": lambda: tf.where(
        tf.tensor3d([T, F], [2, 1, 1]), tf.tensor1d([1, 2, 3]), tf.tensor2d([[10], [20]])
    ),
    "where/numbers": lambda: tf.where([1, 0, 0.7], [1, 2, 3], [4, 5, 6]),
    "where/scalars": lambda: tf.where(T, 3, 4),
    "where/empty": lambda: tf.where(tf.zeros([0, 2], "bool"), tf.zeros([0, 2]), tf.scalar(1)),
    "where/condition_float": lambda: tf.where(tf.tensor([1, 0]), tf.tensor([1, 2]), tf.tensor([3, 4])),
    "where/string_values": lambda: tf.where(_bools([T]), tf.tensor(["a"]), tf.tensor(["b"])),
    "where_async/2d": lambda: tf.where_async(tf.tensor2d([[F, T], [T, T]])),
    "where_async/1d": lambda: tf.where_async(_bools([F, T, F, T, T])),
    "where_async/3d": lambda: tf.where_async(tf.tensor3d([T, F, F, F, F, F, T, T], [2, 2, 2])),
    "where_async/none_true": lambda: tf.where_async(tf.tensor2d([[F, F], [F, F]])),
    "where_async/scalar_true": lambda: tf.where_async(tf.scalar(T)),
    "where_async/scalar_false": lambda: tf.where_async(tf.scalar(F)),
    "where_async/empty": lambda: tf.where_async(tf.zeros([0, 3], "bool")),
    "where_async/numbers": lambda: tf.where_async([0, 2, 0.4, -1]),
}
