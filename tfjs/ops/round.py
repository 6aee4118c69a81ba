from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ROUND
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def round(x: TensorLike) -> Tensor:  # noqa: A001 - TF.js's name
    """Computes round of the input element-wise, half to even (banker's rounding).

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.round(tf.tensor1d([0.6, 1.1, -3.3, 2.5, -2.5])).array_sync()
    [1.0, 1.0, -3.0, 2.0, -2.0]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "round"), "round")
    return ENGINE.run_kernel(ROUND, {"x": x_tensor})


@register_gradient(ROUND)
def _round_grad(dy: Tensor) -> dict[str, Tensor]:
    # Zero almost everywhere: TF.js registers zeros rather than stopping backprop.
    from tfjs.ops.zeros_like import zeros_like

    return {"x": zeros_like(dy)}
