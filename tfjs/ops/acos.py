from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ACOS
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def acos(x: TensorLike) -> Tensor:
    """Computes acos of the input element-wise: `acos(x)`; NaN outside [-1, 1].

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.acos(tf.tensor1d([0, 1, -1, 0.7])).array_sync()
    [1.5707963705062866, 0.0, 3.1415927410125732, 0.7953988313674927]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "acos"), "acos")
    return ENGINE.run_kernel(ACOS, {"x": x_tensor})


@register_gradient(ACOS, save_inputs=("x",))
def _acos_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast
    from tfjs.ops.div import div
    from tfjs.ops.neg import neg
    from tfjs.ops.scalar import scalar
    from tfjs.ops.sqrt import sqrt
    from tfjs.ops.square import square
    from tfjs.ops.sub import sub

    a = square(cast(x, "float32"))
    b = sqrt(sub(scalar(1), a))
    return {"x": neg(div(dy, b))}
