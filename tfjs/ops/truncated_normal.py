from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.operation import op
from tfjs.ops.random_normal import normal
from tfjs.tensor import Tensor


@op
def truncated_normal(
    shape: Sequence[int],
    mean: float = 0,
    std_dev: float = 1,
    dtype: str | None = None,
    seed: float | str | None = None,
) -> Tensor:
    """Creates a tensor with values sampled from a truncated normal distribution: values
    more than two standard deviations from the mean are dropped and re-picked.

    >>> tf.truncated_normal([3], seed=7).array_sync()
    [-1.3710527420043945, 0.029286757111549377, -1.092186689376831]
    """
    return normal(shape, mean, std_dev, dtype, seed, True, "truncated_normal")
