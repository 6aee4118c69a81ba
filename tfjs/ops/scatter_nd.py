from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import SCATTER_ND
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.slicing_util import is_int
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list, js_text
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def scatter_nd(indices: TensorLike, updates: TensorLike, shape: Sequence[int]) -> Tensor:
    """A tensor of `shape`, zero except for `updates` added at `indices` (int32; the last
    axis of `indices` indexes the first axes of `shape`; repeated indices add up).

    >>> tf.scatter_nd([[0], [2], [0]], tf.tensor1d([1, 2, 3]), [4]).array_sync()
    [4.0, 0.0, 2.0, 0.0]
    """
    if not isinstance(shape, (list, tuple)) or not all(is_int(d) and d >= 0 for d in shape):
        raise ValueError(
            "scatter_nd: Tensor must have a shape comprised of positive integers but got shape "
            f"[{js_list(shape) if isinstance(shape, (list, tuple)) else js_text(shape)}]."
        )
    shape = tuple(int(d) for d in shape)
    index = convert_to_tensor(indices, "indices", "scatter_nd", "int32")
    values = convert_to_tensor(updates, "updates", "scatter_nd")
    validate_scatter(values, index, shape, "scatter_nd")
    check_tensor_size(shape, values.dtype, "scatter_nd")
    return ENGINE.run_kernel(SCATTER_ND, {"indices": index, "updates": values}, {"shape": shape})


def validate_scatter(updates: Tensor, indices: Tensor, shape: tuple[int, ...], op_name: str) -> None:
    """TF.js's scatter_nd_util.validateInput: ranks and shapes."""
    if indices.rank < 1:
        raise ValueError(
            f"{op_name}: tf.scatterND() expects the indices to be rank 1 or higher, "
            f"but the rank was {indices.rank}."
        )
    if updates.rank < 1:
        raise ValueError(
            f"{op_name}: tf.scatterND() expects the updates to be rank 1 or higher, "
            f"but the rank was {updates.rank}."
        )
    if len(shape) < 1:
        raise ValueError(
            f"{op_name}: Output rank must be greater or equal to 1, but got shape: {js_list(shape)}"
        )
    _validate_update_shape(shape, indices, updates, op_name)


def _validate_update_shape(shape: tuple[int, ...], indices: Tensor, updates: Tensor, op_name: str) -> None:
    slice_dim = indices.shape[-1] if indices.rank > 1 else 1
    batch_dim = indices.rank - 1 if indices.rank > 1 else 1
    problem = None
    if updates.rank < batch_dim:
        problem = f" update.rank < {batch_dim}. "
    elif len(shape) < slice_dim + (updates.rank - batch_dim):
        problem = f" Output shape length < {slice_dim + (updates.rank - batch_dim)}"
    elif updates.rank != batch_dim + len(shape) - slice_dim:
        problem = f" update.rank != {batch_dim + len(shape) - slice_dim}"
    else:
        for d in range(batch_dim):
            if updates.shape[d] != indices.shape[d]:
                problem = (
                    f" updates.shape[{d}] ({updates.shape[d]}) != indices.shape[{d}] ({indices.shape[d]})."
                )
                break
        else:
            for d in range(updates.rank - batch_dim):
                if updates.shape[d + batch_dim] != shape[d + slice_dim]:
                    # TF.js's message names shape[d + batchDim] where it compares shape[d + sliceDim].
                    shown = shape[d + batch_dim] if d + batch_dim < len(shape) else "undefined"
                    problem = (
                        f" updates.shape[{d + batch_dim}] ({updates.shape[d + batch_dim]}) "
                        f"!= shape[{d + batch_dim}] ({shown})"
                    )
                    break
    if problem is not None:
        raise ValueError(
            f"{op_name}: Must have updates.shape = indices.shape[:batchDim] + shape[sliceDim:], "
            "got updates.shape: "
            f"{js_list(updates.shape)}, indices.shape: {js_list(indices.shape)}, shape: {js_list(shape)}, "
            f"sliceDim: {slice_dim}, and batchDim: {batch_dim}.{problem}"
        )


def index_vectors(indices: Tensor) -> Tensor:
    """`indices` as scatter_nd reads them: a 1-D tensor holds one-number vectors."""
    from tfjs.ops.reshape import reshape

    return reshape(indices, [indices.shape[0], 1]) if indices.rank == 1 else indices


def gather_updates(dy: Tensor, indices: Tensor, updates_shape: tuple[int, ...]) -> Tensor:
    """The slices of `dy` that each update went to (zeros where it went nowhere)."""
    from tfjs.ops.gather_nd import gather_nd
    from tfjs.ops.reshape import reshape
    from tfjs.ops.zeros import zeros

    vectors = index_vectors(indices)
    if vectors.shape[-1] == 0 or dy.size == 0:  # no slice is written
        return zeros(list(updates_shape))
    return reshape(gather_nd(dy, vectors), list(updates_shape))


@register_gradient(SCATTER_ND, save_inputs=("indices", "updates"))
def _scatter_nd_grad(dy: Tensor, indices: Tensor, updates: Tensor) -> dict[str, Tensor]:
    """TF.js has none; TensorFlow's: each update gets the slice of `dy` it was added to.
    The indices get a zero gradient."""
    from tfjs.ops.zeros import zeros

    return {"updates": gather_updates(dy, indices, updates.shape), "indices": zeros(list(indices.shape))}
