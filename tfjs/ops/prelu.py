from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import PRELU
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape, sum_to_shape
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def prelu(x: TensorLike, alpha: TensorLike) -> Tensor:
    """Computes leaky rectified linear element-wise with parametric alphas:
    `x < 0 ? alpha * x : x`. `alpha` broadcasts against x; the result is float32.

    >>> tf.prelu(tf.tensor1d([-1, 2, -3, 4]), tf.scalar(0.1)).array_sync()
    [-0.10000000149011612, 2.0, -0.30000001192092896, 4.0]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "prelu"), "prelu")
    alpha_tensor = assert_not_complex(convert_to_tensor(alpha, "alpha", "prelu"), "prelu", "alpha")
    assert_and_get_broadcast_shape(x_tensor.shape, alpha_tensor.shape, "prelu")
    return ENGINE.run_kernel(PRELU, {"x": x_tensor, "alpha": alpha_tensor})


@register_gradient(PRELU, save_inputs=("x", "alpha"))
def _prelu_grad(dy: Tensor, x: Tensor, alpha: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.greater import greater
    from tfjs.ops.mul import mul
    from tfjs.ops.where import where
    from tfjs.ops.zeros_like import zeros_like

    # Both are summed back to their input's shape; TF.js sums alpha's only, so its tape
    # rejects x's gradient when alpha broadcasts x (tests/conformance: prelu/x_broadcast).
    mask = greater(x, 0)
    return {
        "x": sum_to_shape(where(mask, dy, mul(dy, alpha)), x.shape),
        "alpha": sum_to_shape(where(mask, zeros_like(dy), mul(dy, x)), alpha.shape),
    }
