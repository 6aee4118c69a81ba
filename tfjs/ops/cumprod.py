from __future__ import annotations

from tfjs.kernel_names import CUMPROD
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import scan_op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def cumprod(x: TensorLike, axis: int = 0, exclusive: bool = False, reverse: bool = False) -> Tensor:
    """Computes the cumulative product along `axis`; `exclusive` leaves each element out of
    its own product, `reverse` multiplies from the end. bool and int32 multiply to int32.

    >>> tf.cumprod(tf.tensor1d([1, 2, 3, 4])).array_sync()
    [1.0, 2.0, 6.0, 24.0]
    >>> tf.cumprod(tf.tensor1d([1, 2, 3, 4]), 0, True).array_sync()
    [1.0, 1.0, 2.0, 6.0]
    """
    return scan_op(CUMPROD, x, axis, exclusive, reverse, "cumprod")


@register_gradient(CUMPROD, save_inputs=("x",))
def _cumprod_grad(dy: Tensor, x: Tensor, axis: int, exclusive: bool, reverse: bool) -> dict[str, Tensor]:
    """TF.js has no Cumprod gradient; this is TensorFlow's (math_grad.py), the scan of
    y * dy the other way, divided by x, made exact where x has zeros: before the first
    zero (in scan order) nothing changes; at it, the products it went into are taken
    with that zero as 1; after it every product has the zero, so the gradient is 0.
    y is computed again rather than saved: a saved output does not lead back to x on
    the tape (as in TF.js), and the gradient of this gradient needs it to. That second
    gradient is exact where x has no zero; at a zero it misses the terms of the
    elements after it (the gradient there is 0 but not constant)."""
    from tfjs.ops.cast import cast
    from tfjs.ops.cumsum import cumsum
    from tfjs.ops.div import div
    from tfjs.ops.greater_equal import greater_equal
    from tfjs.ops.mul import mul
    from tfjs.ops.neg import neg
    from tfjs.ops.scalar import scalar
    from tfjs.ops.where import where

    # The masks use greater_equal, whose gradient is zero (Equal and LogicalAnd have none,
    # and x reaches them, which would stop a gradient of this gradient).
    one, zero = scalar(1, "float32"), scalar(0, "float32")
    zero_mask = mul(cast(greater_equal(x, zero), "float32"), cast(greater_equal(neg(x), zero), "float32"))
    zeros_so_far = cumsum(zero_mask, axis, False, reverse)
    before_zero = greater_equal(zero, zeros_so_far)
    first_zero = greater_equal(mul(zero_mask, cast(greater_equal(one, zeros_so_far), "float32")), one)
    safe_x = where(greater_equal(zero_mask, one), one, x)
    y = cumprod(x, axis, exclusive, reverse)
    regular = div(cumsum(mul(y, dy), axis, exclusive, not reverse), safe_x)
    y_at_zero = cumprod(where(first_zero, one, x), axis, exclusive, reverse)
    at_zero = cumsum(mul(y_at_zero, dy), axis, exclusive, not reverse)
    return {"x": where(before_zero, regular, where(first_zero, at_zero, zero))}
