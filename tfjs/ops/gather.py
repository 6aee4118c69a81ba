from __future__ import annotations

import math

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import GATHER_V2
from tfjs.kernel_registry import register_gradient
from tfjs.ops.axis_util import parse_first_axis
from tfjs.ops.operation import op
from tfjs.ops.slicing_util import assert_cpu_takes_complex, is_int
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def gather(x: TensorLike, indices: TensorLike, axis: int = 0, batch_dims: int = 0) -> Tensor:
    """Gathers slices of `x` along `axis` at `indices` (int32). With `batch_dims`, the
    first `batch_dims` axes of `x` and `indices` are batch axes: each batch gathers with
    its own indices. An index outside `[0, x.shape[axis] - 1]` is an error.

    >>> tf.gather(tf.tensor1d([1, 2, 3, 4]), tf.tensor1d([1, 3, 3], "int32")).array_sync()
    [2.0, 4.0, 4.0]
    >>> tf.gather(tf.tensor2d([[1, 2], [3, 4]]), [[1], [0]], 1, 1).array_sync()
    [[2.0], [3.0]]
    """
    x_tensor = convert_to_tensor(x, "x", "gather")
    index = convert_to_tensor(indices, "indices", "gather", "int32")
    assert_cpu_takes_complex(x_tensor, "gatherV2", "gather")
    axis = parse_first_axis(axis, x_tensor.shape, "gather")
    assert_indices_in_range(index, x_tensor.shape[axis], "gather")
    batch_dims = _check_batch_dims(x_tensor.shape, index.shape, axis, batch_dims)
    return ENGINE.run_kernel(
        GATHER_V2, {"x": x_tensor, "indices": index}, {"axis": axis, "batch_dims": batch_dims}
    )


def assert_indices_in_range(index: Tensor, size: int, op_name: str) -> None:
    """Every index must be in [0, size - 1] (TF.js's cpu GatherV2 checks them all)."""
    values = index._values()
    # As unsigned numbers, negative indices are above 2**31: one pass checks both ends.
    if values.size == 0 or values.view(np.uint32).max() < size:
        return
    bad = values.flat[np.flatnonzero((values < 0) | (values >= size))[0]]
    raise IndexError(f"{op_name}: GatherV2: the index value {bad} is not in [0, {size - 1}]")


def _check_batch_dims(
    shape: tuple[int, ...], indices_shape: tuple[int, ...], axis: int, batch_dims: int
) -> int:
    """`batch_dims` resolved (negative counts from the indices' rank), checked as TF.js's
    collectGatherOpShapeInfo checks it."""
    if batch_dims is None:
        return 0
    if not is_int(batch_dims):
        raise TypeError(f"gather: batch_dims must be an integer, got {batch_dims!r}")
    indices_rank = len(indices_shape)
    if batch_dims != 0 and not -indices_rank <= batch_dims <= indices_rank:
        raise ValueError(
            f"gather: Expect batchDims in the range of [-{indices_rank}, {indices_rank}], "
            f"but got {batch_dims}"
        )
    if batch_dims < 0:
        batch_dims += indices_rank
    if batch_dims > len(shape):
        raise ValueError(f"gather: batchDims ({batch_dims}) must be less than rank(x) ({len(shape)}).")
    if axis < batch_dims:
        raise ValueError(f"gather: batchDims ({batch_dims}) must be less than or equal to axis ({axis}).")
    for i in range(batch_dims):
        if shape[i] != indices_shape[i]:
            raise ValueError(
                f"gather: x.shape[{i}]: {shape[i]} should be equal to indices.shape[{i}]: {indices_shape[i]}."
            )
    return int(batch_dims)


@register_gradient(GATHER_V2, save_inputs=("x", "indices"))
def _gather_grad(dy: Tensor, x: Tensor, indices: Tensor, axis: int, batch_dims: int) -> dict[str, Tensor]:
    """TF.js's: the slices of `dy` summed into the rows they were gathered from, with
    unsorted_segment_sum over `dy` with the indices' axes first. TF.js loops over the
    batch for batch_dims 1 (and fails for more); here the batches sum at once, each one's
    ids shifted to its own segments, unless `dy` holds a NaN or an infinity: TF.js's
    segment sum spreads those to the other segments of their column, so then the batches
    sum one at a time, as in TF.js. The indices get a zero gradient (TF.js returns the
    int32 indices, which its tape then refuses)."""
    from tfjs.ops.concat import concat
    from tfjs.ops.reshape import reshape
    from tfjs.ops.slice import slice as slice_
    from tfjs.ops.zeros import zeros

    shape = x.shape
    batch = math.prod(shape[:batch_dims])
    outer = math.prod(shape[batch_dims:axis])
    count = math.prod(indices.shape[batch_dims:])
    values = reshape(dy, [batch, outer, count, math.prod(shape[axis + 1 :])])
    ids = reshape(indices, [batch, count])
    if batch > 1 and outer * count > 0 and not np.isfinite(dy._values()).all():
        pieces = [
            _sum_into_rows(slice_(values, [b], [1]), slice_(ids, [b], [1]), shape[axis]) for b in range(batch)
        ]
        grad = concat(pieces)
    else:
        grad = _sum_into_rows(values, ids, shape[axis])
    return {"x": reshape(grad, list(shape)), "indices": zeros(list(indices.shape))}


def _sum_into_rows(values: Tensor, ids: Tensor, rows: int) -> Tensor:
    """[batch, outer, count, inner] values summed into [batch, outer, rows, inner] at the
    [batch, count] row ids."""
    from tfjs.ops.add import add
    from tfjs.ops.reshape import reshape
    from tfjs.ops.tensor import tensor
    from tfjs.ops.transpose import transpose
    from tfjs.ops.unsorted_segment_sum import unsorted_segment_sum

    batch, outer, count, inner = values.shape
    if outer > 1:
        values = transpose(values, [0, 2, 1, 3])
    if batch > 1:
        ids = add(ids, tensor(np.arange(batch).reshape(batch, 1) * rows, dtype="int32"))
    sums = unsorted_segment_sum(
        reshape(values, [batch * count, outer, inner]), reshape(ids, [batch * count]), batch * rows
    )
    sums = reshape(sums, [batch, rows, outer, inner])
    return transpose(sums, [0, 2, 1, 3]) if outer > 1 else sums
