from __future__ import annotations

import math

from tfjs.engine import ENGINE
from tfjs.kernel_names import GATHER_ND
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def gather_nd(x: TensorLike, indices: TensorLike) -> Tensor:
    """Gathers slices of `x` at index vectors: the last axis of `indices` (int32) indexes
    the first axes of `x`, and the result has shape
    `indices.shape[:-1] + x.shape[indices.shape[-1]:]`.

    >>> tf.gather_nd(tf.tensor2d([[1, 2], [3, 4]]), [[1, 0], [0, 1]]).array_sync()
    [3.0, 2.0]
    >>> tf.gather_nd(tf.tensor2d([[1, 2], [3, 4]]), [[1]]).array_sync()
    [[3.0, 4.0]]
    """
    index = convert_to_tensor(indices, "indices", "gather_nd", "int32")
    x_tensor = convert_to_tensor(x, "x", "gather_nd", "string_or_numeric")
    shape = x_tensor.shape
    if x_tensor.rank < 1:
        raise ValueError(
            "gather_nd: tf.gatherND() expects the input to be rank 1 or higher, "
            f"but the rank was {x_tensor.rank}."
        )
    if index.rank < 1:
        raise ValueError(
            "gather_nd: tf.gatherND() expects the indices to be rank 1 or higher, "
            f"but the rank was {index.rank}."
        )
    slice_rank = index.shape[-1]
    if slice_rank > x_tensor.rank:
        raise ValueError(
            "gather_nd: index innermost dimension length must be <= tensor rank; saw: "
            f"{slice_rank} vs. {x_tensor.rank}"
        )
    if x_tensor.size == 0:
        raise ValueError(
            f"gather_nd: Requested more than 0 entries, but input is empty. Input shape: {js_list(shape)}."
        )
    return ENGINE.run_kernel(GATHER_ND, {"params": x_tensor, "indices": index})


@register_gradient(GATHER_ND, save_inputs=("params", "indices"))
def _gather_nd_grad(dy: Tensor, params: Tensor, indices: Tensor) -> dict[str, Tensor]:
    """TF.js has none; TensorFlow's: `dy`'s slices scattered (repeats adding up) into
    zeros of the params' shape. The indices get a zero gradient."""
    from tfjs.ops.reshape import reshape
    from tfjs.ops.scatter_nd import scatter_nd
    from tfjs.ops.sum import sum as sum_
    from tfjs.ops.zeros import zeros

    slice_rank = indices.shape[-1]
    count = math.prod(indices.shape[:-1])
    rows = reshape(dy, [count, *params.shape[slice_rank:]])
    if slice_rank == 0:  # every index vector picked the whole tensor
        grad = sum_(rows, 0)
    else:  # as a list of index vectors, so that a 1-D index is one vector for scatter_nd too
        grad = scatter_nd(reshape(indices, [count, slice_rank]), rows, list(params.shape))
    return {"params": grad, "indices": zeros(list(indices.shape))}
