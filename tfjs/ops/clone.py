from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import IDENTITY
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def clone(x: TensorLike) -> Tensor:
    """Creates a new tensor with the same values and shape as `x`, sharing its buffer.

    >>> tf.clone(tf.tensor([1, 2])).array_sync()
    [1.0, 2.0]
    """
    return ENGINE.run_kernel(IDENTITY, {"x": convert_to_tensor(x, "x", "clone", "string_or_numeric")})


@register_gradient(IDENTITY)
def _identity_grad(dy: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.cast import cast

    return {"x": cast(dy, "float32")}
