from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import RAGGED_TENSOR_TO_TENSOR
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor

# TF.js's RowPartitionType names; its cpu kernel handles FIRST_DIM_SIZE, VALUE_ROWIDS and
# ROW_SPLITS, and names the others in its errors.
ROW_PARTITION_TYPES = (
    "FIRST_DIM_SIZE",
    "VALUE_ROWIDS",
    "ROW_LENGTHS",
    "ROW_SPLITS",
    "ROW_LIMITS",
    "ROW_STARTS",
)


@op
def ragged_tensor_to_tensor(
    shape: TensorLike,
    values: TensorLike,
    default_value: TensorLike,
    row_partition_tensors: Sequence[TensorLike],
    row_partition_types: Sequence[str],
) -> Tensor:
    """A dense tensor from a ragged one (flat `values` and one row partition per ragged
    dimension), padded with `default_value` and cut to `shape` (-1 in `shape`: the
    natural size of that dimension). `row_partition_types` name the partitions in
    order: "ROW_SPLITS", or "FIRST_DIM_SIZE" followed by "VALUE_ROWIDS".

    >>> tf.ragged_tensor_to_tensor(
    ...     [-1, -1], [1, 2, 3, 4, 5], 0, [tf.tensor1d([0, 2, 2, 5], "int32")], ["ROW_SPLITS"]
    ... ).array_sync()
    [[1.0, 2.0, 0.0], [0.0, 0.0, 0.0], [3.0, 4.0, 5.0]]
    """
    name = "ragged_tensor_to_tensor"
    shape_t = convert_to_tensor(shape, "shape", name, "int32")
    values_t = convert_to_tensor(values, "values", name)
    default_t = convert_to_tensor(default_value, "defaultValue", name, values_t.dtype)
    if not isinstance(row_partition_tensors, (list, tuple)):
        raise TypeError(
            f"{name}: rowPartitionTensors must be a list of int32 tensors, "
            f"got {type(row_partition_tensors).__name__}"
        )
    partitions = [
        convert_to_tensor(t, f"tensors{i}", name, "int32") for i, t in enumerate(row_partition_tensors)
    ]
    if not isinstance(row_partition_types, (list, tuple)) or not all(
        isinstance(t, str) for t in row_partition_types
    ):
        raise TypeError(f"{name}: rowPartitionTypes must be a list of strings, got {row_partition_types!r}")
    if not partitions:
        raise ValueError(f"{name}: rowPartitionTensors must hold at least one tensor")
    if len(partitions) != len(row_partition_types):
        raise ValueError(
            f"{name}: rowPartitionTensors and rowPartitionTypes must have the same length, got "
            f"{len(partitions)} tensors and {len(row_partition_types)} types"
        )
    if shape_t.rank > 1:
        raise ValueError(f"{name}: shape must be a scalar or a vector, got shape {list(shape_t.shape)}")
    for i, (kind, partition) in enumerate(zip(row_partition_types, partitions, strict=True)):
        if kind not in ROW_PARTITION_TYPES:
            raise ValueError(
                f"{name}: rowPartitionTypes[{i}] is {kind!r}, not one of {', '.join(ROW_PARTITION_TYPES)}"
            )
        if partition.rank > 1:
            raise ValueError(
                f"{name}: rowPartitionTensors[{i}] must be 1-D, got shape {list(partition.shape)}"
            )
    inputs = {
        "shape": shape_t,
        "values": values_t,
        "default_value": default_t,
        "row_partition_tensors": partitions,
    }
    attrs = {"row_partition_types": list(row_partition_types)}
    return ENGINE.run_kernel(RAGGED_TENSOR_TO_TENSOR, inputs, attrs)
