from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ASIN
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def asin(x: TensorLike) -> Tensor:
    """Computes asin of the input element-wise: `asin(x)`; NaN outside [-1, 1].

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.asin(tf.tensor1d([0, 1, -1, 0.7])).array_sync()
    [0.0, 1.5707963705062866, -1.5707963705062866, 0.7753974795341492]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "asin"), "asin")
    return ENGINE.run_kernel(ASIN, {"x": x_tensor})
