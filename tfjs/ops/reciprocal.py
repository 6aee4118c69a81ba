from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import RECIPROCAL
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def reciprocal(x: TensorLike) -> Tensor:
    """Computes reciprocal of x element-wise: `1 / x`.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.reciprocal(tf.tensor1d([0, 1, -2])).array_sync()
    [inf, 1.0, -0.5]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "reciprocal"), "reciprocal")
    return ENGINE.run_kernel(RECIPROCAL, {"x": x_tensor})


@register_gradient(RECIPROCAL, save_inputs=("x",))
def _reciprocal_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.div import div
    from tfjs.ops.neg import neg
    from tfjs.ops.square import square

    return {"x": div(dy, neg(square(x)))}
