from __future__ import annotations

import numpy as np

from tfjs.backend_util.gather_indices import flat_slice_indices
from tfjs.engine import ENGINE
from tfjs.kernel_names import TENSOR_SCATTER_UPDATE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.scatter_nd import assert_scatter_indices, gather_updates, index_vectors, validate_scatter
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


@register_gradient(TENSOR_SCATTER_UPDATE, save_inputs=("tensor", "indices", "updates"))
def _tensor_scatter_update_grad(
    dy: Tensor, tensor: Tensor, indices: Tensor, updates: Tensor
) -> dict[str, Tensor]:
    """TF.js has none. As TensorFlow's: the tensor's gradient is `dy` with the updated
    slices zeroed, each update's the slice of `dy` it was written to; unlike TensorFlow's,
    an update overwritten by a later one at the same index gets zero (it is not in the
    result). The indices get a zero gradient."""
    from tfjs.ops.mul import mul
    from tfjs.ops.tensor import tensor as make_tensor
    from tfjs.ops.zeros import zeros

    vectors = index_vectors(indices)
    grad_tensor = tensor_scatter_update(dy, vectors, zeros(list(updates.shape)))
    grad_updates = gather_updates(dy, indices, updates.shape)
    if vectors.shape[-1] and vectors.size:
        flat = flat_slice_indices(vectors._values(), tensor.shape)
        last = np.zeros(flat.shape, np.float32)
        last[len(flat) - 1 - np.unique(flat[::-1], return_index=True)[1]] = 1
        if not last.all():
            batch_shape = updates.shape[: vectors.rank - 1]
            mask = make_tensor(last.reshape(*batch_shape, *[1] * (updates.rank - len(batch_shape))))
            grad_updates = mul(grad_updates, mask)
    return {"tensor": grad_tensor, "updates": grad_updates, "indices": zeros(list(indices.shape))}
