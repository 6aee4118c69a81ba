"""tf.sparse: sparse_fill_empty_rows, sparse_reshape, sparse_segment_mean, sparse_segment_sum."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r


def fill(*args):
    return list(tf.sparse.sparse_fill_empty_rows(*args))


def reshape(*args):
    return list(tf.sparse.sparse_reshape(*args))


seg_sum = tf.sparse.sparse_segment_sum
seg_mean = tf.sparse.sparse_segment_mean


def c():
    return tf.tensor2d([[1, 2, 3, 4], [-1, -2, -3, -4], [6, 7, 8, 9]])


CASES = {
    "fill_empty_rows/doc": lambda: fill(
        [[0, 0], [1, 0], [1, 3], [1, 4], [3, 2], [3, 3]], [0, 10, 13, 14, 32, 33], [5, 6], -1
    ),
    "fill_empty_rows/all_full": lambda: fill([[0, 1], [1, 0], [2, 2]], [nan, -0.0, inf], [3, 3], 5),
    "fill_empty_rows/unordered": lambda: fill([[2, 1], [0, 0], [2, 0], [0, 2]], [1, 2, 3, 4], [4, 3], 7),
    "fill_empty_rows/int32": lambda: fill(
        i32([0, 0, 2, 1], [2, 2]), i32([2147483647, -2147483648]), [4, 2], tf.scalar(-1, "int32")
    ),
    "fill_empty_rows/rank3": lambda: fill([[1, 1, 1], [1, 0, 2]], [1.5, 2.5], [3, 2, 3], nan),
    "fill_empty_rows/no_values": lambda: fill(tf.zeros([0, 2], "int32"), tf.zeros([0]), [3, 2], 4),
    "fill_empty_rows/no_rows": lambda: fill(tf.zeros([0, 2], "int32"), tf.zeros([0]), [0, 2], 4),
    "fill_empty_rows/rows_zero_with_values": lambda: fill([[0, 0]], [1], [0, 2], 4),
    "fill_empty_rows/negative_row": lambda: fill([[0, 0], [-1, 0]], [1, 2], [2, 2], 0),
    "fill_empty_rows/row_too_big": lambda: fill([[0, 0], [2, 0]], [1, 2], [2, 2], 0),
    "fill_empty_rows/indices_rank": lambda: fill([0, 1], [1, 2], [2, 2], 0),
    "fill_empty_rows/values_rank": lambda: fill([[0, 0]], [[1]], [2, 2], 0),
    "fill_empty_rows/dense_shape_rank": lambda: fill([[0, 0]], [1], [[2, 2]], 0),
    "fill_empty_rows/default_rank": lambda: fill([[0, 0]], [1], [2, 2], [0]),
    "reshape/doc": lambda: reshape(
        [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 2, 3]], [2, 3, 6], [9, -1]
    ),
    "reshape/explicit": lambda: reshape([[0, 0, 0], [1, 2, 3]], [2, 3, 6], [6, 6]),
    "reshape/to_rank3": lambda: reshape([[0, 5], [3, 1], [5, 3]], [6, 6], [2, -1, 3]),
    "reshape/to_rank1": lambda: reshape([[0, 5], [3, 1]], [6, 6], [-1]),
    "reshape/empty": lambda: reshape(tf.zeros([0, 2], "int32"), [3, 4], [2, 6]),
    "reshape/zero_size": lambda: reshape(tf.zeros([0, 2], "int32"), [0, 4], [2, 0, 3]),
    "reshape/two_unknown": lambda: reshape([[0, 0]], [2, 3], [-1, -1]),
    "reshape/negative": lambda: reshape([[0, 0]], [2, 3], [-2, 3]),
    "reshape/mismatch": lambda: reshape([[0, 0]], [2, 3], [2, 2]),
    "reshape/not_multiple": lambda: reshape([[0, 0]], [2, 3], [4, -1]),
    "reshape/zero_with_unknown": lambda: reshape([[0, 0]], [2, 3], [0, -1]),
    "reshape/indices_rank": lambda: reshape([0, 0], [2, 3], [6]),
    "reshape/shape_rank": lambda: reshape([[0, 0]], [[2, 3]], [6]),
    "reshape/new_shape_rank": lambda: reshape([[0, 0]], [2, 3], [[6]]),
    "segment_sum/doc_one_segment": lambda: seg_sum(c(), i32([0, 1]), i32([0, 0])),
    "segment_sum/two_segments": lambda: seg_sum(c(), i32([0, 1]), i32([0, 1])),
    "segment_sum/all_rows": lambda: seg_sum(c(), i32([0, 1, 2]), i32([0, 0, 1])),
    "segment_sum/gaps": lambda: seg_sum(c(), i32([2, 0, 1]), i32([1, 1, 4])),
    "segment_sum/float_order": lambda: seg_sum(
        [1e8, 1, -1e8, 1, 3.3, 0.1], i32([0, 1, 2, 3, 4, 5]), i32([0, 0, 0, 0, 1, 1])
    ),
    "segment_sum/special": lambda: seg_sum(
        [nan, inf, -inf, -0.0, 1], i32([1, 2, 3, 3, 0]), i32([0, 0, 1, 2, 2])
    ),
    "segment_sum/negative_zero": lambda: seg_sum([-0.0, -0.0], i32([0, 1]), i32([0, 0])),
    "segment_sum/int32_wraps": lambda: seg_sum(
        i32([2147483647, 1, -2147483648, -1]), i32([0, 1, 2, 3]), i32([0, 0, 1, 1])
    ),
    "segment_sum/data_3d": lambda: seg_sum(
        tf.tensor3d(list(r(12)), [3, 2, 2]), i32([2, 2, 0]), i32([0, 1, 1])
    ),
    "segment_sum/no_indices": lambda: seg_sum(c(), i32([]), i32([])),
    "segment_sum/not_increasing": lambda: seg_sum(c(), i32([0, 1, 2]), i32([1, 0, 0])),
    "segment_sum/index_out_of_range": lambda: seg_sum(c(), i32([0, 3]), i32([0, 1])),
    "segment_sum/negative_index": lambda: seg_sum(c(), i32([-1, 0]), i32([0, 1])),
    "segment_sum/negative_ids": lambda: seg_sum(c(), i32([0, 1]), i32([-1, -1])),
    "segment_sum/negative_first_id": lambda: seg_sum(c(), i32([0, 1]), i32([-2, 0])),
    "segment_sum/size_mismatch": lambda: seg_sum(c(), i32([0, 1]), i32([0])),
    "segment_sum/data_scalar": lambda: seg_sum(tf.scalar(1), i32([0]), i32([0])),
    "segment_sum/indices_rank": lambda: seg_sum(c(), i32([0, 1], [1, 2]), i32([0, 0])),
    "segment_sum/ids_rank": lambda: seg_sum(c(), i32([0, 1]), i32([0, 0], [2, 1])),
    "segment_sum/bool_data": lambda: seg_sum(tf.tensor([True, True, False]), i32([0, 1, 2]), i32([0, 0, 1])),
    "segment_mean/doc_one_segment": lambda: seg_mean(c(), i32([0, 1]), i32([0, 0])),
    "segment_mean/all_rows": lambda: seg_mean(c(), i32([0, 1, 2]), i32([0, 1, 1])),
    "segment_mean/gaps": lambda: seg_mean(c(), i32([2, 0, 1]), i32([1, 1, 3])),
    "segment_mean/thirds": lambda: seg_mean([1, 1, 2, 0.1], i32([0, 1, 2, 3]), i32([0, 0, 0, 1])),
    "segment_mean/int32_truncates": lambda: seg_mean(
        i32([7, -8, 1, -1, 3]), i32([0, 1, 2, 3, 4]), i32([0, 1, 1, 2, 2])
    ),
    "segment_mean/special": lambda: seg_mean(
        [nan, inf, -inf, -0.0, 1e38], i32([1, 2, 3, 4, 4]), i32([0, 1, 1, 2, 3])
    ),
    "segment_mean/large": lambda: seg_mean([3e38, 3e38, 1e-45], i32([0, 1, 2]), i32([0, 0, 1])),
    "segment_mean/no_indices": lambda: seg_mean(c(), i32([]), i32([])),
    "segment_mean/not_increasing": lambda: seg_mean(c(), i32([0, 1]), i32([1, 0])),
    "segment_mean/index_out_of_range": lambda: seg_mean(c(), i32([5]), i32([0])),
    "segment_mean/indices_rank": lambda: seg_mean(c(), i32([0, 1], [1, 2]), i32([0, 0])),
    "segment_mean/ids_rank": lambda: seg_mean(c(), i32([0, 1]), i32([0, 0], [2, 1])),
}

KNOWN_DIFFERENCES = {
    # TF.js sums bool data into the bool tensor's Uint8Array, giving a "bool" tensor that
    # holds 2; a bool tensor here holds only true and false (the sum 2 is true).
    "segment_sum/bool_data",
}
