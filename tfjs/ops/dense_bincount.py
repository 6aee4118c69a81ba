from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import DENSE_BINCOUNT
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import bincount_inputs, check_flag
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike


@op
def dense_bincount(x: TensorLike, weights: TensorLike, size: int, binary_output: bool = False) -> Tensor:
    """bincount of a 1-D int32 `x`, or of each row of a 2-D one (a [rows, size] result);
    for 2-D `x`, `binary_output` marks with 1 whether a value occurs instead of counting
    (TF.js's kernel ignores it for 1-D `x`).

    >>> x = tf.tensor2d([[1, 1, 3], [0, 2, 2]], [2, 3], "int32")
    >>> tf.dense_bincount(x, [], 3, True).array_sync()
    [[0.0, 1.0, 0.0], [1.0, 0.0, 1.0]]
    """
    x_tensor, weights_tensor, size = bincount_inputs(x, weights, size, "dense_bincount", "shape")
    if x_tensor.rank > 2:
        raise ValueError(
            f"Error in dense_bincount: input must be at most rank 2, but got rank {x_tensor.rank}."
        )
    rows = x_tensor.shape[:1] if x_tensor.rank == 2 else ()
    check_tensor_size([*rows, size], weights_tensor.dtype, "dense_bincount")
    return ENGINE.run_kernel(
        DENSE_BINCOUNT,
        {"x": x_tensor, "weights": weights_tensor},
        {"size": size, "binary_output": check_flag(binary_output, "dense_bincount", "binary_output")},
    )
