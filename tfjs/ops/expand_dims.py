from __future__ import annotations

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import EXPAND_DIMS
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def expand_dims(x: TensorLike, axis: int = 0) -> Tensor:
    """Inserts a dimension of size 1 at `axis` (negative counts from the end, -1 appends);
    shares the buffer of `x`.

    >>> tf.expand_dims(tf.tensor1d([1, 2, 3]), 1).shape
    (3, 1)
    """
    x_tensor = convert_to_tensor(x, "x", "expand_dims", "string_or_numeric")
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise TypeError(f"expand_dims: axis must be an integer, got {axis!r}")
    rank = x_tensor.rank
    if axis > rank:
        raise ValueError(f"expand_dims: Axis must be <= rank of the tensor, got axis {axis} for rank {rank}")
    if axis < -(rank + 1):
        raise ValueError(f"expand_dims: Axis must be in the interval [{-(rank + 1)}, {rank}], got {axis}")
    return ENGINE.run_kernel(EXPAND_DIMS, {"input": x_tensor}, {"dim": int(axis)})


@register_gradient(EXPAND_DIMS, save_inputs=("input",))
def _expand_dims_grad(dy: Tensor, input: Tensor) -> dict[str, Tensor]:  # noqa: A002
    from tfjs.ops.reshape import reshape

    return {"input": reshape(dy, list(input.shape))}
