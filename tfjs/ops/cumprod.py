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


@register_gradient(CUMPROD, save_inputs=("x",), save_outputs=True)
def _cumprod_grad(
    dy: Tensor, x: Tensor, y: Tensor, axis: int, exclusive: bool, reverse: bool
) -> dict[str, Tensor]:
    """TF.js has no Cumprod gradient; this is TensorFlow's (math_grad.py), the scan of
    y * dy the other way, divided by x, made exact where x has zeros: before the first
    zero (in scan order) nothing changes; at it, the products it went into are taken
    with that zero as 1; after it every product has the zero, so the gradient is 0."""
    from tfjs.ops.cast import cast
    from tfjs.ops.cumsum import cumsum
    from tfjs.ops.div import div
    from tfjs.ops.equal import equal
    from tfjs.ops.logical_and import logical_and
    from tfjs.ops.mul import mul
    from tfjs.ops.scalar import scalar
    from tfjs.ops.where import where

    one, zero = scalar(1, "float32"), scalar(0, "float32")
    is_zero = equal(x, zero)
    zeros_so_far = cumsum(cast(is_zero, "float32"), axis, False, reverse)
    before_zero = equal(zeros_so_far, zero)
    first_zero = logical_and(is_zero, equal(zeros_so_far, one))
    regular = div(cumsum(mul(y, dy), axis, exclusive, not reverse), where(is_zero, one, x))
    y_at_zero = cumprod(where(first_zero, one, x), axis, exclusive, reverse)
    at_zero = cumsum(mul(y_at_zero, dy), axis, exclusive, not reverse)
    return {"x": where(before_zero, regular, where(first_zero, at_zero, zero))}
