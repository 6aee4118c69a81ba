from __future__ import annotations

import numpy as np

from tfjs.engine import ENGINE
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


async def where_async(condition: TensorLike) -> Tensor:
    """Returns the coordinates of the true elements of `condition`, as an int32 tensor
    of shape [number of true elements, rank of condition], in row-major order.

    This op is asynchronous: it waits for the condition's values.

    >>> import asyncio
    >>> cond = tf.tensor2d([[False, True], [True, True]], dtype="bool")
    >>> asyncio.run(tf.where_async(cond)).array_sync()
    [[0, 1], [1, 0], [1, 1]]
    """
    cond_tensor = convert_to_tensor(condition, "condition", "where_async", "bool")
    try:
        values = await cond_tensor.data()
    finally:
        if cond_tensor is not condition:
            cond_tensor.dispose()
    coordinates = np.ascontiguousarray(np.argwhere(np.reshape(values, cond_tensor.shape)), dtype=np.int32)
    return ENGINE.make_tensor(coordinates, "int32")
