from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SPARSE_SEGMENT_SUM
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.sparse.segment_util import segment_inputs, sparse_segment_grad
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


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
    inputs = segment_inputs(data, indices, segment_ids, "sparse_segment_sum", indent=9)
    return ENGINE.run_kernel(SPARSE_SEGMENT_SUM, inputs)


@register_gradient(SPARSE_SEGMENT_SUM, save_inputs=("data", "indices", "segment_ids"))
def _sparse_segment_sum_grad(
    dy: Tensor, data: Tensor, indices: Tensor, segment_ids: Tensor
) -> dict[str, Tensor]:
    return sparse_segment_grad(dy, data, indices, segment_ids, mean=False)
