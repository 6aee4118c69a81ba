from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SIGMOID
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def sigmoid(x: TensorLike) -> Tensor:
    """Computes sigmoid element-wise, `1 / (1 + exp(-x))`; x must be float32.

    >>> tf.sigmoid(tf.tensor1d([0, -1, 2, -3])).array_sync()
    [0.5, 0.2689414322376251, 0.8807970881462097, 0.04742587357759476]
    """
    return ENGINE.run_kernel(SIGMOID, {"x": convert_to_tensor(x, "x", "sigmoid", "float32")})


@register_gradient(SIGMOID, save_outputs=True)
def _sigmoid_grad(dy: Tensor, y: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.mul import mul
    from tfjs.ops.scalar import scalar
    from tfjs.ops.sub import sub

    return {"x": mul(dy, mul(y, sub(scalar(1), y)))}
