"""Mappers of TF.js's `ragged` ops: ragged tensors as row splits and flat values."""

from __future__ import annotations

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.tensor import Tensor


@tf_op("RaggedGather")
def ragged_gather(*xs: Tensor, OUTPUT_RAGGED_RANK: int = 0) -> list[Tensor]:
    # Inputs: the params' nested splits (a list), its dense values, then the indices.
    if len(xs) < 2:
        raise ValueError(
            f"RaggedGather: expected the params' splits, values and indices, got {len(xs)} inputs"
        )
    result = ops.ragged_gather(list(xs[:-2]), xs[-2], xs[-1], OUTPUT_RAGGED_RANK)
    return [*result.output_nested_splits, result.output_dense_values]


@tf_op("RaggedRange")
def ragged_range(starts: Tensor, limits: Tensor, deltas: Tensor) -> list[Tensor]:
    result = ops.ragged_range(starts, limits, deltas)
    return [result.rt_nested_splits, result.rt_dense_values]


@tf_op("RaggedTensorToTensor")
def ragged_tensor_to_tensor(
    shape: Tensor,
    values: Tensor,
    default_value: Tensor,
    *row_partition_tensors: Tensor,
    row_partition_types: list[str] | None = None,
) -> Tensor:
    # TensorFlow names the partition types in capitals ("ROW_SPLITS"); TF.js's converter
    # lower-cases string attributes, which its kernel then does not recognise.
    types = [t.upper() for t in row_partition_types or []]
    return ops.ragged_tensor_to_tensor(shape, values, default_value, list(row_partition_tensors), types)
