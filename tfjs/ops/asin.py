from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ASIN
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def asin(x: TensorLike) -> Tensor:
    """Computes asin of the input element-wise: `asin(x)`; NaN outside [-1, 1].

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.asin(tf.tensor1d([0, 1, -1, 0.7])).array_sync()
    [0.0, 1.5707963705062866, -1.5707963705062866, 0.7753974795341492]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "asin"), "asin")
    return ENGINE.run_kernel(ASIN, {"x": x_tensor})


@register_gradient(ASIN, save_inputs=("x",))
def _asin_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast
    from tfjs.ops.div import div
    from tfjs.ops.scalar import scalar
    from tfjs.ops.sqrt import sqrt
    from tfjs.ops.square import square
    from tfjs.ops.sub import sub

    return {"x": div(dy, sqrt(sub(scalar(1), square(cast(x, "float32")))))}
