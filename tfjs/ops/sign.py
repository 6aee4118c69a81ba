from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SIGN
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def sign(x: TensorLike) -> Tensor:
    """Returns an element-wise indication of the sign of a number: -1, 0 or 1 (0 for NaN).

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> import math
    >>> tf.sign(tf.tensor1d([-0.6, 1.1, -3.3, 0, math.nan])).array_sync()
    [-1.0, 1.0, -1.0, 0.0, 0.0]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "sign"), "sign")
    return ENGINE.run_kernel(SIGN, {"x": x_tensor})


@register_gradient(SIGN)
def _sign_grad(dy: Tensor) -> dict[str, Tensor]:
    # Zero almost everywhere: TF.js registers zeros rather than stopping backprop.
    from tfjs.ops.zeros_like import zeros_like

    return {"x": zeros_like(dy)}
