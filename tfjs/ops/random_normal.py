from __future__ import annotations

from collections.abc import Sequence

from tfjs.backend_util.random_streams import check_seed, gauss_values
from tfjs.ops.operation import op
from tfjs.ops.random_util import check_number, random_tensor
from tfjs.tensor import Tensor


@op
def random_normal(
    shape: Sequence[int],
    mean: float = 0,
    std_dev: float = 1,
    dtype: str | None = None,
    seed: float | str | None = None,
) -> Tensor:
    """Creates a tensor with values sampled from a normal distribution.

    With a `seed` the values are TF.js's for that seed (a seed of 0 draws a fresh seed, as
    in TF.js); int32 rounds each value (Math.round).

    >>> tf.random_normal([3], seed=7).array_sync()
    [-1.3710527420043945, 0.029286757111549377, -1.092186689376831]
    """
    return normal(shape, mean, std_dev, dtype, seed, False, "random_normal")


def normal(
    shape: Sequence[int],
    mean: float,
    std_dev: float,
    dtype: str | None,
    seed: float | str | None,
    truncated: bool,
    op_name: str,
) -> Tensor:
    """The body of random_normal, truncated_normal and random_standard_normal: TF.js's MPRandGauss."""
    mean = check_number(mean, "mean", op_name)
    std_dev = check_number(std_dev, "std_dev", op_name)
    check_seed(seed, op_name)
    dtype = "float32" if dtype is None else dtype
    return random_tensor(
        shape,
        dtype,
        op_name,
        ("float32", "int32"),
        lambda size: gauss_values(size, mean, std_dev, dtype, truncated, seed, op_name),
    )
