from __future__ import annotations

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import DEPTH_TO_SPACE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def depth_to_space(x: TensorLike, block_size: int, data_format: str = "NHWC") -> Tensor:
    """Rearranges the depth of a 4-D float32 tensor into blocks of `block_size` x
    `block_size` spatial values (`data_format` "NHWC" or "NCHW").

    >>> tf.depth_to_space(tf.tensor4d([1, 2, 3, 4], [1, 1, 1, 4]), 2).array_sync()
    [[[[1.0], [2.0]], [[3.0], [4.0]]]]
    """
    name = "depth_to_space"
    x_tensor = convert_to_tensor(x, "x", name, "float32")
    if not isinstance(data_format, str) or data_format not in ("NHWC", "NCHW"):
        raise ValueError(f"{name}: data_format must be 'NHWC' or 'NCHW', got {data_format!r}")
    if x_tensor.rank != 4:
        raise ValueError(
            f"{name}: x must be rank 4, but got rank {x_tensor.rank} (shape {list(x_tensor.shape)})"
        )
    if isinstance(block_size, bool) or not isinstance(block_size, (int, np.integer)):
        raise TypeError(f"{name}: block_size must be an integer, got {block_size!r}")
    depth = x_tensor.shape[3] if data_format == "NHWC" else x_tensor.shape[1]
    if block_size <= 1:
        raise ValueError(f"{name}: blockSize should be > 1 for depthToSpace, but was: {block_size}")
    if depth % (block_size * block_size):
        raise ValueError(
            f"{name}: Dimension size must be evenly divisible by {block_size * block_size} but is {depth} "
            f"for depthToSpace with input shape {','.join(map(str, x_tensor.shape))}"
        )
    b = int(block_size)
    if data_format == "NHWC":
        n, height, width, _ = x_tensor.shape
        out_shape = [n, height * b, width * b, depth // (b * b)]
    else:
        n, _, height, width = x_tensor.shape
        out_shape = [n, depth // (b * b), height * b, width * b]
    check_tensor_size(out_shape, x_tensor.dtype, name)  # a depth of 0 divides by any block
    attrs = {"block_size": b, "data_format": data_format}
    return ENGINE.run_kernel(DEPTH_TO_SPACE, {"x": x_tensor}, attrs)


@register_gradient(DEPTH_TO_SPACE)
def _depth_to_space_grad(dy: Tensor, block_size: int, data_format: str) -> dict[str, Tensor]:
    """TF.js has none; derived as TensorFlow's (array_grad.py): space_to_depth of `dy`,
    written as the reshape and transpose that invert depth_to_space's."""
    from tfjs.ops.reshape import reshape
    from tfjs.ops.transpose import transpose

    if data_format == "NCHW":
        dy = transpose(dy, [0, 2, 3, 1])
    n, height, width, depth = dy.shape
    b = block_size
    # dy[n, h * b + i, w * b + j, c] came from x[n, h, w, (i * b + j) * depth + c].
    blocks = reshape(dy, [n, height // b, b, width // b, b, depth])
    dx = reshape(transpose(blocks, [0, 1, 3, 2, 4, 5]), [n, height // b, width // b, b * b * depth])
    return {"x": transpose(dx, [0, 3, 1, 2]) if data_format == "NCHW" else dx}
