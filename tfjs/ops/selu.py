from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SELU
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor

# TF.js's selu_util constants.
SELU_SCALE_ALPHA = 1.7580993408473768599402175208123
SELU_SCALE = 1.0507009873554804934193349852946


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


@register_gradient(SELU, save_inputs=("x",))
def _selu_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast
    from tfjs.ops.exp import exp
    from tfjs.ops.greater import greater
    from tfjs.ops.mul import mul
    from tfjs.ops.scalar import scalar
    from tfjs.ops.where import where

    mask = greater(x, scalar(0))
    greater_than_zero_der = mul(dy, scalar(SELU_SCALE))
    less_equal_zero_der = mul(mul(dy, scalar(SELU_SCALE_ALPHA)), exp(cast(x, "float32")))
    return {"x": where(mask, greater_than_zero_der, less_equal_zero_der)}
