from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import TENSOR_SCATTER_UPDATE
from tfjs.ops.operation import op
from tfjs.ops.scatter_nd import assert_scatter_indices, validate_scatter
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def tensor_scatter_update(tensor: TensorLike, indices: TensorLike, updates: TensorLike) -> Tensor:
    """A copy of `tensor` with the slices at `indices` (int32; the last axis indexes the
    first axes of `tensor`) replaced by `updates`, which must have `tensor`'s dtype. For
    a repeated index the last update wins. `tensor` itself is not changed.

    >>> tf.tensor_scatter_update(tf.tensor1d([1, 2, 3, 4]), [[0], [2]], tf.tensor1d([10, 30])).array_sync()
    [10.0, 2.0, 30.0, 4.0]
    """
    target = convert_to_tensor(tensor, "tensor", "tensor_scatter_update")
    index = convert_to_tensor(indices, "indices", "tensor_scatter_update", "int32")
    values = convert_to_tensor(updates, "updates", "tensor_scatter_update")
    validate_scatter(values, index, target.shape, "tensor_scatter_update")
    if target.dtype != values.dtype:
        raise TypeError(
            "tensor_scatter_update: tensor and updates must have the same dtype, instead they are "
            f"{target.dtype} and {values.dtype}."
        )
    assert_scatter_indices(index, target.shape, "tensor_scatter_update")
    return ENGINE.run_kernel(TENSOR_SCATTER_UPDATE, {"tensor": target, "indices": index, "updates": values})
