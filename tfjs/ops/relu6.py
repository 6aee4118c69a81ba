from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import RELU6
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def relu6(x: TensorLike) -> Tensor:
    """Computes rectified linear 6 element-wise: `min(max(x, 0), 6)`; NaN stays NaN.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.relu6(tf.tensor1d([-1, 2, -3, 8])).array_sync()
    [0.0, 2.0, 0.0, 6.0]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "relu6"), "relu6")
    return ENGINE.run_kernel(RELU6, {"x": x_tensor})
