from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SQUARED_DIFFERENCE
from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def squared_difference(a: TensorLike, b: TensorLike) -> Tensor:
    """Returns (a - b) * (a - b) element-wise. Supports broadcasting.

    >>> tf.squared_difference(tf.tensor1d([1, 4, 3, 16]), tf.tensor1d([1, 2, 9, 4])).array_sync()
    [0.0, 4.0, 36.0, 144.0]
    """
    a, b = binary_inputs(a, b, "squared_difference")
    assert_not_complex(a, "squared_difference", "a")
    return ENGINE.run_kernel(SQUARED_DIFFERENCE, {"a": a, "b": b})
