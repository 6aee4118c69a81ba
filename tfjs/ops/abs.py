from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ABS, COMPLEX_ABS
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def abs(x: TensorLike) -> Tensor:  # noqa: A001 - TF.js's name
    """Computes the absolute value element-wise; of complex64, the float32 magnitude.

    >>> tf.abs(tf.tensor1d([-1, 2, -3])).array_sync()
    [1.0, 2.0, 3.0]
    """
    x_tensor = convert_to_tensor(x, "x", "abs")
    kernel_name = COMPLEX_ABS if x_tensor.dtype == "complex64" else ABS
    return ENGINE.run_kernel(kernel_name, {"x": x_tensor})
