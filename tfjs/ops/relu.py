from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import RELU
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def relu(x: TensorLike) -> Tensor:
    """Computes rectified linear element-wise: max(x, 0). NaN stays NaN.

    >>> tf.relu(tf.tensor1d([-1, 2, -3, 4])).array_sync()
    [0.0, 2.0, 0.0, 4.0]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "relu"), "relu")
    return ENGINE.run_kernel(RELU, {"x": x_tensor})


@register_gradient(RELU, save_inputs=("x",))
def _relu_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    # step(0) is 0: the gradient at 0 is 0.
    from tfjs.ops.cast import cast
    from tfjs.ops.mul import mul
    from tfjs.ops.step import step

    return {"x": mul(dy, cast(step(x), "float32"))}
