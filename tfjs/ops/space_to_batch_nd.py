from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import SPACE_TO_BATCH_ND
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.space_batch_util import check_block_shape, check_pairs, js_join
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def space_to_batch_nd(x: TensorLike, block_shape: Sequence[int], paddings: Sequence[Sequence[int]]) -> Tensor:
    """Divides the spatial dimensions of `x` (those after the batch, one per entry of
    `block_shape`), zero-padded by `paddings`, into blocks of `block_shape` and moves
    the blocks into the batch dimension.

    >>> tf.space_to_batch_nd(tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1]), [2, 2], [[0, 0], [0, 0]]).shape
    (4, 1, 1, 1)
    """
    name = "space_to_batch_nd"
    x_tensor = convert_to_tensor(x, "x", name)
    blocks = check_block_shape(block_shape, name)
    if x_tensor.rank < 1 + len(blocks):
        raise ValueError(f"{name}: input rank {x_tensor.rank} should be > than [blockShape] {len(blocks)}")
    if not isinstance(paddings, (list, tuple, np.ndarray)) or len(paddings) != len(blocks):
        got = len(paddings) if isinstance(paddings, (list, tuple, np.ndarray)) else repr(paddings)
        raise ValueError(f"{name}: paddings.shape[0] {got} must be equal to [blockShape] {len(blocks)}")
    pairs = check_pairs(paddings, len(blocks), "paddings", name)
    spatial = x_tensor.shape[1 : 1 + len(blocks)]
    if any((s + p0 + p1) % b for s, (p0, p1), b in zip(spatial, pairs, blocks, strict=True)):
        raise ValueError(
            f"{name}: input spatial dimensions {js_join(x_tensor.shape[1:])} with paddings "
            f"{js_join(paddings)} must be divisible by blockShapes {js_join(blocks)}"
        )
    if x_tensor.dtype == "complex64":
        raise TypeError(f"{name}: spaceToBatchND does not support complex64 tensors in the CPU backend.")
    padded = [s + p0 + p1 for s, (p0, p1) in zip(spatial, pairs, strict=True)]
    check_tensor_size([x_tensor.shape[0], *padded, *x_tensor.shape[1 + len(blocks) :]], x_tensor.dtype, name)
    attrs = {"block_shape": blocks, "paddings": pairs}
    return ENGINE.run_kernel(SPACE_TO_BATCH_ND, {"x": x_tensor}, attrs)


@register_gradient(SPACE_TO_BATCH_ND)
def _space_to_batch_nd_grad(
    dy: Tensor, block_shape: tuple[int, ...], paddings: tuple[tuple[int, int], ...]
) -> dict[str, Tensor]:
    """The inverse rearrangement, the padding cropped off."""
    from tfjs.ops.batch_to_space_nd import batch_to_space_nd

    return {"x": batch_to_space_nd(dy, list(block_shape), [list(p) for p in paddings])}
