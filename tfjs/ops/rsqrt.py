from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import RSQRT
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def rsqrt(x: TensorLike) -> Tensor:
    """Computes reciprocal of square root of the input element-wise: `1 / sqrt(x)`; x must be float32.

    >>> tf.rsqrt(tf.tensor1d([1, 2, 4, -1])).array_sync()
    [1.0, 0.7071067690849304, 0.5, nan]
    """
    return ENGINE.run_kernel(RSQRT, {"x": convert_to_tensor(x, "x", "rsqrt", "float32")})
