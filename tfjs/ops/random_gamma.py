from __future__ import annotations

from collections.abc import Sequence

from tfjs.backend_util.random_streams import check_seed, gamma_values
from tfjs.ops.operation import op
from tfjs.ops.random_util import check_number, random_tensor
from tfjs.tensor import Tensor


@op
def random_gamma(
    shape: Sequence[int],
    alpha: float,
    beta: float = 1,
    dtype: str = "float32",
    seed: float | str | None = None,
) -> Tensor:
    """Creates a tensor with values sampled from a gamma distribution of shape `alpha`
    and rate `beta` (TF.js's Marsaglia-Tsang sampler; int32 rounds).

    >>> tf.random_gamma([3], 1, seed=11).array_sync()
    [1.1738677024841309, 0.22175556421279907, 1.4133718013763428]
    """
    alpha = check_number(alpha, "alpha", "random_gamma")
    beta = 1.0 if beta is None else check_number(beta, "beta", "random_gamma")
    dtype = "float32" if dtype is None else dtype
    check_seed(seed, "random_gamma")
    return random_tensor(
        shape,
        dtype,
        "random_gamma",
        ("float32", "int32"),
        lambda size: gamma_values(size, alpha, beta, dtype, seed),
    )
