from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tfjs.ops.axis_util import reduction_axes
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.cast import cast
from tfjs.ops.mean import mean
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.ops.reshape import reshape
from tfjs.ops.square import square
from tfjs.ops.sub import sub
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


class Moments(NamedTuple):
    """moments' result: the mean and the variance along the reduced axes."""

    mean: Tensor
    variance: Tensor


@op
def moments(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Moments:
    """Calculates the mean and variance of `x` along `axis` (all axes when None); both float32.

    >>> mean, variance = tf.moments(tf.tensor1d([1, 2, 3, 4]))
    >>> mean.array_sync(), variance.array_sync()
    (2.5, 1.25)
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "moments"), "moments")
    axes = reduction_axes(axis, x_tensor.shape, "moments")
    keep_dims = check_flag(keep_dims, "moments", "keep_dims")
    x_mean = mean(x_tensor, axes, keep_dims)
    kept_shape = [1 if i in axes else d for i, d in enumerate(x_tensor.shape)]
    deviations = square(sub(cast(x_tensor, "float32"), reshape(x_mean, kept_shape)))
    return Moments(x_mean, mean(deviations, axes, keep_dims))
