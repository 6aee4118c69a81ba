from __future__ import annotations

from typing import NamedTuple

from tfjs.engine import ENGINE
from tfjs.kernel_names import RAGGED_RANGE
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


class RaggedRangeResult(NamedTuple):
    rt_nested_splits: Tensor
    rt_dense_values: Tensor


@op
def ragged_range(starts: TensorLike, limits: TensorLike, deltas: TensorLike) -> RaggedRangeResult:
    """A ragged tensor of ranges: row i is [starts[i], starts[i] + deltas[i], ...) up to
    limits[i]. Each argument is a scalar (used for every row) or a vector. Returns its
    row splits `rt_nested_splits` (int32) and flat values `rt_dense_values`.

    >>> r = tf.ragged_range(tf.tensor1d([0, 5, 8], "int32"), tf.tensor1d([3, 3, 12], "int32"), 2)
    >>> r.rt_nested_splits.array_sync(), r.rt_dense_values.array_sync()
    ([0, 2, 2, 4], [0, 2, 8, 10])
    """
    name = "ragged_range"
    starts_t = convert_to_tensor(starts, "starts", name)
    limits_t = convert_to_tensor(limits, "limits", name, starts_t.dtype)
    deltas_t = convert_to_tensor(deltas, "deltas", name, starts_t.dtype)
    if starts_t.dtype not in ("float32", "int32"):
        raise TypeError(f"{name}: starts must be a float32 or int32 tensor, got {starts_t.dtype}")
    for arg, tensor in (("starts", starts_t), ("limits", limits_t), ("deltas", deltas_t)):
        if tensor.rank > 1:
            raise ValueError(f"{name}: {arg} must be a scalar or vector, got shape {list(tensor.shape)}")
    sizes = {t.shape[0] for t in (starts_t, limits_t, deltas_t) if t.rank == 1}
    if len(sizes) > 1:
        raise ValueError(
            f"{name}: starts, limits, and deltas must have the same shape, got "
            f"{list(starts_t.shape)}, {list(limits_t.shape)} and {list(deltas_t.shape)}"
        )
    inputs = {"starts": starts_t, "limits": limits_t, "deltas": deltas_t}
    return RaggedRangeResult(*ENGINE.run_kernel(RAGGED_RANGE, inputs))
