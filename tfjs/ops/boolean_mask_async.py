from __future__ import annotations

import math

import numpy as np

from tfjs.engine import ENGINE
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.gather import gather
from tfjs.ops.reshape import reshape
from tfjs.ops.slicing_util import is_int
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_util import TensorLike, convert_to_tensor


async def boolean_mask_async(tensor: TensorLike, mask: TensorLike, axis: int | None = None) -> Tensor:
    """The slices of `tensor` where the bool `mask` is true: `mask`'s K dimensions must
    match `tensor`'s dimensions `axis` (default 0) to `axis + K - 1`, which the result
    replaces with one dimension, as long as the number of trues.

    This op is asynchronous: it waits for the mask's values.

    >>> import asyncio
    >>> x = tf.tensor2d([[1, 2], [3, 4], [5, 6]])
    >>> asyncio.run(tf.boolean_mask_async(x, [True, False, True])).array_sync()
    [[1.0, 2.0], [5.0, 6.0]]
    """
    converted = []
    try:
        x = convert_to_tensor(tensor, "tensor", "boolean_mask_async")
        if x is not tensor:
            converted.append(x)
        assert_not_complex(x, "boolean_mask_async", "tensor", "gatherV2")
        m = convert_to_tensor(mask, "mask", "boolean_mask_async", "bool")
        if m is not mask:
            converted.append(m)
        if axis is not None and not is_int(axis):
            raise TypeError(f"boolean_mask_async: axis must be an integer, got {axis!r}")
        start = 0 if axis is None else int(axis)
        if m.rank == 0:
            raise ValueError("boolean_mask_async: mask cannot be scalar")
        masked = x.shape[start : start + m.rank]  # as JavaScript's slice, negative start included
        if masked != m.shape:
            raise ValueError(
                "boolean_mask_async: mask's shape must match the first K dimensions of tensor's shape, "
                f"Shapes {js_list(masked)} and {js_list(m.shape)} must match"
            )
        if start < 0:
            raise ValueError(f"boolean_mask_async: axis must be non-negative, got {start}")
        values = await m.data()

        def select() -> Tensor:
            leading = math.prod(x.shape[start : start + m.rank])
            flat = reshape(x, [*x.shape[:start], leading, *x.shape[start + m.rank :]])
            positions = ENGINE.make_tensor(np.flatnonzero(values).astype(np.int32), "int32")
            return gather(flat, positions, start)

        return ENGINE.tidy(select)
    finally:
        for t in converted:
            t.dispose()
