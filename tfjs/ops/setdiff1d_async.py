from __future__ import annotations

import numpy as np

from tfjs.engine import ENGINE
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


async def setdiff1d_async(x: TensorLike, y: TensorLike) -> list[Tensor]:
    """The values of the 1-D tensor `x` that are not in `y` (in their order in `x`,
    repeats kept), and their indices in `x`: `[out, indices]`. NaN matches NaN and -0
    matches 0, as JavaScript's Set.

    >>> import asyncio
    >>> out, indices = asyncio.run(tf.setdiff1d_async([1, 2, 3, 4, 2], [2, 4]))
    >>> out.array_sync(), indices.array_sync()
    ([1.0, 3.0], [0, 2])
    >>> tf.dispose([out, indices])
    """
    name = "setdiff1d_async"
    made: list[Tensor] = []
    try:
        x_tensor = _convert(x, "x", name, made)
        y_tensor = _convert(y, "y", name, made)
        if x_tensor.dtype != y_tensor.dtype:
            raise TypeError(
                f"{name}: x and y should have the same dtype, but got x ({x_tensor.dtype}) and "
                f"y ({y_tensor.dtype})."
            )
        if x_tensor.rank != 1:
            raise ValueError(f"{name}: x should be 1D tensor, but got x ({_shape(x_tensor)}).")
        if y_tensor.rank != 1:
            raise ValueError(f"{name}: y should be 1D tensor, but got y ({_shape(y_tensor)}).")
        x_values = await x_tensor.data()
        y_values = await y_tensor.data()
    finally:
        for tensor in made:
            tensor.dispose()
    keep = ~np.isin(x_values, y_values)
    if x_values.dtype.kind in "fc" and np.isnan(y_values).any():
        keep &= ~np.isnan(x_values)
    indices = np.flatnonzero(keep).astype(np.int32)
    return [ENGINE.make_tensor(x_values[keep].copy(), x_tensor.dtype), ENGINE.make_tensor(indices, "int32")]


def _convert(value: TensorLike, arg_name: str, name: str, made: list[Tensor]) -> Tensor:
    tensor = convert_to_tensor(value, arg_name, name)
    if tensor is not value:
        made.append(tensor)
    return tensor


def _shape(tensor: Tensor) -> str:
    return ",".join(map(str, tensor.shape))
