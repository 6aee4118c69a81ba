from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SPARSE_SEGMENT_SUM
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def sparse_segment_sum(data: TensorLike, indices: TensorLike, segment_ids: TensorLike) -> Tensor:
    """Computes the sum along sparse segments of a tensor: output row `segment_ids[i]` sums
    the rows `data[indices[i]]` (segment ids sorted; segments that get no row are 0).

    >>> c = tf.tensor2d([[1, 2, 3, 4], [-1, -2, -3, -4], [5, 6, 7, 8]])
    >>> indices, segment_ids = tf.tensor1d([0, 1], "int32"), tf.tensor1d([0, 0], "int32")
    >>> tf.sparse.sparse_segment_sum(c, indices, segment_ids).array_sync()
    [[0.0, 0.0, 0.0, 0.0]]
    >>> tf.sparse.sparse_segment_sum(c, [0, 1, 2], [0, 0, 2]).array_sync()
    [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [5.0, 6.0, 7.0, 8.0]]
    """
    name = "sparse_segment_sum"
    data_t = convert_to_tensor(data, "data", name)
    indices_t = convert_to_tensor(indices, "indices", name, "int32")
    ids_t = convert_to_tensor(segment_ids, "segmentIds", name, "int32")
    if data_t.rank < 1:
        raise ValueError(f"{name}: Data should be at least 1 dimensional but received scalar")
    if indices_t.rank != 1:
        raise ValueError(
            f"{name}: Indices should be Tensor1D but received shape\n         {_text(indices_t.shape)}"
        )
    if ids_t.rank != 1:
        raise ValueError(
            f"{name}: Segment ids should be Tensor1D but received shape\n         {_text(ids_t.shape)}"
        )
    if indices_t.shape[0] != ids_t.shape[0]:
        raise ValueError(
            f"{name}: segmentIds and indices should have same size. Got indices of shape "
            f"{list(indices_t.shape)} and segmentIds of shape {list(ids_t.shape)}"
        )
    return ENGINE.run_kernel(SPARSE_SEGMENT_SUM, {"data": data_t, "indices": indices_t, "segment_ids": ids_t})


def _text(shape: tuple[int, ...]) -> str:
    return ",".join(str(d) for d in shape)
