from __future__ import annotations

import math

from tfjs.engine import ENGINE
from tfjs.kernel_names import TENSOR_SCATTER_UPDATE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.scatter_nd import gather_updates, index_vectors, validate_scatter
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
    from tfjs.ops.reshape import reshape
    from tfjs.ops.zeros import zeros

    vectors = index_vectors(indices)
    grad_tensor = tensor_scatter_update(dy, vectors, zeros(list(updates.shape)))
    grad_updates = gather_updates(dy, indices, updates.shape)
    if vectors.shape[-1] and vectors.size and dy.size:  # else no update reaches dy
        batch_shape = updates.shape[: vectors.rank - 1]
        last = last_writes(vectors, tensor.shape, batch_shape)
        ones = [1] * (updates.rank - len(batch_shape))
        grad_updates = mul(grad_updates, reshape(last, [*batch_shape, *ones]))
    return {"tensor": grad_tensor, "updates": grad_updates, "indices": zeros(list(indices.shape))}


def last_writes(vectors: Tensor, shape: tuple[int, ...], batch_shape: tuple[int, ...]) -> Tensor:
    """1 for each index vector (of `batch_shape`) that is the last to write its slice of
    `shape`, 0 for one a later vector overwrites: each vector's number is written at its
    slice (the last write wins, as in the kernel) and read back, all on the device."""
    from tfjs.ops.cast import cast
    from tfjs.ops.equal import equal
    from tfjs.ops.fill import fill
    from tfjs.ops.gather_nd import gather_nd
    from tfjs.ops.range import range as range_
    from tfjs.ops.reshape import reshape

    slots = list(shape[: vectors.shape[-1]])
    numbers = reshape(range_(0, math.prod(batch_shape), 1, "int32"), list(batch_shape))
    writers = tensor_scatter_update(fill(slots, -1, "int32"), vectors, numbers)
    return cast(equal(gather_nd(writers, vectors), numbers), "float32")
