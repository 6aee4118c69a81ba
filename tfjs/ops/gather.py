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
    batch_dims = _check_batch_dims(x_tensor.shape, index.shape, axis, batch_dims)
    return ENGINE.run_kernel(
        GATHER_V2, {"x": x_tensor, "indices": index}, {"axis": axis, "batch_dims": batch_dims}
    )


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
    ids shifted to its own segments. TF.js's segment sum spreads a NaN or an infinity to
    the other segments of its column, within its batch only: with batches, the finite
    values are summed and the non-finite ones counted, on the device, and the counts put
    the NaNs and infinities where TF.js's loop leaves them. The indices get a zero
    gradient (TF.js returns the int32 indices, which its tape then refuses)."""
    from tfjs.ops.reshape import reshape
    from tfjs.ops.zeros import zeros

    shape = x.shape
    batch = math.prod(shape[:batch_dims])
    outer = math.prod(shape[batch_dims:axis])
    count = math.prod(indices.shape[batch_dims:])
    values = reshape(dy, [batch, outer, count, math.prod(shape[axis + 1 :])])
    ids = reshape(indices, [batch, count])
    if batch > 1 and outer * count > 0:
        grad = _sum_into_rows_by_batch(values, ids, shape[axis])
    else:
        grad = _sum_into_rows(values, ids, shape[axis])
    return {"x": reshape(grad, list(shape)), "indices": zeros(list(indices.shape))}


def _sum_into_rows_by_batch(values: Tensor, ids: Tensor, rows: int) -> Tensor:
    """_sum_into_rows with each batch's NaNs and infinities kept to its own rows, as
    TF.js's per-batch segment sums leave them: a row is NaN where its column holds a NaN,
    a non-finite value in another row, or both infinities; else ±Infinity where its own
    values hold one; else the sum of its finite values."""
    from tfjs.ops.cast import cast
    from tfjs.ops.equal import equal
    from tfjs.ops.greater import greater
    from tfjs.ops.is_finite import is_finite
    from tfjs.ops.is_nan import is_nan
    from tfjs.ops.logical_and import logical_and
    from tfjs.ops.logical_or import logical_or
    from tfjs.ops.reshape import reshape
    from tfjs.ops.stack import stack
    from tfjs.ops.sub import sub
    from tfjs.ops.sum import sum as sum_
    from tfjs.ops.unstack import unstack
    from tfjs.ops.where import where
    from tfjs.ops.zeros_like import zeros_like

    batch, outer, count, inner = values.shape
    sums = _sum_into_rows(where(is_finite(values), values, zeros_like(values)), ids, rows)
    sums = reshape(sums, [batch, outer, rows, inner])
    kinds = cast(stack([is_nan(values), equal(values, math.inf), equal(values, -math.inf)], -1), "float32")
    counts = _sum_into_rows(reshape(kinds, [batch, outer, count, inner * 3]), ids, rows)
    counts = reshape(counts, [batch, outer, rows, inner, 3])
    here = sum_(counts, -1)
    elsewhere = greater(sub(sum_(here, 2, True), here), 0)
    nan_here, pos_here, neg_here = (greater(c, 0) for c in unstack(counts, -1))
    nan = logical_or(logical_or(elsewhere, nan_here), logical_and(pos_here, neg_here))
    return where(nan, math.nan, where(pos_here, math.inf, where(neg_here, -math.inf, sums)))


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
