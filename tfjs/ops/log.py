from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import LOG
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def log(x: TensorLike) -> Tensor:
    """Computes the natural logarithm of x element-wise (-Infinity at 0, NaN below);
    x must be float32.

    >>> tf.log(tf.tensor1d([1, 1])).array_sync()
    [0.0, 0.0]
    """
    return ENGINE.run_kernel(LOG, {"x": convert_to_tensor(x, "x", "log", "float32")})


@register_gradient(LOG, save_inputs=("x",))
def _log_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast
    from tfjs.ops.div import div

    return {"x": div(dy, cast(x, "float32"))}
