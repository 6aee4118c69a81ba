from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ELU
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def elu(x: TensorLike) -> Tensor:
    """Computes exponential linear element-wise: `x >= 0 ? x : exp(x) - 1`; x must be float32.

    >>> tf.elu(tf.tensor1d([0, 1, -1, -2])).array_sync()
    [0.0, 1.0, -0.6321205496788025, -0.8646647334098816]
    """
    return ENGINE.run_kernel(ELU, {"x": convert_to_tensor(x, "x", "elu", "float32")})
