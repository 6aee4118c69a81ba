from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.operation import op
from tfjs.ops.random_normal import normal
from tfjs.tensor import Tensor


@op
def random_standard_normal(
    shape: Sequence[int], dtype: str | None = None, seed: float | str | None = None
) -> Tensor:
    """Creates a tensor with values sampled from a normal distribution of mean 0 and
    standard deviation 1.

    >>> tf.random_standard_normal([2], seed=7).array_sync()
    [-1.3710527420043945, 0.029286757111549377]
    """
    if isinstance(dtype, str) and dtype == "bool":
        raise ValueError("random_standard_normal: Unsupported data type bool")
    return normal(shape, 0, 1, dtype, seed, False, "random_standard_normal")
