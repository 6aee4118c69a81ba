from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import STEP
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.clip_by_value import number_arg
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def step(x: TensorLike, alpha: float = 0.0) -> Tensor:
    """Computes the step of the input element-wise: `x > 0 ? 1 : alpha`; NaN stays NaN.

    The result has x's dtype (an int32 result stores alpha truncated).

    >>> tf.step(tf.tensor1d([0, 2, -1, -3])).array_sync()
    [0.0, 1.0, 0.0, 0.0]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "step"), "step")
    value = number_arg(alpha, "alpha", "step")
    return ENGINE.run_kernel(STEP, {"x": x_tensor}, {"alpha": value})


@register_gradient(STEP)
def _step_grad(dy: Tensor) -> dict[str, Tensor]:
    # Zero almost everywhere: TF.js registers zeros rather than stopping backprop.
    from tfjs.ops.zeros_like import zeros_like

    return {"x": zeros_like(dy)}
