from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import RELU6
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def relu6(x: TensorLike) -> Tensor:
    """Computes rectified linear 6 element-wise: `min(max(x, 0), 6)`; NaN stays NaN.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.relu6(tf.tensor1d([-1, 2, -3, 8])).array_sync()
    [0.0, 2.0, 0.0, 6.0]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "relu6"), "relu6")
    return ENGINE.run_kernel(RELU6, {"x": x_tensor})


@register_gradient(RELU6, save_inputs=("x",))
def _relu6_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    # dy on (0, 6]: 0 at 0, dy at 6.
    from tfjs.ops.cast import cast
    from tfjs.ops.less_equal import less_equal
    from tfjs.ops.mul import mul
    from tfjs.ops.step import step

    mask = mul(less_equal(x, 6), step(x))
    return {"x": mul(dy, cast(mask, "float32"))}
