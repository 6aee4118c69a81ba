"""torch's comparisons (Equal, Greater, ...): a large float32 or int32 one is computed as
1 and 0 in its inputs' dtype and layout, then cast to bool (binary.comparison). The
truths must be the `cpu` backend's, NaN, ±0 and ±Infinity included, in any layout and
with broadcasting, on either side of the size where the numeric path starts."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.backends.torch.test_kernel_fast_paths import SPECIAL
from tests.helpers import assert_same_as_cpu

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")

COMPARISONS = ["equal", "not_equal", "greater", "greater_equal", "less", "less_equal"]
RNG = np.random.default_rng(7)


def _values(shape: tuple[int, ...], dtype: str) -> np.ndarray:
    """Special values and small integers (so equal pairs are common), shuffled."""
    if dtype == "int32":
        return RNG.integers(-3, 4, size=shape).astype(np.int32)
    pool = np.array([*SPECIAL, 1.0, 2.0, -1.0], np.float32)
    return RNG.choice(pool, size=shape).astype(np.float32)


@pytest.mark.parametrize("op", COMPARISONS)
@pytest.mark.parametrize("dtype", ["float32", "int32"])
@pytest.mark.parametrize(
    ("a_shape", "b_shape", "transposed"),
    [
        ((1, 32, 24, 24), (1, 32, 24, 24), False),  # 18 432 values: the numeric path
        ((1, 32, 24, 24), (1, 32, 24, 24), True),  # both read through a transpose
        ((32, 24, 24), (1, 1, 24), False),  # broadcast
        ((1, 1, 24), (32, 24, 24), False),  # broadcast, the larger second
        ((8, 24), (8, 24), False),  # 192 values: torch's comparison into bools
    ],
)
def test_a_comparison_gives_cpus_truths(op, dtype, a_shape, b_shape, transposed):
    a, b = _values(a_shape, dtype), _values(b_shape, dtype)

    def compare():
        x, y = tf.tensor(a, dtype=dtype), tf.tensor(b, dtype=dtype)
        if transposed:
            x, y = tf.transpose(x, [0, 2, 3, 1]), tf.transpose(y, [0, 2, 3, 1])
        return getattr(tf, op)(x, y)

    assert_same_as_cpu(compare)
