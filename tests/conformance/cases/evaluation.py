"""Operations / Evaluation: topk, unique, in_top_k_async, math.confusion_matrix; and the
sorted-sequence searches search_sorted, lower_bound, upper_bound."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r

CASES = {
    "topk/sorted": lambda: list(tf.topk(tf.tensor2d([[1, 5, 3, 5], [-1, -inf, 2, 2]]), 2)),
    "topk/default_k": lambda: list(tf.topk(tf.tensor([3, 9, 1]))),
    "topk/ties_by_index": lambda: list(tf.topk(tf.tensor([0, -0.0, 1, -1, 0, -inf, inf]), 7)),
    "topk/int32": lambda: list(tf.topk(i32([3, 1, 3, -2147483648, 2147483647]), 3)),
    "topk/bool": lambda: list(tf.topk(tf.tensor([False, True, True]), 2)),
    "topk/k0": lambda: list(tf.topk(tf.tensor([1, 2]), 0)),
    "topk/empty_rows": lambda: list(tf.topk(tf.zeros([0, 3]), 2)),
    "topk/3d": lambda: list(tf.topk(tf.tensor3d([(v * 7) % 5 for v in r(12)], [2, 2, 3]), 2)),
    "topk/unsorted_all": lambda: list(tf.topk(tf.tensor([5, 1, 7, 3]), 4, False)),
    "topk/large_magnitudes": lambda: list(tf.topk(tf.tensor([1e-45, 3e38, -3e38, 1e-30]), 4)),
    "topk/k_too_large": lambda: tf.topk(tf.tensor([1, 2]), 3),
    "topk/k_negative": lambda: tf.topk(tf.tensor([1, 2]), -1),
    "topk/scalar": lambda: tf.topk(tf.scalar(1)),
    "unique/float": lambda: list(tf.unique(tf.tensor([1, 1, 2, 4, 4, 4, 7, 8, 8]))),
    "unique/nan_zero": lambda: list(tf.unique(tf.tensor([nan, nan, -0.0, 0, 1, inf, inf]))),
    "unique/int32": lambda: list(tf.unique(i32([-2147483648, 2147483647, -2147483648]))),
    "unique/bool": lambda: list(tf.unique(tf.tensor([True, False, True]))),
    "unique/string": lambda: list(tf.unique(tf.tensor(["a", "b", "a", "c"]))),
    "unique/axis0": lambda: list(tf.unique(tf.tensor2d([[1, 0], [1, 0], [2, 0]]), 0)),
    "unique/axis1": lambda: list(tf.unique(tf.tensor2d([[1, 0, 1], [1, 0, 1]]), 1)),
    "unique/negative_axis": lambda: list(tf.unique(tf.tensor3d([1, 2, 1, 2, 3, 4, 3, 4], [2, 2, 2]), -1)),
    "unique/string_rows": lambda: list(tf.unique(tf.tensor2d([["a", "b"], ["a", "b"], ["b", "a"]]), 0)),
    "unique/empty": lambda: list(tf.unique(tf.zeros([0]))),
    "unique/empty_slices": lambda: list(tf.unique(tf.zeros([3, 0]), 0)),
    "unique/scalar": lambda: tf.unique(tf.scalar(1)),
    "unique/complex": lambda: tf.unique(tf.tensor([1 + 3j, 2 + 4j])),
    "search_sorted/left": lambda: tf.search_sorted(
        tf.tensor([0, 3, 9, 10, 10]), tf.tensor([0, 4, 10, 11, -1])
    ),
    "search_sorted/right": lambda: tf.search_sorted(
        tf.tensor([0, 3, 9, 10, 10]), tf.tensor([0, 4, 10, 11, -1]), "right"
    ),
    "search_sorted/batched": lambda: tf.search_sorted(
        tf.tensor2d([[0, 3, 9, 10], [1, 2, 3, 4]]), tf.tensor2d([[2, 10], [4, 0]]), "right"
    ),
    "search_sorted/3d": lambda: tf.search_sorted(
        tf.tensor3d(list(r(8)), [2, 2, 2]), tf.tensor3d(list(r(8)), [2, 2, 2])
    ),
    "search_sorted/nan_inf": lambda: tf.search_sorted(
        tf.tensor([-inf, 1, 2, nan]), tf.tensor([nan, 2, inf, -inf])
    ),
    "search_sorted/int32": lambda: tf.search_sorted(i32([1, 2, 3]), tf.tensor([1.5, 2])),
    "search_sorted/unsorted": lambda: tf.search_sorted(
        tf.tensor([5, 1, 4, 2, 3]), tf.tensor([0, 3, 6]), "right"
    ),
    "search_sorted/negative_zero": lambda: tf.search_sorted(
        tf.tensor([-1, -0.0, 0, 1]), tf.tensor([0, -0.0]), "right"
    ),
    "lower_bound/1d": lambda: tf.lower_bound(tf.tensor([1, 2, 2, 3]), tf.tensor([2, 0, 4])),
    "upper_bound/1d": lambda: tf.upper_bound(tf.tensor([1, 2, 2, 3]), tf.tensor([2, 0, 4])),
    "in_top_k/k1": lambda: tf.in_top_k_async(tf.tensor2d([[1, 2, 3], [3, 2, 1]]), i32([2, 1])),
    "in_top_k/k2": lambda: tf.in_top_k_async(
        tf.tensor2d([[20, 10, 40, 30], [30, 50, -20, 10]]), i32([2, 0]), 2
    ),
    "in_top_k/ties": lambda: tf.in_top_k_async(
        tf.tensor2d([[1, 1, 1], [2, 2, 1], [0, -0.0, 0]]), i32([1, 1, 2]), 1
    ),
    "in_top_k/3d": lambda: tf.in_top_k_async(
        tf.tensor3d(list(r(12)), [2, 2, 3]), i32([2, 0, 1, 2], [2, 2]), 2
    ),
    "in_top_k/float_targets": lambda: tf.in_top_k_async(
        tf.tensor2d([[1, 2], [2, 1]]), tf.tensor([1, 0.5]), 2
    ),
    "in_top_k/out_of_range_target": lambda: tf.in_top_k_async(tf.tensor2d([[1, 2]]), i32([5]), 2),
    "in_top_k/inf": lambda: tf.in_top_k_async(tf.tensor2d([[-inf, 1, inf]]), i32([0]), 2),
    "confusion_matrix/int32": lambda: tf.math.confusion_matrix(i32([0, 1, 2, 1, 0]), i32([0, 2, 2, 1, 0]), 3),
    "confusion_matrix/float_truncates": lambda: tf.math.confusion_matrix(
        tf.tensor([0, 1, 5]), tf.tensor([1, 1.7, 0]), 3
    ),
    "confusion_matrix/negative": lambda: tf.math.confusion_matrix([-1, 1], [1, 0], 2),
    "confusion_matrix/empty": lambda: tf.math.confusion_matrix(i32([]), i32([]), 2),
    "confusion_matrix/mismatch": lambda: tf.math.confusion_matrix([0, 1], [1, 0, 1], 2),
}
