from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import BITWISE_AND
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def bitwise_and(x: TensorLike, y: TensorLike) -> Tensor:
    """Bitwise `AND` of two int32 tensors of the same shape (no broadcasting).

    >>> x = tf.tensor1d([0, 5, 3, 14], "int32")
    >>> y = tf.tensor1d([5, 0, 7, 11], "int32")
    >>> tf.bitwise_and(x, y).array_sync()
    [0, 0, 3, 10]
    """
    x_tensor = convert_to_tensor(x, "x", "bitwise_and")
    y_tensor = convert_to_tensor(y, "y", "bitwise_and")
    if x_tensor.shape != y_tensor.shape:
        raise ValueError(
            f"bitwise_and: Tensors must have the same shape. x: {list(x_tensor.shape)}, "
            f"y: {list(y_tensor.shape)}"
        )
    if x_tensor.dtype != "int32" or y_tensor.dtype != "int32":
        raise TypeError(
            "bitwise_and: Only supports 'int32' values in tensor, found type of "
            f"x: {x_tensor.dtype} and type of y: {y_tensor.dtype}"
        )
    return ENGINE.run_kernel(BITWISE_AND, {"a": x_tensor, "b": y_tensor})
