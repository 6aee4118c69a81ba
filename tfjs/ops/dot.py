from __future__ import annotations

from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.mat_mul import mat_mul
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def dot(t1: TensorLike, t2: TensorLike) -> Tensor:
    """Computes the dot product of two matrices and/or vectors, `t1` and `t2` (each of
    rank 1 or 2): vector·vector is a scalar, matrix·vector and vector·matrix a vector.

    >>> tf.dot(tf.tensor1d([1, 2]), tf.tensor2d([[1, 2], [3, 4]])).array_sync()
    [7.0, 10.0]
    >>> tf.dot(tf.tensor1d([1, 2]), tf.tensor1d([3, 4])).array_sync()
    11.0
    """
    t1_tensor = convert_to_tensor(t1, "t1", "dot")
    t2_tensor = convert_to_tensor(t2, "t2", "dot")
    assert_not_complex(t1_tensor, "dot", "t1", "matMul")
    assert_not_complex(t2_tensor, "dot", "t2", "matMul")
    if t1_tensor.rank not in (1, 2) or t2_tensor.rank not in (1, 2):
        raise ValueError(
            f"Error in dot: inputs must all be rank 1 or 2, but got ranks {t1_tensor.rank} and "
            f"{t2_tensor.rank}."
        )
    t1_inner = t1_tensor.size if t1_tensor.rank == 1 else t1_tensor.shape[1]
    t2_inner = t2_tensor.size if t2_tensor.rank == 1 else t2_tensor.shape[0]
    if t1_inner != t2_inner:
        raise ValueError(
            f"Error in dot: inner dimensions of inputs must match, but got {t1_inner} and {t2_inner}. "
            f"(shapes {list(t1_tensor.shape)} and {list(t2_tensor.shape)})"
        )
    a = reshape(t1_tensor, [1, -1]) if t1_tensor.rank == 1 else t1_tensor
    b = reshape(t2_tensor, [-1, 1]) if t2_tensor.rank == 1 else t2_tensor
    product = mat_mul(a, b)
    if t1_tensor.rank == 1 and t2_tensor.rank == 1:
        return reshape(product, [])
    if t1_tensor.rank == 1 or t2_tensor.rank == 1:
        return reshape(product, [product.size])
    return product
