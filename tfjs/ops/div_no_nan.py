from __future__ import annotations

from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.div import div
from tfjs.ops.equal import equal
from tfjs.ops.operation import op
from tfjs.ops.where import where
from tfjs.ops.zeros_like import zeros_like
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def div_no_nan(a: TensorLike, b: TensorLike) -> Tensor:
    """Divides two tensors element-wise, A / B, giving 0 wherever B is 0 (even for 0 / 0).
    Supports broadcasting; two int32 tensors divide as `div` does.

    >>> tf.div_no_nan(tf.tensor1d([2, 4, 6, 8]), tf.tensor1d([1, 0, 0, 2])).array_sync()
    [2.0, 0.0, 0.0, 4.0]
    """
    a, b = binary_inputs(a, b, "div_no_nan")
    assert_not_complex(a, "div_no_nan", "a", "divNoNan")  # its equal(b, 0) takes no complex64
    quotient = div(a, b)
    zeros = zeros_like(quotient)
    return where(equal(b, zeros), zeros, quotient)
