"""What sparse_segment_sum and sparse_segment_mean share: their input checks."""

from __future__ import annotations

from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


def segment_inputs(
    data: TensorLike, indices: TensorLike, segment_ids: TensorLike, name: str, indent: int
) -> dict[str, Tensor]:
    """The kernel's inputs, checked as TF.js checks them (its messages break the line and
    indent the shape by `indent` spaces, which differ between the two ops)."""
    data_t = convert_to_tensor(data, "data", name)
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
