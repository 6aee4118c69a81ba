from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ATANH
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def atanh(x: TensorLike) -> Tensor:
    """Computes inverse hyperbolic tan of the input element-wise: `atanh(x)`; ±Infinity at ±1, NaN beyond.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.atanh(tf.tensor1d([0, 0.1, -0.1, 0.7])).array_sync()
    [0.0, 0.10033535212278366, -0.10033535212278366, 0.8673005104064941]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "atanh"), "atanh")
    return ENGINE.run_kernel(ATANH, {"x": x_tensor})


@register_gradient(ATANH, save_inputs=("x",))
def _atanh_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast
    from tfjs.ops.div import div
    from tfjs.ops.scalar import scalar
    from tfjs.ops.square import square
    from tfjs.ops.sub import sub

    return {"x": div(dy, sub(scalar(1), square(cast(x, "float32"))))}
