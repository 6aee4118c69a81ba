from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import DIV
from tfjs.ops.binary_util import binary_inputs
from tfjs.ops.floor_div import floor_div
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def div(a: TensorLike, b: TensorLike) -> Tensor:
    """Divides two tensors element-wise, A / B. Supports broadcasting. Two int32 tensors
    divide as `floor_div` does and give int32, as in TF.js.

    >>> tf.div(tf.tensor1d([1, 4, 9]), tf.tensor1d([2, 2, 3])).array_sync()
    [0.5, 2.0, 3.0]
    """
    a, b = binary_inputs(a, b, "div")
    if a.dtype == "int32":
        return floor_div(a, b)
    return ENGINE.run_kernel(DIV, {"a": a, "b": b})
