from __future__ import annotations

import math

from tfjs.engine import ENGINE
from tfjs.kernel_names import ERF
from tfjs.kernel_registry import register_gradient
from tfjs.ops.cast import cast
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def erf(x: TensorLike) -> Tensor:
    """Computes the Gauss error function of the input element-wise: `erf(x)`, by
    Abramowitz and Stegun's approximation 7.1.26 as TF.js does. x must be int32 or
    float32; the result is float32.

    >>> tf.erf(tf.tensor1d([0, 0.1, -0.1, 0.7])).array_sync()
    [0.0, 0.11246296763420105, -0.11246296763420105, 0.6778011918067932]
    """
    x_tensor = convert_to_tensor(x, "x", "erf")
    if x_tensor.dtype not in ("int32", "float32"):
        raise TypeError(
            f"erf: argument 'x' is a {x_tensor.dtype} tensor. Input dtype must be `int32` or `float32`."
        )
    if x_tensor.dtype == "int32":
        x_tensor = cast(x_tensor, "float32")
    return ENGINE.run_kernel(ERF, {"x": x_tensor})


@register_gradient(ERF, save_inputs=("x",))
def _erf_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.exp import exp
    from tfjs.ops.mul import mul
    from tfjs.ops.neg import neg
    from tfjs.ops.square import square

    a = mul(exp(neg(square(x))), 2 / math.sqrt(math.pi))
    return {"x": mul(dy, a)}
