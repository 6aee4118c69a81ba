from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SELU
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def selu(x: TensorLike) -> Tensor:
    """Computes scaled exponential linear element-wise:
    `x < 0 ? scale * alpha * (exp(x) - 1) : scale * x`.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.selu(tf.tensor1d([0, 1, -1, -2])).array_sync()
    [0.0, 1.0507010221481323, -1.1113307476043701, -1.5201665163040161]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "selu"), "selu")
    return ENGINE.run_kernel(SELU, {"x": x_tensor})
