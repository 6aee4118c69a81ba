from __future__ import annotations

from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.neg import neg
from tfjs.ops.operation import op
from tfjs.ops.softplus import softplus
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def log_sigmoid(x: TensorLike) -> Tensor:
    """Computes log sigmoid of the input element-wise: `log(sigmoid(x))`, written as
    TF.js writes it, `-softplus(-x)` (so an int32 x gives an int32 result).

    >>> tf.log_sigmoid(tf.tensor1d([0, 1, -1, 0.7])).array_sync()
    [-0.6931471824645996, -0.3132616877555847, -1.31326162815094, -0.40318605303764343]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "log_sigmoid"), "log_sigmoid")
    return neg(softplus(neg(x_tensor)))
