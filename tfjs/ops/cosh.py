from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import COSH
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def cosh(x: TensorLike) -> Tensor:
    """Computes hyperbolic cos of the input element-wise: `cosh(x)`; x must be float32.

    >>> tf.cosh(tf.tensor1d([0, 1, -1, 0.7])).array_sync()
    [1.0, 1.5430806875228882, 1.5430806875228882, 1.2551690340042114]
    """
    return ENGINE.run_kernel(COSH, {"x": convert_to_tensor(x, "x", "cosh", "float32")})


@register_gradient(COSH, save_inputs=("x",))
def _cosh_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast
    from tfjs.ops.mul import mul
    from tfjs.ops.sinh import sinh

    return {"x": mul(sinh(cast(x, "float32")), dy)}
