"""Operations / Ragged."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec


def _i32(values):
    return tf.tensor1d(values, "int32")


def _range_ref(starts, limits, deltas):
    return np.concatenate([np.arange(*row) for row in zip(starts, limits, deltas, strict=True)])


def _rows_dense(v: np.ndarray, d: np.ndarray) -> np.ndarray:
    """Rows [[v0], [], [v1, v2, v3]] (of 3 values each) padded with `d` and cut to two
    per row: v3 is cut off."""
    out = np.broadcast_to(d, (3, 2, 3)).copy()
    out[0, 0], out[2, 0], out[2, 1] = v[0], v[1], v[2]
    return out


SPECS: list[OpSpec] = [
    OpSpec(
        "ragged_gather",
        lambda x: tf.ragged_gather([_i32([0, 2, 3, 6])], x, _i32([2, 0, 2]), 1).output_dense_values,
        lambda x: x[[3, 4, 5, 0, 1, 3, 4, 5]],
        (((6, 2), F32),),
        F32,
        differentiable=False,  # RaggedGather is in NON_DIFFERENTIABLE (TF.js has no gradient)
    ),
    OpSpec(
        "ragged_gather",
        lambda x: tf.ragged_gather([_i32([0, 2, 3, 6])], x, _i32([2, 0, 1]), 1).output_nested_splits[0],
        lambda x: np.array([0, 3, 5, 6]),
        (((6,), I32),),
        I32,
        id_suffix="splits",
    ),
    OpSpec(
        "ragged_range",
        lambda s: tf.ragged_range(s, tf.add(s, _i32([5, 0, 9, -3])), _i32([2, 1, 3, -1])).rt_dense_values,
        lambda s: _range_ref(s, s + np.array([5, 0, 9, -3]), [2, 1, 3, -1]),
        (((4,), I32),),
        I32,
    ),
    OpSpec(
        "ragged_range",
        lambda s: tf.ragged_range(s, 6, 1.5).rt_dense_values,
        lambda s: _range_ref(s, [6] * 3, [1.5] * 3),
        (((3,), F32),),
        F32,
        id_suffix="float32",
        differentiable=False,  # RaggedRange: the starts decide how many values there are
    ),
    OpSpec(
        "ragged_tensor_to_tensor",
        lambda v: tf.ragged_tensor_to_tensor([-1, -1], v, -1, [_i32([0, 3, 3, 5])], ["ROW_SPLITS"]),
        lambda v: np.array([[v[0], v[1], v[2]], [-1, -1, -1], [v[3], v[4], -1]]),
        (((5,), F32),),
        F32,
    ),
    OpSpec(
        "ragged_tensor_to_tensor",
        lambda v, d: tf.ragged_tensor_to_tensor(
            [-1, 2, 3], v, d, [tf.scalar(3, "int32"), _i32([0, 2, 2, 2])], ["FIRST_DIM_SIZE", "VALUE_ROWIDS"]
        ),
        _rows_dense,
        (((4, 3), F32), ((3,), F32)),
        F32,
        id_suffix="inner-dims-cut-default",
    ),
    OpSpec(
        "ragged_tensor_to_tensor",
        lambda v: tf.ragged_tensor_to_tensor(
            [3, 2], v, 0, [tf.scalar(3, "int32"), _i32([0, 0, 0, 2])], ["FIRST_DIM_SIZE", "VALUE_ROWIDS"]
        ),
        lambda v: np.array([[v[0], v[1]], [0, 0], [v[3], 0]]),
        (((4,), I32),),
        I32,
        id_suffix="value_rowids",
    ),
]
