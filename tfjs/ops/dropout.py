from __future__ import annotations

from collections.abc import Sequence

from tfjs.backend_util.random_streams import check_seed
from tfjs.ops.add import add
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape
from tfjs.ops.div import div
from tfjs.ops.floor import floor
from tfjs.ops.mul import mul
from tfjs.ops.operation import op
from tfjs.ops.random_uniform import random_uniform
from tfjs.ops.random_util import check_number
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_number_to_string
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, check_shape, convert_to_tensor


@op
def dropout(
    x: TensorLike,
    rate: float,
    noise_shape: Sequence[int | None] | None = None,
    seed: float | str | None = None,
) -> Tensor:
    """Computes dropout: each element of `x` is zeroed with probability `rate` and the
    others are scaled by 1 / (1 - rate).

    `noise_shape` is the shape of the keep/drop flags (broadcast against `x`; a None entry
    takes x's size there); `seed` draws TF.js's flags for that seed.

    >>> tf.dropout(tf.tensor1d([1, 2, 2, 1]), 0.5, seed=2).array_sync()
    [0.0, 4.0, 4.0, 2.0]
    """
    x_tensor = convert_to_tensor(x, "x", "dropout")
    if x_tensor.dtype != "float32":
        raise TypeError(
            "dropout: x has to be a floating point tensor since it's going to be scaled, "
            f"but got a {x_tensor.dtype} tensor instead."
        )
    rate = check_number(rate, "rate", "dropout")
    if not 0 <= rate < 1:
        raise ValueError(
            f"dropout: rate must be a float in the range [0, 1), but got {js_number_to_string(rate)}."
        )
    check_seed(seed, "dropout")
    if rate == 0:
        return x_tensor.clone() if isinstance(x, Tensor) else x_tensor
    keep_prob = 1 - rate
    flags_shape = check_shape(_noise_shape(x_tensor.shape, noise_shape), "dropout: noise_shape")
    assert_and_get_broadcast_shape(x_tensor.shape, flags_shape, "dropout (x and noise_shape)")
    check_tensor_size(flags_shape, "float32", "dropout")
    noise = random_uniform(flags_shape, 0, 1, "float32", seed)
    return mul(x_tensor, div(floor(add(noise, keep_prob)), keep_prob))


def _noise_shape(shape: tuple[int, ...], noise_shape: Sequence[int | None] | None) -> list:
    """TF.js's getNoiseShape: x's shape when None; None entries of a same-rank noise shape
    take x's size there."""
    if noise_shape is None:
        return list(shape)
    if not isinstance(noise_shape, (list, tuple)):
        raise TypeError(f"dropout: noise_shape must be a list of integers (or None), got {noise_shape!r}")
    noise = list(noise_shape)
    if len(noise) == len(shape):
        return [size if dim is None else dim for dim, size in zip(noise, shape, strict=True)]
    return noise
