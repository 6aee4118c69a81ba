from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ONES_LIKE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def ones_like(x: TensorLike) -> Tensor:
    """Creates a tensor of ones with the shape and dtype of `x`.

    >>> tf.ones_like(tf.tensor([1, 2])).array_sync()
    [1.0, 1.0]
    """
    return ENGINE.run_kernel(ONES_LIKE, {"x": convert_to_tensor(x, "x", "ones_like")})


@register_gradient(ONES_LIKE)
def _ones_like_grad(dy: Tensor) -> dict[str, Tensor]:
    """As TF.js: zeros (the result does not depend on the values of `x`)."""
    from tfjs.ops.zeros_like import zeros_like

    return {"x": zeros_like(dy)}
