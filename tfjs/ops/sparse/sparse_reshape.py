from __future__ import annotations

from typing import NamedTuple

from tfjs.engine import ENGINE
from tfjs.kernel_names import SPARSE_RESHAPE
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


class SparseReshapeResult(NamedTuple):
    output_indices: Tensor
    output_shape: Tensor


@op
def sparse_reshape(
    input_indices: TensorLike, input_shape: TensorLike, new_shape: TensorLike
) -> SparseReshapeResult:
    """Reshapes a sparse tensor: its `input_indices` (N x R_in) recomputed for `new_shape`
    (one entry may be -1, inferred), as `reshape` would move the dense values. Returns
    `output_indices` (N x R_out) and `output_shape` (`new_shape` with -1 filled in).

    >>> indices = [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 2, 3]]
    >>> r = tf.sparse.sparse_reshape(indices, [2, 3, 6], [9, -1])
    >>> r.output_indices.array_sync(), r.output_shape.array_sync()
    ([[0, 0], [0, 1], [1, 2], [4, 2], [8, 1]], [9, 4])
    """
    name = "sparse_reshape"
    indices_t = convert_to_tensor(input_indices, "inputIndices", name, "int32")
    shape_t = convert_to_tensor(input_shape, "inputShape", name, "int32")
    new_shape_t = convert_to_tensor(new_shape, "newShape", name, "int32")
    if indices_t.rank != 2:
        raise ValueError(
            f"{name}: Input indices should be Tensor2D but received shape\n        {_text(indices_t.shape)}"
        )
    if shape_t.rank != 1:
        raise ValueError(f"{name}: Input shape should be Tensor1D but received shape {_text(shape_t.shape)}")
    if new_shape_t.rank != 1:
        raise ValueError(
            f"{name}: New shape should be Tensor1D but received shape {_text(new_shape_t.shape)}"
        )
    if indices_t.shape[1] != shape_t.shape[0]:
        raise ValueError(
            f"{name}: inputIndices of shape {list(indices_t.shape)} must have one column per dimension "
            f"of inputShape, which has {shape_t.shape[0]}"
        )
    inputs = {"input_indices": indices_t, "input_shape": shape_t, "new_shape": new_shape_t}
    return SparseReshapeResult(*ENGINE.run_kernel(SPARSE_RESHAPE, inputs))


def _text(shape: tuple[int, ...]) -> str:
    return ",".join(str(d) for d in shape)
