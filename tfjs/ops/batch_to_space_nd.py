from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import BATCH_TO_SPACE_ND
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.space_batch_util import check_block_shape, check_pairs
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def batch_to_space_nd(x: TensorLike, block_shape: Sequence[int], crops: Sequence[Sequence[int]]) -> Tensor:
    """Moves blocks of the batch dimension of `x` into its spatial dimensions (one per
    entry of `block_shape`), then crops them by `crops`: the inverse of
    `space_to_batch_nd`.

    >>> tf.batch_to_space_nd(tf.tensor4d([1, 2, 3, 4], [4, 1, 1, 1]), [2, 2], [[0, 0], [0, 0]]).shape
    (1, 2, 2, 1)
    """
    name = "batch_to_space_nd"
    x_tensor = convert_to_tensor(x, "x", name)
    blocks = check_block_shape(block_shape, name)
    if not blocks:
        raise ValueError(f"{name}: block_shape must have at least one entry, got {list(blocks)}")
    prod = math.prod(blocks)
    if x_tensor.rank < 1 + len(blocks):
        raise ValueError(
            f"{name}: input rank is {x_tensor.rank} but should be > than blockShape.length {len(blocks)}"
        )
    if not isinstance(crops, (list, tuple, np.ndarray)) or len(crops) != len(blocks):
        got = len(crops) if isinstance(crops, (list, tuple, np.ndarray)) else repr(crops)
        raise ValueError(
            f"{name}: crops.length is {got} but should be equal to blockShape.length  {len(blocks)}"
        )
    if x_tensor.shape[0] % prod:
        raise ValueError(
            f"{name}: input tensor batch is {x_tensor.shape[0]} but is not divisible by the product of "
            f"the elements of blockShape {' * '.join(map(str, blocks))} === {prod}"
        )
    pairs = check_pairs(crops, len(blocks), "crops", name)
    for i, ((c0, c1), b) in enumerate(zip(pairs, blocks, strict=True)):
        size = x_tensor.shape[i + 1] * b
        if c0 + c1 > size:
            raise ValueError(
                f"{name}: crops[{i}] = [{c0}, {c1}] crop more than the {size} values of spatial "
                f"dimension {i + 1} after the blocks are moved out of the batch"
            )
    if x_tensor.dtype == "complex64":
        raise TypeError(f"{name}: batchToSpaceND does not support complex64 tensors in the CPU backend.")
    return ENGINE.run_kernel(BATCH_TO_SPACE_ND, {"x": x_tensor}, {"block_shape": blocks, "crops": pairs})


@register_gradient(BATCH_TO_SPACE_ND)
def _batch_to_space_nd_grad(
    dy: Tensor, block_shape: tuple[int, ...], crops: tuple[tuple[int, int], ...]
) -> dict[str, Tensor]:
    """The inverse rearrangement, the cropped values padded back as zeros."""
    from tfjs.ops.space_to_batch_nd import space_to_batch_nd

    return {"x": space_to_batch_nd(dy, list(block_shape), [list(c) for c in crops])}
