from __future__ import annotations

from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.mat_mul import mat_mul
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def outer_product(v1: TensorLike, v2: TensorLike) -> Tensor:
    """Computes the outer product of two vectors, `v1` and `v2`: a matrix of shape
    [len(v1), len(v2)].

    >>> tf.outer_product(tf.tensor1d([1, 2]), tf.tensor1d([3, 4, 5])).array_sync()
    [[3.0, 4.0, 5.0], [6.0, 8.0, 10.0]]
    """
    v1_tensor = convert_to_tensor(v1, "v1", "outer_product")
    v2_tensor = convert_to_tensor(v2, "v2", "outer_product")
    assert_not_complex(v1_tensor, "outer_product", "v1", "matMul")
    assert_not_complex(v2_tensor, "outer_product", "v2", "matMul")
    if v1_tensor.rank != 1 or v2_tensor.rank != 1:
        raise ValueError(
            f"Error in outer_product: inputs must be rank 1, but got ranks {v1_tensor.rank} and "
            f"{v2_tensor.rank} (shapes {list(v1_tensor.shape)} and {list(v2_tensor.shape)})."
        )
    return mat_mul(reshape(v1_tensor, [-1, 1]), reshape(v2_tensor, [1, -1]))
