from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import RAGGED_TENSOR_TO_TENSOR
from tfjs.kernel_registry import register_gradient
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
        if partition.rank > 1 or (partition.rank == 0 and kind != "FIRST_DIM_SIZE"):
            raise ValueError(
                f"{name}: rowPartitionTensors[{i}] ({kind}) must be 1-D, got shape {list(partition.shape)}"
            )
    inputs = {
        "shape": shape_t,
        "values": values_t,
        "default_value": default_t,
        "row_partition_tensors": partitions,
    }
    attrs = {"row_partition_types": list(row_partition_types)}
    return ENGINE.run_kernel(RAGGED_TENSOR_TO_TENSOR, inputs, attrs)


@register_gradient(
    RAGGED_TENSOR_TO_TENSOR, save_inputs=("shape", "values", "default_value", "row_partition_tensors")
)
def _ragged_tensor_to_tensor_grad(
    dy: Tensor,
    shape: Tensor,
    values: Tensor,
    default_value: Tensor,
    row_partition_tensors: list[Tensor],
    row_partition_types: list[str],
) -> dict[str, Tensor | list[Tensor]]:
    """TF.js has none; TensorFlow's: each value gets the gradient of the place it landed
    in (zero if the shape cut it off), the default value the sum of the gradients of the
    places it filled. Where each value landed is found by converting their positions.
    The shape and the row partitions get zero gradients."""
    from tfjs.ops.broadcast_util import sum_to_shape
    from tfjs.ops.cast import cast
    from tfjs.ops.equal import equal
    from tfjs.ops.fill import fill
    from tfjs.ops.greater_equal import greater_equal
    from tfjs.ops.mul import mul
    from tfjs.ops.range import range as range_
    from tfjs.ops.reshape import reshape
    from tfjs.ops.scatter_nd import scatter_nd
    from tfjs.ops.slice import slice as slice_
    from tfjs.ops.where import where
    from tfjs.ops.zeros import zeros

    # float32 holds positions exactly below 2**24; rows read past the end of the values are NaN
    inputs = {
        "shape": shape,
        "values": reshape(range_(0, values.size), list(values.shape)),
        "default_value": fill(list(default_value.shape), -1),
        "row_partition_tensors": row_partition_tensors,
    }
    placed = reshape(
        ENGINE.run_kernel(RAGGED_TENSOR_TO_TENSOR, inputs, {"row_partition_types": row_partition_types}), [-1]
    )
    # Each place's gradient goes to the value that landed there; the others (filled, or
    # NaN) to an extra slot past the values, dropped.
    sources = cast(where(greater_equal(placed, 0), placed, values.size), "int32")
    grad_values = scatter_nd(reshape(sources, [-1, 1]), reshape(dy, [-1]), [values.size + 1])
    grad_values = reshape(slice_(grad_values, [0], [values.size]), list(values.shape))
    filled = reshape(cast(equal(placed, -1), "float32"), list(dy.shape))
    return {
        "values": grad_values,
        "default_value": sum_to_shape(mul(dy, filled), default_value.shape),
        "shape": zeros(list(shape.shape)),
        "row_partition_tensors": [zeros(list(t.shape)) for t in row_partition_tensors],
    }
