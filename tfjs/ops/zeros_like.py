from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ZEROS_LIKE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def zeros_like(x: TensorLike) -> Tensor:
    """Creates a tensor of zeros with the shape and dtype of `x`.

    >>> tf.zeros_like(tf.tensor([1, 2])).array_sync()
    [0.0, 0.0]
    """
    return ENGINE.run_kernel(ZEROS_LIKE, {"x": convert_to_tensor(x, "x", "zeros_like")})


@register_gradient(ZEROS_LIKE)
def _zeros_like_grad(dy: Tensor) -> dict[str, Tensor]:
    """As TF.js: zeros (the result does not depend on the values of `x`)."""
    return {"x": zeros_like(dy)}
