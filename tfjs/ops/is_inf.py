from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import IS_INF
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def is_inf(x: TensorLike) -> Tensor:
    """Returns which elements of x are Infinity or -Infinity (a bool tensor).

    >>> import math
    >>> tf.is_inf(tf.tensor1d([math.nan, math.inf, -math.inf, 0, 1])).array_sync()
    [False, True, True, False, False]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "is_inf"), "is_inf")
    return ENGINE.run_kernel(IS_INF, {"x": x_tensor})


@register_gradient(IS_INF)
def _is_inf_grad(dy: Tensor) -> dict[str, Tensor]:
    # Zero almost everywhere: TF.js registers zeros rather than stopping backprop.
    from tfjs.ops.zeros_like import zeros_like

    return {"x": zeros_like(dy)}
