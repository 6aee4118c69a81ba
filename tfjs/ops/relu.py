from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import RELU
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def relu(x: TensorLike) -> Tensor:
    """Computes rectified linear element-wise: max(x, 0). NaN stays NaN.

    >>> tf.relu(tf.tensor1d([-1, 2, -3, 4])).array_sync()
    [0.0, 2.0, 0.0, 4.0]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "relu"), "relu")
    return ENGINE.run_kernel(RELU, {"x": x_tensor})
