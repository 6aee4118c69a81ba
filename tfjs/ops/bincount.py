from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import BINCOUNT
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import bincount_inputs
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike


@op
def bincount(x: TensorLike, weights: TensorLike, size: int) -> Tensor:
    """Counts how often each value in [0, size) occurs in the int32 tensor `x`, or sums
    the `weights` at those positions; the result has `size` bins and the weights' dtype
    (float32 for an empty list). Values >= size are not counted.

    >>> tf.bincount(tf.tensor1d([1, 1, 2, 5], "int32"), [], 4).array_sync()
    [0.0, 2.0, 1.0, 0.0]
    """
    x_tensor, weights_tensor, size = bincount_inputs(x, weights, size, "bincount", "size")
    check_tensor_size([size], weights_tensor.dtype, "bincount")
    return ENGINE.run_kernel(BINCOUNT, {"x": x_tensor, "weights": weights_tensor}, {"size": size})
