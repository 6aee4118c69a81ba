from __future__ import annotations

from collections.abc import Sequence

from tfjs.backend_util.random_streams import check_seed, uniform_values
from tfjs.ops.operation import op
from tfjs.ops.random_util import check_number, random_tensor
from tfjs.tensor import Tensor


@op
def random_uniform(
    shape: Sequence[int],
    minval: float = 0,
    maxval: float = 1,
    dtype: str = "float32",
    seed: float | str | None = None,
) -> Tensor:
    """Creates a tensor with values sampled from a uniform distribution in [minval, maxval).

    With a `seed` (a number or string; 0 is a seed too) the values are TF.js's for that
    seed; without one, a fresh seed is drawn. int32 truncates each value toward zero.

    >>> tf.random_uniform([3], 0, 10, seed=42).array_sync()
    [6.848635196685791, 5.463244915008545, 8.455933570861816]
    """
    return uniform(shape, minval, maxval, dtype, seed, "random_uniform")


def uniform(
    shape: Sequence[int],
    minval: float,
    maxval: float,
    dtype: str,
    seed: float | str | None,
    op_name: str,
) -> Tensor:
    """The body of random_uniform and random_uniform_int (errors name `op_name`)."""
    low = check_number(minval, "minval", op_name)
    high = check_number(maxval, "maxval", op_name)
    check_seed(seed, op_name)
    return random_tensor(
        shape,
        dtype,
        op_name,
        ("float32", "int32", "bool"),
        lambda size: uniform_values(size, low, high, seed),
    )
