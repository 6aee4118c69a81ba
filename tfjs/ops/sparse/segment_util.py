"""What sparse_segment_sum and sparse_segment_mean share: their input checks and their
gradient."""

from __future__ import annotations

from tfjs.ops.binary_util import assert_not_complex
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


def segment_inputs(
    data: TensorLike, indices: TensorLike, segment_ids: TensorLike, name: str, indent: int
) -> dict[str, Tensor]:
    """The kernel's inputs, checked as TF.js checks them (its messages break the line and
    indent the shape by `indent` spaces, which differ between the two ops)."""
    data_t = assert_not_complex(convert_to_tensor(data, "data", name), name, "data")
    indices_t = convert_to_tensor(indices, "indices", name, "int32")
    ids_t = convert_to_tensor(segment_ids, "segmentIds", name, "int32")
    if data_t.rank < 1:
        raise ValueError(f"{name}: Data should be at least 1 dimensional but received scalar")
    for tensor, what in ((indices_t, "Indices"), (ids_t, "Segment ids")):
        if tensor.rank != 1:
            shape = ",".join(str(d) for d in tensor.shape)
            raise ValueError(f"{name}: {what} should be Tensor1D but received shape\n{' ' * indent}{shape}")
    if indices_t.shape[0] != ids_t.shape[0]:
        raise ValueError(
            f"{name}: segmentIds and indices should have same size. Got indices of shape "
            f"{list(indices_t.shape)} and segmentIds of shape {list(ids_t.shape)}"
        )
    return {"data": data_t, "indices": indices_t, "segment_ids": ids_t}


def sparse_segment_grad(
    dy: Tensor, data: Tensor, indices: Tensor, segment_ids: Tensor, mean: bool
) -> dict[str, Tensor]:
    """TF.js has no gradient for these; TensorFlow's (math_grad.py): each segment's
    gradient, over its row count for the mean, added back into the rows of `data` it was
    gathered from (scatter_nd sums repeated indices; unlike unsorted_segment_sum it keeps
    a non-finite gradient to its own row). The int32 inputs get a zero gradient."""
    from tfjs.ops.div import div
    from tfjs.ops.gather import gather
    from tfjs.ops.ones import ones
    from tfjs.ops.reshape import reshape
    from tfjs.ops.scatter_nd import scatter_nd
    from tfjs.ops.unsorted_segment_sum import unsorted_segment_sum
    from tfjs.ops.zeros import zeros

    count = segment_ids.shape[0]
    if count == 0 or data.size == 0:
        dx = zeros(list(data.shape))
    else:
        rows = gather(dy, segment_ids)
        if mean:
            sizes = unsorted_segment_sum(ones([count]), segment_ids, dy.shape[0])
            rows = div(rows, reshape(gather(sizes, segment_ids), [count] + [1] * (dy.rank - 1)))
        dx = scatter_nd(reshape(indices, [count, 1]), rows, list(data.shape))
    return {"data": dx, "indices": zeros([count]), "segment_ids": zeros([count])}
