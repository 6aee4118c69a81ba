from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import TILE
from tfjs.ops.clone import clone
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_text
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def broadcast_to(x: TensorLike, shape: Sequence[int]) -> Tensor:
    """Broadcasts `x` to `shape` (NumPy's rules: dimensions are matched from the end, a
    dimension of 1 is repeated).

    >>> tf.broadcast_to(tf.tensor1d([1, 2]), [2, 2]).array_sync()
    [[1.0, 2.0], [1.0, 2.0]]
    """
    x_tensor = convert_to_tensor(x, "x", "broadcast_to")
    if not isinstance(shape, (list, tuple, np.ndarray)):
        raise TypeError(f"broadcast_to: shape must be a list of integers, got {shape!r}")
    if any(isinstance(d, bool) or not isinstance(d, (int, np.integer)) or d < 0 for d in shape):
        raise ValueError(
            "broadcast_to: Tensor must have a shape comprised of positive integers but got "
            f"shape [{','.join(js_text(d) for d in shape)}]."
        )
    target = tuple(int(d) for d in shape)
    check_tensor_size(target, x_tensor.dtype, "broadcast_to")
    x_shape = x_tensor.shape
    if len(target) < len(x_shape):
        raise ValueError(
            f"broadcast_to: broadcastTo(): shape.length={len(target)} < input.rank={len(x_shape)}."
        )
    padded = (1,) * (len(target) - len(x_shape)) + x_shape
    if any(d != t and d != 1 for d, t in zip(padded, target, strict=True)):
        raise ValueError(
            f"broadcast_to: broadcastTo(): [{','.join(map(str, x_shape))}] cannot be broadcast to "
            f"[{','.join(map(str, target))}]."
        )
    if len(target) > len(x_shape):
        x_tensor = reshape(x_tensor, list(padded))
    # As TF.js: a Tile of the dimensions that change. (TF.js tiles only those that grow, so
    # its result keeps a 1 where the target has a 0; a 0 repeat gives the 0 asked for.)
    reps = tuple(1 if d == t else t for d, t in zip(padded, target, strict=True))
    if all(r == 1 for r in reps):
        return clone(x_tensor)
    if x_tensor.dtype == "complex64":
        raise TypeError("broadcast_to: tile does not support complex64 tensors in the CPU backend.")
    return ENGINE.run_kernel(TILE, {"x": x_tensor}, {"reps": reps})
