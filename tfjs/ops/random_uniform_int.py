from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.operation import op
from tfjs.ops.random_uniform import uniform
from tfjs.tensor import Tensor


@op
def random_uniform_int(
    shape: Sequence[int], minval: float, maxval: float, seed: float | str | None = None
) -> Tensor:
    """Creates an int32 tensor with integers sampled from a uniform distribution in
    [minval, maxval) (TF.js's `randomUniform` with dtype int32: values truncate toward zero).

    >>> tf.random_uniform_int([4], 0, 10, seed=5).array_sync()
    [2, 2, 9, 0]
    """
    return uniform(shape, minval, maxval, "int32", seed, "random_uniform_int")
