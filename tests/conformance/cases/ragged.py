"""Operations / Ragged: ragged_gather, ragged_range, ragged_tensor_to_tensor."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan


def gather(*args):
    r = tf.ragged_gather(*args)
    return [*r.output_nested_splits, r.output_dense_values]


def rrange(*args):
    return list(tf.ragged_range(*args))


to_tensor = tf.ragged_tensor_to_tensor
SPLITS = ["ROW_SPLITS"]
ROWIDS = ["FIRST_DIM_SIZE", "VALUE_ROWIDS"]

CASES = {
    "ragged_gather/basic": lambda: gather([i32([0, 2, 3, 6])], [1, 2, 3, 4, 5, 6], i32([2, 0]), 1),
    "ragged_gather/repeat_and_empty_rows": lambda: gather(
        [i32([0, 0, 2, 2, 5])], [nan, inf, -0.0, -inf, 1e-30], i32([1, 0, 1, 3, 2]), 1
    ),
    "ragged_gather/indices_2d": lambda: gather(
        [i32([0, 2, 3, 6])], [1, 2, 3, 4, 5, 6], i32([0, 1, 2, 2, 1, 0], [2, 3]), 2
    ),
    "ragged_gather/indices_scalar": lambda: gather(
        [i32([0, 2, 3, 6])], [1, 2, 3, 4, 5, 6], tf.scalar(2, "int32"), 0
    ),
    "ragged_gather/nested": lambda: gather(
        [i32([0, 2, 3]), i32([0, 1, 3, 6])], [10, 20, 30, 40, 50, 60], i32([1, 0, 1]), 2
    ),
    "ragged_gather/values_2d": lambda: gather(
        [i32([0, 1, 3])], tf.tensor2d([[1, 2], [3, 4], [5, 6]]), i32([1, 0]), 1
    ),
    "ragged_gather/int32_values": lambda: gather(
        [i32([0, 1, 3])], i32([2147483647, -2147483648, 7]), i32([1, 1, 0]), 1
    ),
    "ragged_gather/bool_values": lambda: gather(
        [i32([0, 1, 3])], tf.tensor([True, False, True]), i32([1]), 1
    ),
    "ragged_gather/empty_indices": lambda: gather([i32([0, 1, 3])], [1, 2, 3], i32([]), 1),
    "ragged_gather/bad_index": lambda: gather([i32([0, 1, 3])], [1, 2, 3], i32([0, 2]), 1),
    "ragged_gather/bad_index_2d": lambda: gather([i32([0, 1, 3])], [1, 2, 3], i32([0, 1, -1, 0], [2, 2]), 2),
    "ragged_gather/splits_unsorted": lambda: gather([i32([0, 2, 1, 3])], [1, 2, 3], i32([0]), 1),
    "ragged_gather/splits_past_values": lambda: gather([i32([0, 2, 4])], [1, 2, 3], i32([0]), 1),
    "ragged_gather/splits_negative": lambda: gather([i32([-1, 2, 3])], [1, 2, 3], i32([0]), 1),
    "ragged_gather/params_scalar": lambda: gather([i32([0, 1])], tf.scalar(1), i32([0]), 1),
    "ragged_gather/splits_scalar": lambda: gather([tf.scalar(1, "int32")], [1, 2, 3], i32([0]), 1),
    "ragged_gather/no_splits": lambda: gather([], [1, 2, 3], i32([0]), 1),
    "ragged_range/int32": lambda: rrange(i32([0, 5, 8, 5]), i32([3, 3, 12, 5]), i32([2, 1, 1, 1])),
    "ragged_range/int32_negative_delta": lambda: rrange(
        i32([10, 0, -3]), i32([0, 10, -10]), i32([-3, -4, -2])
    ),
    "ragged_range/scalar_broadcast": lambda: rrange(i32([0, 1, 2]), 5, tf.scalar(2, "int32")),
    "ragged_range/all_scalars": lambda: rrange(0, 1, 0.25),
    "ragged_range/float_steps": lambda: rrange([0, 1, -1], [1, 0, 1], [0.1, -0.3, 0.7]),
    "ragged_range/float_accumulates": lambda: rrange([0.1], [2.0], [0.1]),
    "ragged_range/float_large_small": lambda: rrange(
        [1e30, 1e-30, -0.0], [1.5e30, 1e-29, 3], [1e29, 3e-30, 1.5]
    ),
    "ragged_range/int32_limits": lambda: rrange(
        i32([2147483640, -2147483648]), i32([2147483647, -2147483645]), i32([3, 1])
    ),
    "ragged_range/empty_vectors": lambda: rrange(i32([]), i32([]), i32([])),
    "ragged_range/nan_limit": lambda: rrange([0, 0, 0], [2, nan, 3], [1, 1, 1]),
    "ragged_range/inf_limit": lambda: rrange([0], [inf], [1]),
    "ragged_range/zero_delta": lambda: rrange([0, 1], [2, 3], [1, 0]),
    "ragged_range/shape_mismatch": lambda: rrange([0, 1], [2, 3, 4], 1),
    "ragged_range/rank2": lambda: rrange([[0]], [2], 1),
    "ragged_tensor_to_tensor/row_splits": lambda: to_tensor(
        [-1, -1], [1, 2, 3, 4, 5], 0, [i32([0, 2, 2, 5])], SPLITS
    ),
    "ragged_tensor_to_tensor/bigger_shape": lambda: to_tensor(
        [4, 5], [1, 2, 3, 4, 5], 9, [i32([0, 2, 2, 5])], SPLITS
    ),
    "ragged_tensor_to_tensor/smaller_shape": lambda: to_tensor(
        [2, 2], [1, 2, 3, 4, 5], -1, [i32([0, 2, 2, 5])], SPLITS
    ),
    "ragged_tensor_to_tensor/partial_shape": lambda: to_tensor(
        [-1, 2], [1, 2, 3, 4, 5], -1, [i32([0, 2, 2, 5])], SPLITS
    ),
    "ragged_tensor_to_tensor/int32": lambda: to_tensor(
        i32([-1, -1]), i32([2147483647, -2147483648, 3]), tf.scalar(-7, "int32"), [i32([0, 1, 3])], SPLITS
    ),
    "ragged_tensor_to_tensor/special_values": lambda: to_tensor(
        [-1, -1], [nan, -0.0, inf], nan, [i32([0, 0, 3])], SPLITS
    ),
    "ragged_tensor_to_tensor/value_rowids": lambda: to_tensor(
        [-1, -1], [1, 2, 3, 4, 5, 6], 0, [tf.scalar(4, "int32"), i32([0, 0, 1, 3, 3, 3])], ROWIDS
    ),
    "ragged_tensor_to_tensor/value_rowids_cut": lambda: to_tensor(
        [3, 2], [1, 2, 3, 4, 5, 6], 0, [tf.scalar(4, "int32"), i32([0, 0, 1, 3, 3, 3])], ROWIDS
    ),
    "ragged_tensor_to_tensor/nested_splits": lambda: to_tensor(
        [-1, -1, -1], [1, 2, 3, 4, 5, 6, 7], 0, [i32([0, 2, 3]), i32([0, 1, 4, 7])], SPLITS * 2
    ),
    "ragged_tensor_to_tensor/nested_cut": lambda: to_tensor(
        [2, 2, 2], [1, 2, 3, 4, 5, 6, 7], 0, [i32([0, 2, 3]), i32([0, 1, 4, 7])], SPLITS * 2
    ),
    "ragged_tensor_to_tensor/mixed_partitions": lambda: to_tensor(
        [-1, -1, -1],
        [1, 2, 3, 4, 5],
        0,
        [tf.scalar(3, "int32"), i32([0, 0, 2]), i32([0, 2, 3, 5])],
        [*ROWIDS, "ROW_SPLITS"],
    ),
    "ragged_tensor_to_tensor/values_2d": lambda: to_tensor(
        [-1, -1, 2], tf.tensor2d([[1, 2], [3, 4], [5, 6]]), 0, [i32([0, 1, 3])], SPLITS
    ),
    "ragged_tensor_to_tensor/values_2d_vector_default": lambda: to_tensor(
        [-1, -1, 2], tf.tensor2d([[1, 2], [3, 4], [5, 6]]), [7, 8], [i32([0, 1, 3])], SPLITS
    ),
    "ragged_tensor_to_tensor/values_2d_unknown_inner": lambda: to_tensor(
        [-1, -1, -1], tf.tensor2d([[1, 2], [3, 4], [5, 6]]), 0, [i32([0, 1, 3])], SPLITS
    ),
    "ragged_tensor_to_tensor/nested_values_2d": lambda: to_tensor(
        [-1, -1, -1, 2],
        tf.tensor2d([[1, 2], [3, 4], [5, 6], [7, 8]]),
        0,
        [i32([0, 1, 2]), i32([0, 3, 4])],
        SPLITS * 2,
    ),
    "ragged_tensor_to_tensor/empty_values": lambda: to_tensor([-1, -1], [], 0, [i32([0, 0, 0])], SPLITS),
    "ragged_tensor_to_tensor/empty_rows_wide": lambda: to_tensor([2, 3], [], 5, [i32([0, 0, 0])], SPLITS),
    "ragged_tensor_to_tensor/rank_mismatch": lambda: to_tensor(
        [-1, -1, -1], [1, 2, 3], 0, [i32([0, 1, 3])], SPLITS
    ),
    "ragged_tensor_to_tensor/default_rank": lambda: to_tensor(
        [-1, -1], [1, 2, 3], [0], [i32([0, 1, 3])], SPLITS
    ),
    "ragged_tensor_to_tensor/bad_dim": lambda: to_tensor([-2, -1], [1, 2, 3], 0, [i32([0, 1, 3])], SPLITS),
    "ragged_tensor_to_tensor/rowids_first": lambda: to_tensor(
        [-1, -1], [1, 2, 3], 0, [i32([0, 1, 1])], ["VALUE_ROWIDS"]
    ),
    "ragged_tensor_to_tensor/bad_row_splits": lambda: to_tensor(
        [-1, -1], [1, 2, 3], 0, [i32([0, 1, 2])], SPLITS
    ),
    "ragged_tensor_to_tensor/row_id_too_big": lambda: to_tensor(
        [-1, -1], [1, 2, 3], 0, [tf.scalar(2, "int32"), i32([0, 1, 2])], ROWIDS
    ),
    "ragged_tensor_to_tensor/first_row_id_too_big": lambda: to_tensor(
        [-1, -1], [1, 2, 3], 0, [tf.scalar(2, "int32"), i32([5, 5, 5])], ROWIDS
    ),
    "ragged_tensor_to_tensor/empty_first_partition": lambda: to_tensor([-1, -1], [], 0, [i32([])], SPLITS),
    "ragged_tensor_to_tensor/splits_too_long": lambda: to_tensor(
        [-1, -1, -1], [1, 2, 3], 0, [i32([0, 1]), i32([0, 1, 2, 3])], SPLITS * 2
    ),
    "ragged_tensor_to_tensor/scalar_shape": lambda: to_tensor(
        tf.scalar(-1, "int32"), [1, 2, 3], 0, [i32([0, 1, 3])], SPLITS
    ),
}

KNOWN_DIFFERENCES = {
    # TF.js 4.22 pads with 0 instead of a non-scalar defaultValue: its RaggedTensorToTensor
    # kernel copies the broadcast default into `outputBase.slice(...)`, a copy, so the
    # writes are lost. Here the padding is [7, 8], as the op's documentation says.
    "ragged_tensor_to_tensor/values_2d_vector_default",
    # TF.js 4.22 reads the output shape's dimension for values.shape[i] at the index given
    # by a *value* of the shape (combineRaggedTensorToTensorShapes), so a -1 for an inner
    # dimension stays -1 ("Dimension -1 must be >= 0"), and with two ragged dimensions the
    # last ragged one is forced to the inner size (here 2, cutting rows of 3). Here the
    # inner dimensions come from values.shape, as TensorFlow's op does.
    "ragged_tensor_to_tensor/values_2d_unknown_inner",
    "ragged_tensor_to_tensor/nested_values_2d",
}
