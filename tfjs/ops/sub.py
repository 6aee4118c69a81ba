from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SUB
from tfjs.ops.binary_util import binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def sub(a: TensorLike, b: TensorLike) -> Tensor:
    """Subtracts two tensors element-wise, A - B. Supports broadcasting.

    >>> tf.sub(tf.tensor1d([10, 20]), tf.scalar(5)).array_sync()
    [5.0, 15.0]
    """
    a, b = binary_inputs(a, b, "sub")
    return ENGINE.run_kernel(SUB, {"a": a, "b": b})
