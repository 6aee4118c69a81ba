from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SPARSE_SEGMENT_MEAN
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.sparse.segment_util import segment_inputs, sparse_segment_grad
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def sparse_segment_mean(data: TensorLike, indices: TensorLike, segment_ids: TensorLike) -> Tensor:
    """Computes the mean along sparse segments of a tensor: output row `segment_ids[i]`
    averages the rows `data[indices[i]]` (segment ids sorted; segments that get no row
    are 0). int32 data gives int32 means, truncated.

    >>> c = tf.tensor2d([[1, 2, 3, 4], [-1, -2, -3, -4], [6, 7, 8, 9]])
    >>> indices, segment_ids = tf.tensor1d([0, 1, 2], "int32"), tf.tensor1d([0, 1, 1], "int32")
    >>> tf.sparse.sparse_segment_mean(c, indices, segment_ids).array_sync()
    [[1.0, 2.0, 3.0, 4.0], [2.5, 2.5, 2.5, 2.5]]
    """
    inputs = segment_inputs(data, indices, segment_ids, "sparse_segment_mean", indent=10)
    return ENGINE.run_kernel(SPARSE_SEGMENT_MEAN, inputs)


@register_gradient(SPARSE_SEGMENT_MEAN, save_inputs=("data", "indices", "segment_ids"))
def _sparse_segment_mean_grad(
    dy: Tensor, data: Tensor, indices: Tensor, segment_ids: Tensor
) -> dict[str, Tensor]:
    return sparse_segment_grad(dy, data, indices, segment_ids, mean=True)
