from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import RESHAPE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


def infer_from_implicit_shape(shape: Sequence[int], size: int, op_name: str = "reshape") -> tuple[int, ...]:
    """`shape` with its one -1 (if any) replaced by the size that makes it hold `size` values."""
    if not isinstance(shape, (list, tuple)) or any(
        isinstance(d, bool) or not isinstance(d, (int, np.integer)) or d < -1 for d in shape
    ):
        raise ValueError(
            f"{op_name}: shape must be a list of non-negative integers and at most one -1, got {shape!r}"
        )
    implicit = [i for i, d in enumerate(shape) if d == -1]
    if len(implicit) > 1:
        raise ValueError(f"{op_name}: shapes can only have 1 implicit size, found -1 at dims {implicit}")
    if implicit:
        known = math.prod(d for d in shape if d != -1)
        if known == 0 or size % known:
            raise ValueError(
                f"{op_name}: the implicit size can't be inferred: {size} values do not fill "
                f"shape {list(shape)}"
            )
        shape = [size // known if d == -1 else d for d in shape]
    if math.prod(shape) != size:
        raise ValueError(
            f"{op_name}: the new shape ({','.join(map(str, shape))}) has {math.prod(shape)} elements "
            f"and the old shape has {size} elements. The new shape and old shape must have the same "
            "number of elements."
        )
    return tuple(int(d) for d in shape)


@op
def reshape(x: TensorLike, shape: Sequence[int]) -> Tensor:
    """Reshapes `x` to `shape` (one dimension may be -1, inferred); shares its buffer.

    >>> tf.reshape(tf.tensor1d([1, 2, 3, 4]), [2, -1]).array_sync()
    [[1.0, 2.0], [3.0, 4.0]]
    """
    x_tensor = convert_to_tensor(x, "x", "reshape", "string_or_numeric")
    new_shape = infer_from_implicit_shape(
        list(shape) if isinstance(shape, (tuple, np.ndarray)) else shape, x_tensor.size
    )
    return ENGINE.run_kernel(RESHAPE, {"x": x_tensor}, {"shape": new_shape})


@register_gradient(RESHAPE, save_inputs=("x",))
def _reshape_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    return {"x": reshape(dy, list(x.shape))}
