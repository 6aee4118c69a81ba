"""Mappers of TF.js's `sparse` ops (`tf.sparse`): sparse tensors as indices, values and
a dense shape."""

from __future__ import annotations

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.tensor import Tensor


@tf_op("SparseFillEmptyRows")
def sparse_fill_empty_rows(
    indices: Tensor, values: Tensor, dense_shape: Tensor, default_value: Tensor
) -> list[Tensor]:
    result = ops.sparse.sparse_fill_empty_rows(indices, values, dense_shape, default_value)
    return [result.output_indices, result.output_values, result.empty_row_indicator, result.reverse_index_map]


@tf_op("SparseReshape")
def sparse_reshape(input_indices: Tensor, input_shape: Tensor, new_shape: Tensor) -> list[Tensor]:
    result = ops.sparse.sparse_reshape(input_indices, input_shape, new_shape)
    return [result.output_indices, result.output_shape]


@tf_op("SparseSegmentMean")
def sparse_segment_mean(data: Tensor, indices: Tensor, segment_ids: Tensor) -> Tensor:
    return ops.sparse.sparse_segment_mean(data, indices, segment_ids)


@tf_op("SparseSegmentSum")
def sparse_segment_sum(data: Tensor, indices: Tensor, segment_ids: Tensor) -> Tensor:
    return ops.sparse.sparse_segment_sum(data, indices, segment_ids)
