from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import LOG1P
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def log1p(x: TensorLike) -> Tensor:
    """Computes the natural logarithm of the input plus one element-wise: `ln(1 + x)`.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.log1p(tf.tensor1d([1, 2])).array_sync()
    [0.6931471824645996, 1.0986123085021973]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "log1p"), "log1p")
    return ENGINE.run_kernel(LOG1P, {"x": x_tensor})


@register_gradient(LOG1P, save_inputs=("x",))
def _log1p_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.add import add
    from tfjs.ops.div import div

    return {"x": div(dy, add(x, 1))}
