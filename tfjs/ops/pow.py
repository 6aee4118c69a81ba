from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import POW
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def pow(base: TensorLike, exp: TensorLike) -> Tensor:  # noqa: A001 - TF.js's name
    """Computes the power of one tensor to another, base ** exp, element-wise, as
    JavaScript's Math.pow does. Supports broadcasting.

    >>> tf.pow(tf.tensor1d([2, 3]), tf.tensor1d([3, 2])).array_sync()
    [8.0, 9.0]
    """
    a, b = binary_inputs(base, exp, "pow", arg_names=("base", "exp"))
    return ENGINE.run_kernel(POW, {"a": a, "b": b})


@register_gradient(POW, save_inputs=("a", "b"), save_outputs=True)
def _pow_grad(dy: Tensor, a: Tensor, b: Tensor, y: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.broadcast_util import sum_to_shape
    from tfjs.ops.cast import cast
    from tfjs.ops.greater import greater
    from tfjs.ops.log import log
    from tfjs.ops.mul import mul
    from tfjs.ops.sub import sub
    from tfjs.ops.where import where
    from tfjs.ops.zeros_like import zeros_like

    exp_float = cast(b, "float32")
    grad_base = mul(dy, mul(exp_float, pow(a, sub(exp_float, 1))))
    # d/dexp is y * log(base) where base > 0 and 0 elsewhere, as in TF.js. The base is
    # cast so that an int32 one (whose gradient is not asked for) meets log's dtype.
    base = cast(a, "float32")
    log_base = where(greater(base, 0), log(base), zeros_like(base))
    return {
        "a": sum_to_shape(grad_base, a.shape),
        "b": sum_to_shape(mul(dy, mul(y, log_base)), b.shape),
    }
